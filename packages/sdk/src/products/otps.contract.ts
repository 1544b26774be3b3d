// Types of the OTP endpoints. Wire names, snake_case, exactly.
import type {
  AccountResetField,
  AuthenticateResponse,
  ProtectedFields,
  ResponseCommon,
  SessionDurationOptions,
  UserDevice,
} from '../contract/common';

/** Options of `otps.email.loginOrCreate()` and `otps.email.send()`; spread into the request body. */
export interface OtpsEmailOptions {
  /** How long the passcode stays valid (the provider's default is 5). */
  expiration_minutes?: number;
  locale?: string;
  login_template_id?: string;
  signup_template_id?: string;
}

/** Options of `otps.sms.loginOrCreate()` and `otps.sms.send()`; spread into the request body. */
export interface OtpsSmsOptions {
  expiration_minutes?: number;
  locale?: string;
  /** Formats the message so that the phone can offer to fill in the code. */
  enable_autofill?: boolean;
  autofill_session_duration_minutes?: number;
}

/** Options of `otps.whatsapp.loginOrCreate()` and `otps.whatsapp.send()`; spread into the request body. */
export interface OtpsWhatsAppOptions {
  expiration_minutes?: number;
  locale?: string;
}

/** `POST /otps/email/login_or_create` and `/otps/email/send/{primary|secondary}` (`send` carries no DFP id). */
export interface OtpsEmailRequest extends OtpsEmailOptions, ProtectedFields {
  email: string;
}

/** `POST /otps/sms/login_or_create` and `/otps/sms/send/{primary|secondary}`. */
export interface OtpsSmsRequest extends OtpsSmsOptions, ProtectedFields {
  /** E.164, e.g. `+14155550123`. */
  phone_number: string;
}

/** `POST /otps/whatsapp/login_or_create` and `/otps/whatsapp/send/{primary|secondary}`. */
export interface OtpsWhatsAppRequest extends OtpsWhatsAppOptions, ProtectedFields {
  /** E.164, e.g. `+14155550123`. */
  phone_number: string;
}

/** `data` of every OTP login_or_create and send call: the method id to pass to `otps.authenticate()`. */
export interface OtpsSendResponse extends ResponseCommon {
  method_id: string;
}

/** `data` of the OTP login_or_create calls. */
export type OtpsLoginOrCreateResponse = OtpsSendResponse;

/** Options of `otps.authenticate()`. */
export type OtpsAuthenticateOptions = SessionDurationOptions;

/** `POST /otps/authenticate`. */
export interface OtpsAuthenticateRequest extends ProtectedFields {
  /** The passcode the user typed (6 digits). */
  token: string;
  method_id: string;
  session_duration_minutes: number;
}

/** `data` of `POST /otps/authenticate` (`__user` stripped). */
export interface OtpsAuthenticateResponse extends AuthenticateResponse, AccountResetField {
  method_id: string;
  user_device?: UserDevice;
}

/** Where a one-time passcode is sent (`otpOptions.methods`). */
export type OtpMethod = 'email' | 'sms' | 'whatsapp';

// Its keys join the product vocabulary (src/contract/products.ts) by declaration merging.
declare module '@latchkey/sdk/contract' {
  interface ContractProductRegister {
    email_otp: true;
    sms_otp: true;
    whatsapp_otp: true;
  }
  interface WidgetProductRegister {
    otp: true;
  }
}

// Its part of the core contract (src/contract/common.ts), by declaration merging.
declare module '@latchkey/sdk/contract' {
  interface AuthenticationFactorTypeRegister {
    otp: true;
    email_otp: true;
  }
}
