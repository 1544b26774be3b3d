// The sample's flow hook: signs in with an account's email and its security answer through
// `client.securityQuestions.authenticate`. Written against the hooks' public API only (a third party has no other),
// so it works inside a `<SignIn>` (the store's configuration, callbacks and transitions) and standalone.
import {
  isAuthenticatedPartially,
  type LatchkeyFlowError,
  type SignInCallbacks,
  toFlowError,
  useLatchkeyClient,
  useOptionalSignInStore,
  validationError,
} from '@latchkey/hooks';
import { type AuthenticateResponse, EMAIL_PATTERN } from '@latchkey/sdk';
import { useCallback, useRef, useState } from 'react';
import { securityQuestionsOf } from '../sdk/index';
import { SECURITY_QUESTION_TRANSITIONS } from './transitions';

/** The message of an answer left empty. */
export const SECURITY_ANSWER_REQUIRED_MESSAGE = 'Answer is required.';
/** The message of a malformed email. */
export const SECURITY_QUESTION_EMAIL_INVALID_MESSAGE = 'Email format is invalid.';

/** Options of `useSecurityQuestionFlow` (inside a `<SignIn>`, missing ones come from its configuration). */
export interface UseSecurityQuestionFlowOptions extends SignInCallbacks {
  /** The session's lifetime; default `securityQuestionOptions`, then `sessionOptions`, then 30. */
  sessionDurationMinutes?: number;
}

/** What `useSecurityQuestionFlow` returns. */
export interface UseSecurityQuestionFlowReturn {
  status: 'idle' | 'submitting' | 'success' | 'error';
  error: LatchkeyFlowError | null;
  /** Main's block: → SecurityQuestion (inside a `<SignIn>`). */
  start(email?: string): void;
  /** Checks the fields, then signs in. Resolves true once signed in. */
  authenticate(email: string, answer: string): Promise<boolean>;
}

/**
 * The security-question flow: validates, calls `securityQuestions.authenticate`, and inside a `<SignIn>` moves to
 * LoginSuccess (or to the second factor a partial authentication waits for).
 */
export function useSecurityQuestionFlow(options: UseSecurityQuestionFlowOptions = {}): UseSecurityQuestionFlowReturn {
  const client = useLatchkeyClient();
  const store = useOptionalSignInStore();
  const [status, setStatus] = useState<UseSecurityQuestionFlowReturn['status']>('idle');
  const [error, setError] = useState<LatchkeyFlowError | null>(null);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const fail = useCallback(
    (flowError: LatchkeyFlowError) => {
      setError(flowError);
      setStatus('error');
      optionsRef.current.onError?.(flowError);
      store?.getState().callbacks.onError?.(flowError);
    },
    [store],
  );

  const start = useCallback(
    (email?: string) =>
      store?.getState().dispatch({ type: 'securityQuestionStarted', email }, SECURITY_QUESTION_TRANSITIONS),
    [store],
  );

  const authenticate = useCallback(
    async (rawEmail: string, answer: string): Promise<boolean> => {
      const email = rawEmail.trim();
      if (!EMAIL_PATTERN.test(email)) {
        fail(validationError('invalid_email', SECURITY_QUESTION_EMAIL_INVALID_MESSAGE));
        return false;
      }
      if (answer.trim() === '') {
        fail(validationError('required', SECURITY_ANSWER_REQUIRED_MESSAGE));
        return false;
      }
      setError(null);
      setStatus('submitting');
      const config = store?.getState().config;
      const duration =
        optionsRef.current.sessionDurationMinutes ??
        config?.securityQuestionOptions.sessionDurationMinutes ??
        config?.sessionOptions.sessionDurationMinutes ??
        30;
      try {
        const answerData: AuthenticateResponse = await securityQuestionsOf(client).authenticate({
          email,
          answer,
          session_duration_minutes: duration,
        });
        setStatus('success');
        const event = { type: 'AUTHENTICATE_FLOW_COMPLETE' as const, data: answerData };
        optionsRef.current.onEvent?.(event);
        store?.getState().callbacks.onEvent?.(event);
        store
          ?.getState()
          .dispatch(
            isAuthenticatedPartially(answerData)
              ? { type: 'authenticatedPartially' }
              : { type: 'securityQuestionAuthenticated' },
            SECURITY_QUESTION_TRANSITIONS,
          );
        return true;
      } catch (caught) {
        fail(toFlowError(caught));
        return false;
      }
    },
    [client, store, fail],
  );

  return { status, error, start, authenticate };
}
