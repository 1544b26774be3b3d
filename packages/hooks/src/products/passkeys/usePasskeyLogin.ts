import type { WebAuthnAuthenticateResponse } from '@latchkey/sdk';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { LatchkeyFlowError } from '../../errors';
import type { SignInCallbacks } from '../../events';
import { type FlowContext, resolveSessionDuration, useFlowContext, useLatest } from '../../flowContext';
import { useSingleFlightVerbs } from '../../useSingleFlight';
import { whenAutofillInputInPage } from './autofillInput';
import { isAbort, isSignInRefusal, toPasskeyLoginError } from './passkeyErrors';
import { PASSKEY_TRANSITIONS } from './transitions';

/** Options of `usePasskeyLogin`. Inside a `<SignIn>`, the store's `onEvent`/`onError` are called as well. */
export interface UsePasskeyLoginOptions extends SignInCallbacks {
  /** The session's lifetime; default the store's `sessionOptions`, else 30. */
  sessionDurationMinutes?: number;
  /**
   * Offer passkeys in the browser's autofill of an email field rendered with `autoFillInputProps`
   * (`autocomplete="username webauthn"`). Inside a `<SignIn>` it applies only when `passkeys` is configured.
   * The ceremony is armed once that field is in the page (at most 3 s after the browser's support is known, then
   * anyway), so the field may render after the hook. Default false.
   */
  autofill?: boolean;
}

/** What `usePasskeyLogin` returns. */
export interface UsePasskeyLoginReturn {
  /** `authenticating`: the button's ceremony is running. `success`: signed in. */
  status: 'idle' | 'authenticating' | 'success' | 'error';
  /** The last failure (button or autofill), with the spec's text; inside a `<SignIn>` also the warning banner's. */
  error: LatchkeyFlowError | null;
  /** Whether the browser offers passkeys in autofill: null until known (or when autofill is off). */
  autofillSupported: boolean | null;
  /** A conditional-mediation ceremony is waiting for the user to pick a passkey in the email field's autofill. */
  isAutofillArmed: boolean;
  /** How many more times autofill is re-armed after a failure (5, down to 0). */
  autofillRetriesLeft: number;
  /**
   * Autofill stopped for good on this field: the browser's conditional request itself failed (it is never re-armed
   * in a loop), or the retries ran out. 'Login with a Passkey' then shows.
   */
  hasAutofillGivenUp: boolean;
  /**
   * Why autofill gave up when the browser's conditional request itself failed: what it was rejected with (a
   * `DOMException` such as `NotAllowedError` with the browser's reason, a network error), never shown to the user.
   * Null otherwise: autofill still serving, off, or given up after the provider refused the picked passkeys
   * (that error is `error`).
   */
  autofillFailure: unknown;
  /**
   * Show 'Login with a Passkey' whenever autofill cannot serve: autofill off (no email field), not supported by the
   * browser, or given up. Hidden while autofill is on and not given up, including the moment the browser's answer to
   * the support check is pending (the spec shows the button only when autofill cannot serve: no flash of it).
   */
  showLoginButton: boolean;
  /** Spread on the email input autofill offers passkeys in. */
  autoFillInputProps: { autoComplete: 'username webauthn' };
  /** 'Login with a Passkey': a modal ceremony (the autofill one is cancelled first). Resolves true once signed in. */
  login(): Promise<boolean>;
}

/** Passkey autofill is re-armed after a failure this many times. */
export const PASSKEY_AUTOFILL_RETRIES = 5;

const AUTOFILL_INPUT_PROPS = { autoComplete: 'username webauthn' } as const;

/**
 * Passkey sign-in: the 'Login with a Passkey' button, and conditional mediation on the email
 * field, re-armed after the provider refuses a picked passkey up to 5 times (a failed conditional request is never
 * shown and stops autofill at once; the button then shows) and aborted when the component unmounts. A success emits
 * `PASSKEY_AUTHENTICATE` and, inside a `<SignIn>`, goes to PasskeyConfirmation; a failure sets the Main screen's
 * warning banner (`errorDescriptor`).
 */
