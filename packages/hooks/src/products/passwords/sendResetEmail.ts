// The password-reset email request of the password flow.
import type { PasswordsResetByEmailStartOptions } from '@latchkey/sdk';
import { type FlowContext, mergeSettings } from '../../flowContext';
import type { SignInConfig } from '../../signInStore';

/** The password options a flow hook accepts (the keys of `SignInConfig.passwordOptions`). */
export type PasswordFlowSettings = NonNullable<SignInConfig['passwordOptions']>;

/** The password options: the hook's, else the store's `passwordOptions`. */
export function resolvePasswordSettings(ctx: FlowContext, own: PasswordFlowSettings | undefined) {
  return mergeSettings(own, ctx.config()?.passwordOptions);
}

/** The reset-start payload, the email plus `passwordOptions`. */
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

/** Emails a password-reset link and logs `email_sent`. Rejects with the SDK's error. */
export async function sendResetEmail(
  ctx: FlowContext,
  email: string,
  settings: Partial<PasswordFlowSettings>,
): Promise<void> {
  await ctx.client.passwords.resetByEmailStart(resetStartPayload(email, settings));
  ctx.logEmailSent(email, 'reset_password');
}
