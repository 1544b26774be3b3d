import { EMAIL_PATTERN } from '@latchkey/sdk';
import { useCallback, useMemo, useRef, useState } from 'react';
import { type LatchkeyFlowError, toFlowError, validationError } from '../../errors';
import type { SignInCallbacks } from '../../events';
import {
  mergeSettings,
  resolveSessionDuration,
  useFlowContext,
  useLatest,
  useStoreSlice,
  watchScreen,
} from '../../flowContext';
import type { Product, SignInConfig } from '../../signInStore';
import type { TransitionTable } from '../../transition';
import { useSingleFlightVerbs } from '../../useSingleFlight';
import { EMAIL_FORMAT_INVALID_MESSAGE } from '../../validationMessages';
import { type MagicLinkFlowSettings, sendMagicLinkEmail } from '../emailMagicLinks/sendMagicLink';
import { emailOtpPayload, resolveOtpSettings, sendEmailOtp } from '../otp/sendPasscode';
import { OTP_TRANSITIONS } from '../otp/transitions';
import type { PasswordResetReason, PasswordUserType } from './product';
import { type PasswordFlowSettings, resolvePasswordSettings, sendResetEmail } from './sendResetEmail';
import { PASSWORD_TRANSITIONS } from './transitions';

// The rows of the events this hook dispatches: its own, and the passcode slice's (the passwordless branch and the
// sign-up's email check send a passcode).
const PASSWORD_FLOW_TRANSITIONS: TransitionTable = Object.freeze({ ...OTP_TRANSITIONS, ...PASSWORD_TRANSITIONS });

/** The password field is required. */
export const PASSWORD_REQUIRED_MESSAGE = 'Password is required.';

/**
 * Options of `usePasswordFlow`: the `passwordOptions` keys, plus what the passwordless path and the 'new'
 * screen's alternatives need. Inside a `<SignIn>`, a missing option is taken from the store's configuration;
 * the store's `onEvent`/`onError` are called as well as these.
 */
export interface UsePasswordFlowOptions extends PasswordFlowSettings, SignInCallbacks {
  /** The session's lifetime after login, creation or reset; default 30. */
  sessionDurationMinutes?: number;
  /**
   * Decides what a passwordless user is sent: a magic link with `emailMagicLinks`, else an email passcode with
   * `otp` and an `email` method, else a reset email. Default: the `<SignIn>`'s products, else none.
   */
  products?: Product[];
  /** Options of the magic links this flow sends (passwordless users, `sendMagicLink`). */
  emailMagicLinksOptions?: MagicLinkFlowSettings;
  /** Options of the email passcodes this flow sends (passwordless users, `sendOtp`, the sign-up's verification). */
  otpOptions?: Partial<NonNullable<SignInConfig['otpOptions']>>;
  /**
   * Right after `create`, email a passcode to the new address with the sign-up session, to prove it before anything
   * else is added to the account (inside a `<SignIn>`: → OTPAuthenticate, which checks it). Default: the store's
   * `passwordOptions.verifyEmailAfterSignUp`, else true.
   */
  verifyEmailAfterSignUp?: boolean;
}

/**
 * How the flow last reached the user by email: `verificationCode` is the passcode a sign-up sends to prove the new
 * address (the user is signed in already).
 */
export type PasswordFlowDelivery = 'magicLink' | 'otp' | 'resetEmail' | 'verificationCode';

/** What `usePasswordFlow` returns. */
export interface UsePasswordFlowReturn {
  /**
   * `searching`: user search running. `found`: a `new` or `password` user, waiting for a password.
   * `submitting`: login or creation running. `sending`: an email is going out. `sent`: it went out (see `sentBy`,
   * `resetReason`). `success`: signed in. `error`: see `error`.
   */
  status: 'idle' | 'searching' | 'found' | 'submitting' | 'sending' | 'sent' | 'success' | 'error';
  error: LatchkeyFlowError | null;
  /** The searched email; inside a `<SignIn>`, the stored one. */
  email: string;
  /** What the user search answered; inside a `<SignIn>`, the stored one. */
  userType: PasswordUserType | null;
  /** What was emailed last, or null. */
  sentBy: PasswordFlowDelivery | null;
  /** Why the last reset email was sent (which confirmation to show), or null. */
  resetReason: PasswordResetReason | null;
  /**
   * The method id of the email passcode this flow sent, for `useOtpFlow`-less hosts; after `create`, the passcode that
   * verifies the new address (`sentBy: 'verificationCode'`: check it with `useIdentifierVerification().authenticate`).
   */
  methodId: string | null;
  /** Checks the email rule, then looks the user up; a passwordless user is emailed at once. */
  search(email: string): Promise<boolean>;
  /** Logs in; `reset_password` and `breached_password` refusals send a reset email instead. */
  login(password: string): Promise<boolean>;
  /**
   * Creates the user with this password and signs them in; then (unless `verifyEmailAfterSignUp` is false) emails a
   * passcode that proves the address with the new session: status `sent`, `sentBy: 'verificationCode'`. If that
   * send fails the sign-up still succeeded: status `success`.
   */
  create(password: string): Promise<boolean>;
  /** 'Forgot Password?': sends a reset email (→ PasswordForgot). */
  forgotPassword(): Promise<boolean>;
  /** 'Create a password instead': sends a reset email (→ PasswordSetNew). */
  createPasswordInstead(): Promise<boolean>;
  /** The 'new' screen's alternative: emails a magic link (→ EmailConfirmation). */
  sendMagicLink(): Promise<boolean>;
  /** The 'new' screen's alternative: emails a passcode (→ OTPAuthenticate). */
  sendOtp(): Promise<boolean>;
  /** 'Resend email' on a reset confirmation: sends the reset email again; the screen stays. */
  resendResetEmail(): Promise<boolean>;
  /** Back to `idle` (the store is left alone). */
  reset(): void;
}