export function usePasskeyLogin(options: UsePasskeyLoginOptions = {}): UsePasskeyLoginReturn {
  const ctx = useFlowContext({ onEvent: options.onEvent, onError: options.onError }, PASSKEY_TRANSITIONS);
  const optionsRef = useLatest(options);
  const [status, setStatus] = useState<UsePasskeyLoginReturn['status']>('idle');
  const [error, setError] = useState<LatchkeyFlowError | null>(null);
  const [autofillSupported, setAutofillSupported] = useState<boolean | null>(null);
  const [isAutofillArmed, setAutofillArmed] = useState(false);
  const [retriesLeft, setRetriesLeft] = useState(PASSKEY_AUTOFILL_RETRIES);
  const [hasAutofillGivenUp, setAutofillGivenUp] = useState(false);
  const [autofillFailure, setAutofillFailure] = useState<unknown>(null);
  // The running autofill ceremony's controller: the button and unmount abort it.
  const autofillRef = useRef<AbortController | null>(null);
  const mountedRef = useRef(true);

  const config = ctx.config();
  const autofill = options.autofill === true && (config === null || config.products.includes('passkeys'));

  const finish = useMemo(
    () => ({
      succeeded(response: WebAuthnAuthenticateResponse) {
        ctx.emit({ type: 'PASSKEY_AUTHENTICATE', data: response });
        ctx.authenticated(response, { type: 'passkeyAuthenticated' });
        if (mountedRef.current) {
          setError(null);
          setStatus('success');
        }
      },
      failed(caught: unknown) {
        const flowError = toPasskeyLoginError(caught);
        ctx.dispatch({ type: 'passkeyFailed', descriptor: { messageId: flowError.type, message: flowError.message } });
        ctx.fail(flowError);
        if (mountedRef.current) {
          setError(flowError);
          setStatus('error');
        }
      },
    }),
    [ctx],
  );

  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
    };
  }, []);

  // Autofill: ask the browser once, then keep one conditional ceremony armed while retries remain.
  useEffect(() => {
    if (!autofill) return;
    let active = true;
    let retries = PASSKEY_AUTOFILL_RETRIES;
    const arm = async (): Promise<void> => {
      const controller = new AbortController();
      autofillRef.current = controller;
      setAutofillArmed(true);
      try {
        const response = await authenticate(ctx, optionsRef.current.sessionDurationMinutes, controller.signal, true);
        if (!active) return;
        setAutofillArmed(false);
        finish.succeeded(response);
      } catch (caught) {
        if (autofillRef.current === controller) autofillRef.current = null;
        if (!active || isAbort(caught, controller.signal)) return;
        setAutofillArmed(false);
        // The conditional request itself failed (the browser refused it, no field to offer passkeys in, the
        // network): nobody clicked anything, so it is not shown, and re-arming would only fail again. Autofill
        // gives up at once and 'Login with a Passkey' shows instead.
        if (!isSignInRefusal(caught)) {
          retries = 0;
          setRetriesLeft(0);
          setAutofillFailure(caught);
          setAutofillGivenUp(true);
          return;
        }
        // The provider refused the passkey the user picked in autofill: shown like the button's failure.
        finish.failed(caught);
        // Each failure decrements the counter; at 0 autofill stops.
        if (retries > 0) {
          retries -= 1;
          setRetriesLeft(retries);
          return arm();
        }
        setAutofillGivenUp(true);
      }
    };
    setAutofillGivenUp(false);
    setAutofillFailure(null);
    // Stops the wait for the input (autofillInput.ts), when the effect ends during it.
    let stopWaiting: AbortController | null = null;
    void (async () => {
      const supported = await ctx.client.webauthn.browserSupportsAutofill();
      if (!active) return;
      setAutofillSupported(supported);
      setRetriesLeft(retries);
      if (!supported) return;
      // Armed only once the input is in the page: made before, the browser's request fails.
      stopWaiting = new AbortController();
      const found = await whenAutofillInputInPage(stopWaiting.signal);
      stopWaiting = null;
      if (found && active) await arm();
    })();
    return () => {
      active = false;
      stopWaiting?.abort();
      setAutofillArmed(false);
      autofillRef.current?.abort();
      autofillRef.current = null;
    };
  }, [autofill, ctx, finish, optionsRef]);

  const login = useCallback(async () => {
    // One ceremony at a time: the button's replaces the one waiting in autofill (re-armed by no one).
    autofillRef.current?.abort();
    autofillRef.current = null;
    setAutofillArmed(false);
    setStatus('authenticating');
    setError(null);
    try {
      finish.succeeded(await authenticate(ctx, optionsRef.current.sessionDurationMinutes, undefined, false));
      return true;
    } catch (caught) {
      finish.failed(caught);
      return false;
    }
  }, [ctx, finish, optionsRef]);

  // A second click while the ceremony runs (a double click) starts no second one: one action, one request.
  const verbs = useSingleFlightVerbs({ login });
  return {
    status,
    error,
    autofillSupported: autofill ? autofillSupported : null,
    isAutofillArmed,
    autofillRetriesLeft: retriesLeft,
    hasAutofillGivenUp: autofill && hasAutofillGivenUp,
    autofillFailure: autofill ? autofillFailure : null,
    showLoginButton: !(autofill && autofillSupported !== false && !hasAutofillGivenUp),
    autoFillInputProps: AUTOFILL_INPUT_PROPS,
    ...verbs,
  };
}

/** Passkey authenticate with is_passkey, the session duration, conditional mediation and the signal. */
function authenticate(
  ctx: FlowContext,
  sessionDurationMinutes: number | undefined,
  signal: AbortSignal | undefined,
  conditional: boolean,
): Promise<WebAuthnAuthenticateResponse> {
  return ctx.client.webauthn.authenticate({
    is_passkey: true,
    session_duration_minutes: resolveSessionDuration(ctx, sessionDurationMinutes),
    conditional_mediation: conditional,
    ...(signal ? { signal } : {}),
  });
}
