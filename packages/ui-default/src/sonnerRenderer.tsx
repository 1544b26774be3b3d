// Loaded with sonner (toaster.tsx, `loadSonner`): what renders a widget's sonner `<Toaster/>`. Kept out of the
// first chunk, like sonner itself.
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { Toaster, toast } from 'sonner';
import type { SonnerToaster, SonnerToastsProps } from './toaster';

/** What the toaster sends toasts through (a plain object: a module namespace would cost the page a helper chunk). */
export const sonner: Pick<typeof import('sonner'), 'Toaster' | 'toast'> = { Toaster, toast };

/**
 * sonner's `<Toaster/>` for `toaster`, in the widget's theme, in place or portalled into `container`. `visibleToasts`
 * comes from the caller (the kit's MAX_TOASTS): importing it here would share a module of the first chunk with this
 * one, which the bundler then splits into a file of its own on every page.
 */
export function SonnerRenderer({
  toaster,
  container,
  theme = 'light',
  visibleToasts,
}: SonnerToastsProps & { visibleToasts: number }) {
  const prefersDark = usePrefersDark(theme === 'auto');
  const toasts = (
    <>
      <Toaster
        id={toaster.toasterId}
        visibleToasts={visibleToasts}
        theme={theme === 'auto' ? (prefersDark ? 'dark' : 'light') : theme}
      />
      <AttachWhenListening toaster={toaster} />
    </>
  );
  return container ? createPortal(toasts, container) : toasts;
}

const PREFERS_DARK = '(prefers-color-scheme: dark)';

// 'auto' is resolved here rather than with sonner's 'system', which calls `matchMedia` unguarded (absent in jsdom).
function usePrefersDark(isFollowed: boolean): boolean {
  const hasMatchMedia = isFollowed && typeof window !== 'undefined' && typeof window.matchMedia === 'function';
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!hasMatchMedia) return () => {};
      const query = window.matchMedia(PREFERS_DARK);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    [hasMatchMedia],
  );
  return useSyncExternalStore(
    subscribe,
    () => hasMatchMedia && window.matchMedia(PREFERS_DARK).matches,
    () => false,
  );
}

// Rendered after sonner's <Toaster/>, so this effect runs after the one in which it subscribes to toasts: a toast
// sent earlier would be lost.
function AttachWhenListening({ toaster }: { toaster: SonnerToaster }) {
  useEffect(() => {
    toaster.attach();
    return () => toaster.detach();
  }, [toaster]);
  return null;
}