type Status = UsePasswordFlowReturn['status'];

interface LocalState {
  status: Status;
  error: LatchkeyFlowError | null;
  email: string;
  userType: PasswordUserType | null;
  sentBy: PasswordFlowDelivery | null;
  resetReason: PasswordResetReason | null;
  methodId: string | null;
}

const IDLE: LocalState = {
  status: 'idle',
  error: null,
  email: '',
  userType: null,
  sentBy: null,
  resetReason: null,
  methodId: null,
};

/** Login refusals that are answered with a reset email, and the confirmation each leads to. */
const RESET_ON_LOGIN_ERROR: Partial<Record<string, PasswordResetReason>> = {
  reset_password: 'dedupe',
  breached_password: 'breached',
};

/** One running step of the flow (`run`): whether its answer may still change the hook's state and the screen. */
interface Step {
  /** No newer step of this hook (nor `reset`) started since: its answer may set the hook's state. */
  isLatest(): boolean;
  /** The widget still shows the screen the step started on: its answer may move the screen. */
  isCurrent(): boolean;
}

/**
 * The email-and-password flow: user search, then login, creation, or (passwordless users) an automatic
 * magic link, passcode or reset email; 'Forgot Password?', 'Create a password instead' and the reset emails that
 * login refusals require. Inside a `<SignIn>` it drives the password screens.
 */
