// The built-in toaster: `ToastProvider` and its polite live region (the toast types, durations and
// `ToasterProvider` are in toast.tsx, which imports nothing from React, so a widget that always brings its own toaster
// carries none of this module's hooks).
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createPart } from './primitives/createPart';
import { ToastContext } from './screens/shared/screenContext';
import { MAX_TOASTS, TOAST_DURATIONS, type Toaster, ToasterProvider, type ToastOptions, type ToastType } from './toast';

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
