import { createContext, useContext } from 'react';
import type { Toaster } from '../../toast';

/**
 * Makes the context a screen's (or form's) parts read their state from: its `Provider`, and `useScreenContext`,
 * which throws `<name> parts must be used within <<name>.Provider>` outside it.
 */
export function createScreenContext<State>(name: string) {
  const Context = createContext<State | null>(null);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per screen, at module level, never during a render.
  function useScreenContext(): State {
    const value = useContext(Context);
    if (!value) throw new Error(`${name} parts must be used within <${name}.Provider>`);
    return value;
  }
  return { Provider: Context.Provider, useScreenContext };
}

/** The toaster of the enclosing `ToastProvider` (toast.tsx, which exports `useToast`). */
export const ToastContext = createContext<Toaster | null>(null);

/** The toaster of the enclosing `<ToastProvider>`; throws outside one. */
export function useToast(): Toaster {
  const toaster = useContext(ToastContext);
  if (!toaster) throw new Error('useToast must be used within <ToastProvider>');
  return toaster;
}
