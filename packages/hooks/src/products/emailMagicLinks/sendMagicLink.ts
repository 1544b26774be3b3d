// The magic-link request shared by the magic-link flow and the password flow (passwordless users). A chunk of its
// own that imports nothing at run time: the magic-link flow fetches it after its first render, and a value import
// of a shared module here would split that module out of the chunk every screen shares (one request more on a first
// load). The callers resolve the options (`mergeSettings` with the store's `emailMagicLinksOptions`).
import type { MagicLinksEmailResponse, MagicLinksLoginOrCreateOptions } from '@latchkey/sdk';
import type { FlowContext } from '../../flowContext';
import type { SignInConfig } from '../../signInStore';

/** The default magic-link lifetimes. */
export const DEFAULT_MAGIC_LINK_EXPIRATION_MINUTES = 30;

/** The magic-link options a flow hook accepts (the keys of `SignInConfig.emailMagicLinksOptions`). */
export type MagicLinkFlowSettings = Omit<NonNullable<SignInConfig['emailMagicLinksOptions']>, 'domainHint'>;
/** The magic-link payload from `emailMagicLinksOptions`. */
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

// The senders leave the store event to the caller: the password flow dispatches several events in one
// synchronous block after the request, so the screen changes once.

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
