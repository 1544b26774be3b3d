// The email-passcode request shared by the passcode flow and the password flow (passwordless users).
import type { OtpsEmailOptions, OtpsLoginOrCreateResponse } from '@latchkey/sdk';
import { type FlowContext, mergeSettings } from '../../flowContext';
import type { SignInConfig } from '../../signInStore';

/** The default passcode lifetime. */
export const DEFAULT_OTP_EXPIRATION_MINUTES = 5;

/** The passcode options a flow hook accepts (the keys of `SignInConfig.otpOptions`, without the tabs). */
export type OtpFlowSettings = Omit<NonNullable<SignInConfig['otpOptions']>, 'methods'>;
/** The passcode options: the hook's, else the store's `otpOptions`. */
export function resolveOtpSettings(ctx: FlowContext, own: OtpFlowSettings | undefined) {
  return mergeSettings(own, ctx.config()?.otpOptions);
}

/** The email passcode payload (`expiration_minutes`, templates and locale when configured). */
export function emailOtpPayload(settings: Partial<OtpFlowSettings>): OtpsEmailOptions {
  const payload: OtpsEmailOptions = {
    expiration_minutes: settings.expirationMinutes ?? DEFAULT_OTP_EXPIRATION_MINUTES,
  };
  if (settings.loginTemplateId !== undefined) payload.login_template_id = settings.loginTemplateId;
  if (settings.signupTemplateId !== undefined) payload.signup_template_id = settings.signupTemplateId;
  if (settings.locale !== undefined) payload.locale = settings.locale;
  return payload;
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
