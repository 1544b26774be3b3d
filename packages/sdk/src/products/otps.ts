import type { ClientContext } from '../internal/context';
import type { Validator } from '../validation';
import type {
  OtpsAuthenticateOptions,
  OtpsAuthenticateResponse,
  OtpsEmailOptions,
  OtpsLoginOrCreateResponse,
  OtpsSendResponse,
  OtpsSmsOptions,
  OtpsWhatsAppOptions,
} from './otps.contract';

type Channel = 'email' | 'sms' | 'whatsapp';

function checkCommonOptions(check: Validator, options: OtpsEmailOptions | OtpsSmsOptions): Validator {
  return check
    .isOptionalObject('options', options)
    .isOptionalNumber('expiration_minutes', options?.expiration_minutes)
    .isOptionalString('locale', options?.locale);
}

function checkEmail(check: Validator, email: unknown, options: OtpsEmailOptions): void {
  checkCommonOptions(check.isString('email', email), options)
    .isOptionalString('login_template_id', options?.login_template_id)
    .isOptionalString('signup_template_id', options?.signup_template_id);
}

function checkPhone(check: Validator, phoneNumber: unknown, options: OtpsSmsOptions): void {
  checkCommonOptions(check.isString('phone_number', phoneNumber), options)
    .isOptionalBoolean('enable_autofill', options?.enable_autofill)
    .isOptionalNumber('autofill_session_duration_minutes', options?.autofill_session_duration_minutes);
}

/** The one-time passcode namespace: `client.otps`. */
function createOtps(ctx: ClientContext) {
  const { validate } = ctx.shared;
  const sendPath = (channel: Channel) => `/otps/${channel}/send/${ctx.primaryOrSecondary()}`;

  // login_or_create carries captcha and DFP and is retried once on 'Captcha required'; send carries captcha only.
  const loginOrCreate = (channel: Channel, body: Record<string, unknown>) =>
    ctx.call<OtpsLoginOrCreateResponse>({
      method: 'POST',
      path: `/otps/${channel}/login_or_create`,
      body,
      protection: 'captcha_and_dfp',
    });
  const send = (channel: Channel, body: Record<string, unknown>) =>
    ctx.call<OtpsSendResponse>({ method: 'POST', path: sendPath(channel), body, protection: 'captcha' });

  return {
    email: {
      /** Emails a passcode, creating the user when the address is new. */
      async loginOrCreate(email: string, options: OtpsEmailOptions = {}): Promise<OtpsLoginOrCreateResponse> {
        checkEmail(validate('otps.email.loginOrCreate'), email, options);
        return loginOrCreate('email', { ...options, email });
      },
      /** Emails a passcode to an existing user (or, when signed in, to add the address as a factor). */
      async send(email: string, options: OtpsEmailOptions = {}): Promise<OtpsSendResponse> {
        checkEmail(validate('otps.email.send'), email, options);
        return send('email', { ...options, email });
      },
    },
    sms: {
      /** Texts a passcode to an E.164 number, creating the user when the number is new. */
      async loginOrCreate(phone_number: string, options: OtpsSmsOptions = {}): Promise<OtpsLoginOrCreateResponse> {
        checkPhone(validate('otps.sms.loginOrCreate'), phone_number, options);
        return loginOrCreate('sms', { ...options, phone_number });
      },
      /** Texts a passcode to an existing user (or, when signed in, to add the number as a factor). */
      async send(phone_number: string, options: OtpsSmsOptions = {}): Promise<OtpsSendResponse> {
        checkPhone(validate('otps.sms.send'), phone_number, options);
        return send('sms', { ...options, phone_number });
      },
    },
    whatsapp: {
      /** Sends a passcode over WhatsApp, creating the user when the number is new. */
      async loginOrCreate(phone_number: string, options: OtpsWhatsAppOptions = {}): Promise<OtpsLoginOrCreateResponse> {
        checkPhone(validate('otps.whatsapp.loginOrCreate'), phone_number, options);
        return loginOrCreate('whatsapp', { ...options, phone_number });
      },
      /** Sends a passcode over WhatsApp to an existing user (or, when signed in, to add the number as a factor). */
      async send(phone_number: string, options: OtpsWhatsAppOptions = {}): Promise<OtpsSendResponse> {
        checkPhone(validate('otps.whatsapp.send'), phone_number, options);
        return send('whatsapp', { ...options, phone_number });
      },
    },
    /** Checks the passcode sent for `method_id` and signs the user in. */
    async authenticate(
      code: string,
      method_id: string,
      options: OtpsAuthenticateOptions,
    ): Promise<OtpsAuthenticateResponse> {
      validate('otps.authenticate')
        .isString('code', code)
        .isString('method_id', method_id)
        .isNumber('session_duration_minutes', options?.session_duration_minutes);
      return ctx.call<OtpsAuthenticateResponse>({
        method: 'POST',
        path: '/otps/authenticate',
        body: { token: code, method_id, session_duration_minutes: options.session_duration_minutes },
        protection: 'captcha_and_dfp',
        updatesSession: true,
        user: 'optional',
      });
    },
  };
}

/** The namespace's factory, under the one name every namespace module gives it (the client's loader calls `create`). */
export { createOtps as create };
