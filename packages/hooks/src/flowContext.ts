// Shared plumbing of the flow hooks (internal, not exported from the package): the client and the optional
// sign-in store, options resolved against the store's configuration, host callbacks and telemetry. Each
// product's own request helpers are in its folder (products/<key>/send*.ts).
import type { LatchkeyClient } from '@latchkey/sdk';
import { useEffect, useLayoutEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { LatchkeyFlowError } from './errors';
import type { EmailSentTypeRegister, LatchkeyEvent, SignInCallbacks } from './events';
import { useLatchkeyClient } from './latchkeyContext';
import type { ResolvedSignInConfig, SignInState, SignInStore } from './signInStore';
import { useOptionalSignInStore } from './storeContext';
import type { TransitionTable, WidgetEvent } from './transition';
import { isAuthenticatedPartially } from './transitionParts';

/** The `type` of the `email_sent` telemetry event: a key of `EmailSentTypeRegister` (events.ts). */
export type EmailSentType = keyof EmailSentTypeRegister;

/** The default session duration (the passcode and magic-link lifetimes are in their product folders). */
export const DEFAULT_SESSION_DURATION_MINUTES = 30;

export interface FlowContext {
  client: LatchkeyClient;
  /** The enclosing `<SignIn>`'s store, or null when the hook runs standalone. */
  store: SignInStore | null;
  /** The store's resolved configuration, or null standalone. */
  config(): ResolvedSignInConfig | null;
  /**
   * Reports a step of the sign-in flow to the enclosing `<SignIn>`'s store (transition.ts), with the hook's slice
   * rows (`useFlowContext`'s `rows`), which join that store's table then; nothing standalone.
   */
  dispatch(event: WidgetEvent): void;
  /**
   * Reports a first factor's success (`event`), or `authenticatedPartially` when its SDK answer left the sign-in
   * waiting for a second factor (an intermediate session): the store's table says what follows.
   */
  authenticated(answer: unknown, event: WidgetEvent): void;
  /** Calls the hook's `onEvent`, then the store's. */
  emit(event: LatchkeyEvent): void;
  /** Calls the hook's `onError`, then the store's. */
  fail(error: LatchkeyFlowError): void;
  /** Logs `email_sent`. */
  logEmailSent(email: string, type: EmailSentType): void;
}

// A host callback that throws must not break the flow (the user would be stuck on a spinner).
function safely<T>(callback: ((value: T) => void) | undefined, value: T): void {
  if (!callback) return;
  try {
    callback(value);
  } catch (error) {
    console.error(error);
  }
}

/**
 * The client, the optional store and the callbacks of a flow hook; stable across renders. `rows`: the rows of the
 * slice events the hook dispatches (`products/<key>/transitions.ts`, imported by the hook's module, so they load
 * with its chunk and stay out of pages without it); they go with its events to the store (`dispatch(event, rows)`).
 * A module-level constant: the store composes each table once.
 */
export function useFlowContext(callbacks: SignInCallbacks | undefined, rows?: TransitionTable): FlowContext {
  const client = useLatchkeyClient();
  const store = useOptionalSignInStore();
  // The latest callbacks, so inline arrow functions neither re-create the verbs nor go stale.
  const callbacksRef = useLatest(callbacks);
  return useMemo<FlowContext>(
    () => ({
      client,
      store,
      config: () => store?.getState().config ?? null,
      dispatch: (event) => store?.getState().dispatch(event, rows),
      // A partial authentication has no row of the first factor's: the store downloads its second factors' rows.
      authenticated: (answer, event) =>
        store?.getState().dispatch(isAuthenticatedPartially(answer) ? { type: 'authenticatedPartially' } : event, rows),
      emit(event) {
        safely(callbacksRef.current?.onEvent, event);
        safely(store?.getState().callbacks.onEvent, event);
      },
      fail(error) {
        safely(callbacksRef.current?.onError, error);
        safely(store?.getState().callbacks.onError, error);
      },
      logEmailSent(email, type) {
        client.events.log('email_sent', { email, type });
      },
    }),
    [client, store, callbacksRef, rows],
  );
}

// On the server no effect runs, and React 18 warns for every useLayoutEffect rendered there: the ref already holds
// the first value, so the server needs neither.
// Chosen at each call, not at module load: a module can be evaluated before a test's jsdom document exists.
function useClientLayoutEffect(effect: () => void): void {
  const useEffectHere = typeof document === 'undefined' ? useEffect : useLayoutEffect;
  useEffectHere(effect);
}

/** A ref that always holds the latest `value`, so verbs can stay stable while reading fresh options. */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useClientLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}

const noSubscription = () => () => {};

/**
 * A slice of the optional store (`fallback` outside one). The selector must return a primitive or an
 * object the store keeps by identity, as useSyncExternalStore compares snapshots with Object.is.
 */
export function useStoreSlice<T>(store: SignInStore | null, selector: (state: SignInState) => T, fallback: T): T {
  const read = () => (store ? selector(store.getState()) : fallback);
  return useSyncExternalStore(store ? store.subscribe : noSubscription, read, read);
}

/** Whether the widget still shows the screen a step started on (`watchScreen`). */
export interface ScreenWatch {
  /** False once the widget has shown another screen since the step started, even if it came back since. */
  isCurrent(): boolean;
  /** Stops watching (call it once the step's answer is handled). */
  stop(): void;
}

const ALWAYS_CURRENT: ScreenWatch = { isCurrent: () => true, stop: () => {} };

/**
 * Watches the screen a step starts on, so that its answer moves nothing once the user has left it: after the back
 * arrow a late answer must not pull them to a screen of the request they abandoned, nor put that request's data
 * under another step's screen (the same screen shown again for a newer request counts as left). Always current
 * standalone (no `<SignIn>` store).
 */
export function watchScreen(store: SignInStore | null): ScreenWatch {
  if (!store) return ALWAYS_CURRENT;
  const screen = store.getState().screen;
  let hasLeft = false;
  const stop = store.subscribe((state) => {
    if (state.screen !== screen) {
      hasLeft = true;
      stop();
    }
  });
  return { isCurrent: () => !hasLeft && store.getState().screen === screen, stop };
}

/** The session duration: the hook's option, else the store's `sessionOptions`, else 30. */
export function resolveSessionDuration(ctx: FlowContext, option: number | undefined): number {
  return option ?? ctx.config()?.sessionOptions.sessionDurationMinutes ?? DEFAULT_SESSION_DURATION_MINUTES;
}

/** Fills each missing key of `own` from the store's configuration (`fromStore`). */
export function mergeSettings<T extends object>(own: T | undefined, fromStore: Partial<T> | undefined): Partial<T> {
  const merged: Partial<T> = { ...fromStore };
  for (const [key, value] of Object.entries(own ?? {})) {
    if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
  }
  return merged;
}
