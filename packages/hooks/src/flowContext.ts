// Shared plumbing of the flow hooks (internal, not exported from the package): the client and the optional
// sign-in store, options resolved against the store's configuration, host callbacks, telemetry, and the
// "send an email" steps that several flows share (the password flow reuses the magic-link and passcode ones).
import type {
  LatchkeyClient,
  MagicLinksEmailResponse,
  MagicLinksLoginOrCreateOptions,
  OtpsEmailOptions,
  OtpsLoginOrCreateResponse,
  PasswordsResetByEmailStartOptions,
} from '@latchkey/sdk';
import { useLayoutEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { LatchkeyFlowError } from './errors';
import type { LatchkeyEvent, SignInCallbacks } from './events';
import { useLatchkeyClient } from './LatchkeyProvider';
import {
  type ResolvedSignInConfig,
  type SignInConfig,
  type SignInState,
  type SignInStore,
  useOptionalSignInStore,
} from './signInStore';

/** The magic-link options a flow hook accepts (the keys of `SignInConfig.emailMagicLinksOptions`). */
export type MagicLinkFlowSettings = Omit<NonNullable<SignInConfig['emailMagicLinksOptions']>, 'domainHint'>;
/** The passcode options a flow hook accepts (the keys of `SignInConfig.otpOptions`, without the tabs). */
export type OtpFlowSettings = Omit<NonNullable<SignInConfig['otpOptions']>, 'methods'>;
/** The password options a flow hook accepts (the keys of `SignInConfig.passwordOptions`). */
export type PasswordFlowSettings = NonNullable<SignInConfig['passwordOptions']>;

/** The `type` of the `email_sent` telemetry event (spec §7). */
export type EmailSentType = 'login_or_create_eml' | 'login_or_create_otp' | 'reset_password';

/** Spec §9: session duration, passcode and magic-link lifetimes. */
export const DEFAULT_SESSION_DURATION_MINUTES = 30;
export const DEFAULT_OTP_EXPIRATION_MINUTES = 5;
export const DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES = 30;

export interface FlowContext {
  client: LatchkeyClient;
  /** The enclosing `<SignIn>`'s store, or null when the hook runs standalone. */
  store: SignInStore | null;
  /** The store's resolved configuration, or null standalone. */
  config(): ResolvedSignInConfig | null;
  /** Calls the hook's `onEvent`, then the store's. */
  emit(event: LatchkeyEvent): void;
  /** Calls the hook's `onError`, then the store's. */
  fail(error: LatchkeyFlowError): void;
  /** Logs `email_sent` (spec §7). */
  logEmailSent(email: string, type: EmailSentType): void;
}

// A host callback that throws must not break the flow (the user would be stuck on a spinner).
function safely(callback: () => void): void {
  try {
    callback();
  } catch (error) {
    console.error(error);
  }
}

/** The client, the optional store and the callbacks of a flow hook; stable across renders. */
export function useFlowContext(callbacks: SignInCallbacks | undefined): FlowContext {
  const client = useLatchkeyClient();
  const store = useOptionalSignInStore();
  // The latest callbacks, so inline arrow functions neither re-create the verbs nor go stale.
  const callbacksRef = useLatest(callbacks);
  return useMemo<FlowContext>(
    () => ({
      client,
      store,
      config: () => store?.getState().config ?? null,
      emit(event) {
        const own = callbacksRef.current?.onEvent;
        if (own) safely(() => own(event));
        const host = store?.getState().callbacks.onEvent;
        if (host) safely(() => host(event));
      },
      fail(error) {
        const own = callbacksRef.current?.onError;
        if (own) safely(() => own(error));
        const host = store?.getState().callbacks.onError;
        if (host) safely(() => host(error));
      },
      logEmailSent(email, type) {
        client.events.log('email_sent', { email, type });
      },
    }),
    [client, store, callbacksRef],
  );
}

/** A ref that always holds the latest `value`, so verbs can stay stable while reading fresh options. */
export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useLayoutEffect(() => {
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

/** The session duration: the hook's option, else the store's `sessionOptions`, else 30. */
export function resolveSessionDuration(ctx: FlowContext, option: number | undefined): number {
  return option ?? ctx.config()?.sessionOptions.sessionDurationMinutes ?? DEFAULT_SESSION_DURATION_MINUTES;
}

/** Fills each missing key of `own` from the store's configuration (`fromStore`). */
function merge<T extends object>(own: T | undefined, fromStore: Partial<T> | undefined): Partial<T> {
  const merged: Partial<T> = { ...fromStore };
  for (const [key, value] of Object.entries(own ?? {})) {
    if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
  }
  return merged;
}

/** The magic-link options: the hook's, else the store's `emailMagicLinksOptions`. */
export function resolveMagicLinkSettings(ctx: FlowContext, own: MagicLinkFlowSettings | undefined) {
  return merge(own, ctx.config()?.emailMagicLinksOptions);
}

/** The passcode options: the hook's, else the store's `otpOptions`. */
export function resolveOtpSettings(ctx: FlowContext, own: OtpFlowSettings | undefined) {
  return merge(own, ctx.config()?.otpOptions);
}

/** The password options: the hook's, else the store's `passwordOptions`. */
export function resolvePasswordSettings(ctx: FlowContext, own: PasswordFlowSettings | undefined) {
  return merge(own, ctx.config()?.passwordOptions);
}

/** Spec §7: the magic-link payload from `emailMagicLinksOptions`. */
export function magicLinkPayload(settings: Partial<MagicLinkFlowSettings>): MagicLinksLoginOrCreateOptions {
  const payload: MagicLinksLoginOrCreateOptions & { create_user_as_pending?: boolean } = {
    login_expiration_minutes: settings.loginExpirationMinutes ?? DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES,
    signup_expiration_minutes: settings.signupExpirationMinutes ?? DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES,
  };
  if (settings.loginRedirectURL !== undefined) payload.login_magic_link_url = settings.loginRedirectURL;
  if (settings.signupRedirectURL !== undefined) payload.signup_magic_link_url = settings.signupRedirectURL;
  // The SDK copies options into the body as they are; the provider accepts this flag (default false, so
  // it is sent only when set).
  if (settings.createUserAsPending === true) payload.create_user_as_pending = true;
  return payload;
}

/** Spec §7: the email passcode payload (`expiration_minutes`, templates and locale when configured). */
export function emailOtpPayload(settings: Partial<OtpFlowSettings>): OtpsEmailOptions {
  const payload: OtpsEmailOptions = {
    expiration_minutes: settings.expirationMinutes ?? DEFAULT_OTP_EXPIRATION_MINUTES,
  };
  if (settings.loginTemplateId !== undefined) payload.login_template_id = settings.loginTemplateId;
  if (settings.signupTemplateId !== undefined) payload.signup_template_id = settings.signupTemplateId;
  if (settings.locale !== undefined) payload.locale = settings.locale;
  return payload;
}

/** Spec §7: the reset-start payload, the email plus `passwordOptions`. */
export function resetStartPayload(
  email: string,
  settings: Partial<PasswordFlowSettings>,
): PasswordsResetByEmailStartOptions {
  const payload: PasswordsResetByEmailStartOptions = { email };
  if (settings.loginRedirectURL !== undefined) payload.login_redirect_url = settings.loginRedirectURL;
  if (settings.resetPasswordRedirectURL !== undefined) {
    payload.reset_password_redirect_url = settings.resetPasswordRedirectURL;
  }
  if (settings.resetPasswordExpirationMinutes !== undefined) {
    payload.reset_password_expiration_minutes = settings.resetPasswordExpirationMinutes;
  }
  if (settings.resetPasswordTemplateId !== undefined) {
    payload.reset_password_template_id = settings.resetPasswordTemplateId;
  }
  return payload;
}

// The senders below leave the store transition to the caller: the password flow makes several transitions
// in one synchronous block after the request, so the screen changes once.

/**
 * Emails a magic link (login or sign-up), then emits `MAGIC_LINK_LOGIN_OR_CREATE` and logs `email_sent`.
 * Rejects with the SDK's error.
 */
export async function sendMagicLinkEmail(
  ctx: FlowContext,
  email: string,
  settings: Partial<MagicLinkFlowSettings>,
): Promise<MagicLinksEmailResponse> {
  const response = await ctx.client.magicLinks.email.loginOrCreate(email, magicLinkPayload(settings));
  ctx.emit({ type: 'MAGIC_LINK_LOGIN_OR_CREATE', data: response });
  ctx.logEmailSent(email, 'login_or_create_eml');
  return response;
}

/** Emails a passcode, then emits `OTP_LOGIN_OR_CREATE` and logs `email_sent`. Rejects with the SDK's error. */
export async function sendEmailOtp(
  ctx: FlowContext,
  email: string,
  settings: Partial<OtpFlowSettings>,
): Promise<OtpsLoginOrCreateResponse> {
  const response = await ctx.client.otps.email.loginOrCreate(email, emailOtpPayload(settings));
  ctx.emit({ type: 'OTP_LOGIN_OR_CREATE', data: response });
  ctx.logEmailSent(email, 'login_or_create_otp');
  return response;
}

/** Emails a password-reset link and logs `email_sent`. Rejects with the SDK's error. */
export async function sendResetEmail(
  ctx: FlowContext,
  email: string,
  settings: Partial<PasswordFlowSettings>,
): Promise<void> {
  await ctx.client.passwords.resetByEmailStart(resetStartPayload(email, settings));
  ctx.logEmailSent(email, 'reset_password');
}
