// The sign-in store's React context, apart from signInStore.tsx: screens and flow hooks read the store through it
// without importing what creates a store (the product registry, the transition table), which stays in the widget's
// first chunk.
import { createContext, createElement, type ReactNode, useContext } from 'react';
import { useStore } from 'zustand';
import type { SignInState, SignInStore } from './signInStore';

const SignInStoreContext = createContext<SignInStore | null>(null);

/** Props of `SignInStoreProvider`. */
export interface SignInStoreProviderProps {
  store: SignInStore;
  children?: ReactNode;
}

/** Provides one sign-in store to the screens and flow hooks below it. */
export function SignInStoreProvider({ store, children }: SignInStoreProviderProps) {
  return createElement(SignInStoreContext.Provider, { value: store }, children);
}

/** The store of the enclosing `<SignIn>`, or null outside one (flow hooks also work standalone). */
export function useOptionalSignInStore(): SignInStore | null {
  return useContext(SignInStoreContext);
}

/** Reads a slice of the enclosing `<SignIn>`'s state; re-renders only when that slice changes. */
export function useSignInStore<T>(selector: (state: SignInState) => T): T {
  const store = useContext(SignInStoreContext);
  if (!store) throw new Error('useSignInStore must be used within <SignIn>');
  return useStore(store, selector);
}
