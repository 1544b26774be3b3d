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

// The built-in live-region toaster (`ToastProvider`) is in toastProvider.tsx: this module imports nothing from React,
// so a page whose widget always brings its own toaster (`SignInWithToaster`) carries none of its hooks' imports.
