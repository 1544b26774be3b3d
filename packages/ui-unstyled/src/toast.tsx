import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createPart } from './primitives/createPart';
// The context lives with the screens' other contexts, so the screens that toast (in their own chunks) share that
// chunk rather than add one to the first load.
import { ToastContext, useToast } from './screens/shared/screenContext';

/** The kinds of toast (toasts show for success and error). */
export type ToastType = 'default' | 'success' | 'error' | 'loading';

/** One toast to show. Showing again with the same `id` replaces it (e.g. a loading toast turning into success). */
export interface ToastOptions {
  type: ToastType;
  message: string;
  id?: string;
}

/** What the screens call to show toasts; the themed kit passes its own (sonner-backed) implementation. */
export interface Toaster {
  /** Shows a toast and returns its id. */
  show(toast: ToastOptions): string;
  /** Hides the toast with this id. */
  dismiss(id: string): void;
  /**
   * Optional: loads what showing a toast takes (a toast library's code) ahead of the first toast. A screen that toasts
   * calls it when it opens (PasswordForgot), so its toast shows without waiting for a download.
   */
  preload?(): void;
}

/** How long each kind of toast stays, in milliseconds; `Infinity`: until dismissed. */
export const TOAST_DURATIONS: Readonly<Record<ToastType, number>> = Object.freeze({
  default: 4000,
  success: 2000,
  error: 4000,
  loading: Number.POSITIVE_INFINITY,
});

/** At most this many toasts are shown at once; the oldest go first. */
export const MAX_TOASTS = 20;

/**
 * Provides `toaster` to the screens below, with no built-in region: what `ToastProvider` does when given a toaster.
 * A widget that always brings its own toaster (`SignInWithToaster`) uses it, so the built-in one is not bundled.
 */
export const ToasterProvider = ToastContext.Provider;

export { useToast };

/** Props of `ToastProvider`. */
export interface ToastProviderProps {
  /** A toaster of your own (the themed kit passes a sonner-backed one); default: the built-in live region. */
  toaster?: Toaster;
  children?: ReactNode;
}

/**
 * Provides a toaster to the screens below. Without a `toaster` prop it renders the built-in one: the latest
 * messages in a polite live region after the children.
 */
export function ToastProvider({ toaster, children }: ToastProviderProps) {
  if (toaster) return <ToasterProvider value={toaster}>{children}</ToasterProvider>;
  return <DefaultToastProvider>{children}</DefaultToastProvider>;
}

interface ShownToast {
  id: string;
  type: ToastType;
  message: string;
}

// `@__PURE__`: a widget whose toaster is always given (`SignInWithToaster`) drops these with the built-in toaster.
const ToastRegion = /* @__PURE__ */ createPart('toast', 'region', 'div');
const ToastItem = /* @__PURE__ */ createPart('toast', 'item', 'div');

let nextToastId = 0;

function DefaultToastProvider({ children }: { children?: ReactNode }) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: string) => {
    const timer = timers.current.get(id);
    if (timer !== undefined) clearTimeout(timer);
    timers.current.delete(id);
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback(
    ({ type, message, id }: ToastOptions) => {
      nextToastId += 1;
      const toastId = id ?? `toast-${nextToastId}`;
      const previous = timers.current.get(toastId);
      if (previous !== undefined) clearTimeout(previous);
      timers.current.delete(toastId);
      const duration = TOAST_DURATIONS[type];
      if (Number.isFinite(duration))
        timers.current.set(
          toastId,
          setTimeout(() => dismiss(toastId), duration),
        );
      setToasts((current) => {
        const next = [...current.filter((toast) => toast.id !== toastId), { id: toastId, type, message }];
        for (const dropped of next.slice(0, Math.max(0, next.length - MAX_TOASTS))) {
          const timer = timers.current.get(dropped.id);
          if (timer !== undefined) clearTimeout(timer);
          timers.current.delete(dropped.id);
        }
        return next.slice(-MAX_TOASTS);
      });
      return toastId;
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const toaster = useMemo<Toaster>(() => ({ show, dismiss }), [show, dismiss]);
  return (
    <ToastContext.Provider value={toaster}>
      {children}
      {/* The region exists before any message so screen readers announce what is added to it. */}
      <ToastRegion role="status" aria-live="polite">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} data-type={toast.type}>
            {toast.message}
          </ToastItem>
        ))}
      </ToastRegion>
    </ToastContext.Provider>
  );
}