export function usePasswordFlow(options: UsePasswordFlowOptions = {}): UsePasswordFlowReturn {
  const ctx = useFlowContext({ onEvent: options.onEvent, onError: options.onError }, PASSWORD_FLOW_TRANSITIONS);
  const optionsRef = useLatest(options);
  const [state, setState] = useState<LocalState>(IDLE);
  const latestStep = useRef(0);
  const storedEmail = useStoreSlice(ctx.store, (s) => s.formState.passwordState.email, '');
  const storedType = useStoreSlice(ctx.store, (s) => s.formState.passwordState.type, null);
  const email = state.email || storedEmail;

  const verbs = useMemo(() => {
    const fail = (error: LatchkeyFlowError) => {
      setState((previous) => ({ ...previous, status: 'error', error }));
      ctx.fail(error);
      return false;
    };
    /**
     * Runs one step: `pending` status, then the step's result, or `error` (reported to onError). A late answer
     * (after the user left the screen the step started on: the back arrow) moves no screen, and one that comes after
     * a newer step leaves the state to it: each step dispatches only while `step.isCurrent()`.
     */
    const run = async (pending: Status, body: (step: Step) => Promise<Partial<LocalState>>): Promise<boolean> => {
      latestStep.current += 1;
      const id = latestStep.current;
      const watch = watchScreen(ctx.store);
      const step: Step = { isLatest: () => latestStep.current === id, isCurrent: watch.isCurrent };
      setState((previous) => ({ ...previous, status: pending, error: null }));
      try {
        const next = await body(step);
        if (step.isLatest()) setState((previous) => ({ ...previous, error: null, ...next }));
        return true;
      } catch (caught) {
        const error = toFlowError(caught);
        if (step.isLatest()) setState((previous) => ({ ...previous, status: 'error', error }));
        ctx.fail(error);
        return false;
      } finally {
        watch.stop();
      }
    };
    const passwordSettings = () => resolvePasswordSettings(ctx, pickPasswordSettings(optionsRef.current));
    const duration = () => resolveSessionDuration(ctx, optionsRef.current.sessionDurationMinutes);
    const validEmail = (candidate: string) => EMAIL_PATTERN.test(candidate);
    const invalidEmail = () => fail(validationError('invalid_email', EMAIL_FORMAT_INVALID_MESSAGE));

    // Each sender makes the request, then returns the store event to dispatch once it succeeded.
    const emailMagicLink = async (to: string): Promise<[Partial<LocalState>, () => void]> => {
      await sendMagicLinkEmail(
        ctx,
        to,
        mergeSettings(optionsRef.current.emailMagicLinksOptions, ctx.config()?.emailMagicLinksOptions),
      );
      return [{ status: 'sent', sentBy: 'magicLink' }, () => ctx.dispatch({ type: 'magicLinkSent', email: to })];
    };
    const emailPasscode = async (to: string): Promise<[Partial<LocalState>, () => void]> => {
      const { methods: _methods, ...settings } = optionsRef.current.otpOptions ?? {};
      const { method_id } = await sendEmailOtp(ctx, to, resolveOtpSettings(ctx, settings));
      return [
        { status: 'sent', sentBy: 'otp', methodId: method_id },
        () => ctx.dispatch({ type: 'otpSent', otp: { type: 'email', methodId: method_id, otpDestination: to } }),
      ];
    };
    const emailReset = async (
      to: string,
      reason: PasswordResetReason | null,
    ): Promise<[Partial<LocalState>, () => void]> => {
      await sendResetEmail(ctx, to, passwordSettings());
      if (reason === null) return [{ status: 'sent', sentBy: 'resetEmail' }, () => {}];
      return [
        { status: 'sent', sentBy: 'resetEmail', resetReason: reason },
        // The address travels with the event: the confirmation says where this email went, whatever is stored.
        () => ctx.dispatch({ type: 'passwordResetSent', reason, email: to }),
      ];
    };
    /** A passwordless user gets a magic link, else an email passcode, else a reset email. */
    const emailPasswordless = (to: string) => {
      const config = ctx.config();
      const products = optionsRef.current.products ?? config?.products ?? [];
      const otpMethods = optionsRef.current.otpOptions?.methods ?? config?.otpOptions.methods ?? [];
      if (products.includes('emailMagicLinks')) return emailMagicLink(to);
      if (products.includes('otp') && otpMethods.includes('email')) return emailPasscode(to);
      return emailReset(to, 'setNew');
    };
    /**
     * After a sign-up: a passcode to the new address, sent with the new session (`otps.email.send` goes to the
     * secondary route then, which reaches the account's own unverified address), so that proving it later resets
     * nothing (the provider's pre-hijacking reset skips a proof made with a session of the same account). Answers
     * its method id, or null when it is turned off or could not be sent (the sign-up itself succeeded).
     */
    const sendVerificationCode = async (to: string): Promise<string | null> => {
      const own = optionsRef.current.verifyEmailAfterSignUp;
      if ((own ?? ctx.config()?.passwordOptions.verifyEmailAfterSignUp) === false) return null;
      const { methods: _methods, ...settings } = optionsRef.current.otpOptions ?? {};
      try {
        const { method_id } = await ctx.client.otps.email.send(to, emailOtpPayload(resolveOtpSettings(ctx, settings)));
        return method_id;
      } catch (caught) {
        // The host hears why; the user, signed up, sees the success screen.
        ctx.fail(toFlowError(caught));
        return null;
      }
    };
    const transitioned = async (step: Step, send: Promise<[Partial<LocalState>, () => void]>) => {
      const [next, transition] = await send;
      if (step.isCurrent()) transition();
      return next;
    };

    return {
      search: async (raw: string) => {
        const candidate = raw.trim();
        if (!validEmail(candidate)) {
          setState((previous) => ({ ...previous, email: candidate }));
          return invalidEmail();
        }
        return run('searching', async (step) => {
          const { userType } = await ctx.client.users.search(candidate);
          const found = { email: candidate, userType, sentBy: null, resetReason: null, methodId: null };
          if (userType !== 'passwordless') {
            if (step.isCurrent()) ctx.dispatch({ type: 'passwordUserFound', email: candidate, userType });
            return { ...found, status: 'found' };
          }
          // The user left Main meanwhile: nothing is emailed for the search they abandoned.
          if (!step.isCurrent()) return { ...found, status: 'idle' };
          if (step.isLatest()) setState((previous) => ({ ...previous, ...found, status: 'sending' }));
          const [next, transition] = await emailPasswordless(candidate);
          if (!step.isCurrent()) return { ...found, ...next };
          // One synchronous block, so the sign-in goes straight from Main to the email's screen.
          ctx.dispatch({ type: 'passwordUserFound', email: candidate, userType: 'passwordless' });
          transition();
          ctx.dispatch({ type: 'passwordlessSet', value: true });
          return { ...found, ...next };
        });
      },
      login: async (to: string, password: string) => {
        if (!validEmail(to)) return invalidEmail();
        if (password === '') return fail(validationError('required', PASSWORD_REQUIRED_MESSAGE));
        return run('submitting', async (step) => {
          let answer: unknown;
          try {
            answer = await ctx.client.passwords.authenticate({
              email: to,
              password,
              session_duration_minutes: duration(),
            });
          } catch (caught) {
            const error = toFlowError(caught);
            const reason = RESET_ON_LOGIN_ERROR[error.type];
            // After the back arrow the refusal is only reported: no reset email for a login the user left.
            if (reason === undefined || !step.isCurrent()) throw caught;
            // The host still hears about the refusal; the user is sent a reset email instead of an error.
            ctx.fail(error);
            if (step.isLatest()) setState((previous) => ({ ...previous, status: 'sending' }));
            return transitioned(step, emailReset(to, reason));
          }
          // Signed in (the session exists) even if the screen was left meanwhile; then nothing moves.
          if (step.isCurrent()) ctx.authenticated(answer, { type: 'passwordAuthenticated' });
          return { status: 'success' };
        });
      },
      create: async (to: string, password: string) => {
        if (!validEmail(to)) return invalidEmail();
        if (password === '') return fail(validationError('required', PASSWORD_REQUIRED_MESSAGE));
        return run('submitting', async (step) => {
          const answer = await ctx.client.passwords.create({
            email: to,
            password,
            session_duration_minutes: duration(),
          });
          // Signed up (the session exists) even if the screen was left meanwhile; then nothing moves.
          if (!step.isCurrent()) return { status: 'success' };
          const verification = await sendVerificationCode(to);
          if (!step.isCurrent()) return { status: 'success' };
          if (verification === null) {
            ctx.authenticated(answer, { type: 'passwordAuthenticated' });
            return { status: 'success' };
          }
          ctx.dispatch({
            type: 'otpSent',
            otp: { type: 'email', methodId: verification, otpDestination: to, purpose: 'verifyEmail' },
          });
          return { status: 'sent', sentBy: 'verificationCode', methodId: verification };
        });
      },
      reset: async (to: string, reason: PasswordResetReason | null) => {
        if (!validEmail(to)) return invalidEmail();
        return run('sending', (step) => transitioned(step, emailReset(to, reason)));
      },
      magicLink: async (to: string) => {
        if (!validEmail(to)) return invalidEmail();
        return run('sending', (step) => transitioned(step, emailMagicLink(to)));
      },
      otp: async (to: string) => {
        if (!validEmail(to)) return invalidEmail();
        return run('sending', (step) => transitioned(step, emailPasscode(to)));
      },
    };
  }, [ctx, optionsRef]);

  const search = useCallback((raw: string) => verbs.search(raw), [verbs]);
  const login = useCallback((password: string) => verbs.login(email, password), [verbs, email]);
  const create = useCallback((password: string) => verbs.create(email, password), [verbs, email]);
  const forgotPassword = useCallback(() => verbs.reset(email, 'forgot'), [verbs, email]);
  const createPasswordInstead = useCallback(() => verbs.reset(email, 'setNew'), [verbs, email]);
  const resendResetEmail = useCallback(() => verbs.reset(email, null), [verbs, email]);
  const sendMagicLink = useCallback(() => verbs.magicLink(email), [verbs, email]);
  const sendOtp = useCallback(() => verbs.otp(email), [verbs, email]);
  const reset = useCallback(() => {
    latestStep.current += 1;
    setState(IDLE);
  }, []);
  // A second call while the first is in flight (a double click on Continue) sends nothing more.
  const guarded = useSingleFlightVerbs({
    search,
    login,
    create,
    forgotPassword,
    createPasswordInstead,
    sendMagicLink,
    sendOtp,
    resendResetEmail,
  });

  return {
    status: state.status,
    error: state.error,
    email,
    userType: state.userType ?? storedType,
    sentBy: state.sentBy,
    resetReason: state.resetReason,
    methodId: state.methodId,
    ...guarded,
    reset,
  };
}

function pickPasswordSettings(options: UsePasswordFlowOptions): PasswordFlowSettings {
  return {
    loginRedirectURL: options.loginRedirectURL,
    loginExpirationMinutes: options.loginExpirationMinutes,
    resetPasswordRedirectURL: options.resetPasswordRedirectURL,
    resetPasswordExpirationMinutes: options.resetPasswordExpirationMinutes,
    resetPasswordTemplateId: options.resetPasswordTemplateId,
  };
}
