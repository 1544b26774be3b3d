import { EMAIL_PATTERN } from '@latchkey/sdk';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type LatchkeyFlowError, toFlowError, validationError } from '../../errors';
import type { SignInCallbacks } from '../../events';
import { mergeSettings, useFlowContext, useStoreSlice, watchScreen } from '../../flowContext';
import { isShowing } from '../../transitionParts';
import { useSingleFlightVerbs } from '../../useSingleFlight';
import { EMAIL_FORMAT_INVALID_MESSAGE } from '../../validationMessages';
import type { MagicLinkFlowSettings } from './sendMagicLink';

/**
 * The request itself, a chunk of its own: the hook fetches it right after its first render, so a page's first load
 * carries only the form (a submit before it arrives waits for it).
 */
const loadSender = () => import('./sendMagicLink');

/**
 * Options of `useMagicLinkFlow`. Inside a `<SignIn>`, a missing option is taken from the store's
 * `emailMagicLinksOptions`; the store's `onEvent`/`onError` are called as well as these.
 */
export interface UseMagicLinkFlowOptions extends MagicLinkFlowSettings, SignInCallbacks {}

/** What `useMagicLinkFlow` returns. */
export interface UseMagicLinkFlowReturn {
  /** `sent` also when the enclosing `<SignIn>` shows EmailConfirmation. */
  status: 'idle' | 'sending' | 'sent' | 'error';
  /** The address the link was (or is being) sent to; inside a `<SignIn>`, the stored one. */
  email: string;
  error: LatchkeyFlowError | null;
  /** Checks the email rule, then emails a login-or-sign-up link. Resolves true once it is sent. */
  send(email: string): Promise<boolean>;
  /** Back to `idle` (the store is left alone). */
  reset(): void;
}

interface LocalState {
  status: UseMagicLinkFlowReturn['status'];
  email: string;
  error: LatchkeyFlowError | null;
}

const IDLE: LocalState = { status: 'idle', email: '', error: null };

/**
 * The email magic-link flow: validates the address, calls `magicLinks.email.loginOrCreate`, emits
 * `MAGIC_LINK_LOGIN_OR_CREATE`, logs `email_sent` and, inside a `<SignIn>`, moves to EmailConfirmation.
 */
export function useMagicLinkFlow(options: UseMagicLinkFlowOptions = {}): UseMagicLinkFlowReturn {
  const { onEvent, onError, ...settings } = options;
  const ctx = useFlowContext({ onEvent, onError });
  const [state, setState] = useState<LocalState>(IDLE);
  // Late answers: one that comes after a newer call (or `reset`) leaves this hook's state alone, and one that comes
  // after the user left the screen the call started on (another method, Back) moves nothing in the store.
  const latestCall = useRef(0);
  const storedEmail = useStoreSlice(ctx.store, (s) => s.formState.magicLinkState.email, '');
  const isConfirming = useStoreSlice(ctx.store, (s) => isShowing(s, 'magicLinkSent'), false);
  useEffect(() => {
    loadSender().catch(() => {});
  }, []);

  const loginRedirectURL = settings.loginRedirectURL;
  const signupRedirectURL = settings.signupRedirectURL;
  const loginExpirationMinutes = settings.loginExpirationMinutes;
  const signupExpirationMinutes = settings.signupExpirationMinutes;
  const createUserAsPending = settings.createUserAsPending;

  const send = useCallback(
    async (rawEmail: string): Promise<boolean> => {
      const email = rawEmail.trim();
      if (!EMAIL_PATTERN.test(email)) {
        const error = validationError('invalid_email', EMAIL_FORMAT_INVALID_MESSAGE);
        setState({ status: 'error', email, error });
        ctx.fail(error);
        return false;
      }
      const id = ++latestCall.current;
      const isLatest = () => latestCall.current === id;
      const watch = watchScreen(ctx.store);
      setState({ status: 'sending', email, error: null });
      try {
        const { sendMagicLinkEmail } = await loadSender();
        // The hook's options, else the store's `emailMagicLinksOptions`.
        const resolved = mergeSettings<MagicLinkFlowSettings>(
          {
            loginRedirectURL,
            signupRedirectURL,
            loginExpirationMinutes,
            signupExpirationMinutes,
            createUserAsPending,
          },
          ctx.config()?.emailMagicLinksOptions,
        );
        await sendMagicLinkEmail(ctx, email, resolved);
        if (watch.isCurrent()) ctx.dispatch({ type: 'magicLinkSent', email });
        if (isLatest()) setState({ status: 'sent', email, error: null });
        return true;
      } catch (caught) {
        const error = toFlowError(caught);
        if (isLatest()) setState({ status: 'error', email, error });
        ctx.fail(error);
        return false;
      } finally {
        watch.stop();
      }
    },
    [ctx, loginRedirectURL, signupRedirectURL, loginExpirationMinutes, signupExpirationMinutes, createUserAsPending],
  );

  const reset = useCallback(() => {
    latestCall.current += 1;
    setState(IDLE);
  }, []);

  const status = state.status === 'idle' && isConfirming && storedEmail !== '' ? 'sent' : state.status;
  // A second call while the first is in flight (a double click on Continue) sends nothing more.
  const verbs = useSingleFlightVerbs({ send });
  return { status, email: state.email || storedEmail, error: state.error, ...verbs, reset };
}
