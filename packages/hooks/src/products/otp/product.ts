import type { OtpMethod as ContractOtpMethod } from '@latchkey/sdk';
import type { Required2 } from '../../signInStore';
import { defineProduct } from '../defineProduct';
import { EML_AND_EMAIL_OTP_ERROR } from './configError';

/** Where a one-time passcode is sent. */
export type OtpMethod = ContractOtpMethod;

const OTP_METHODS: readonly string[] = ['email', 'sms', 'whatsapp'];

/** One-time passcodes by email, text message or WhatsApp: the phone form or the email form, then the code. */
export const otpProduct = defineProduct({
  key: 'otp',
  optionsKey: 'otpOptions',
  optionNames: ['methods', 'expirationMinutes', 'loginTemplateId', 'signupTemplateId', 'locale', 'countries'],
  resolveOptions: (options) => ({
    ...options,
    methods: options?.methods ?? [],
    expirationMinutes: options?.expirationMinutes ?? 5,
  }),
  block: 'forms',
  tabs: (config) => config.otpOptions.methods,
  emailForm: { precedence: 1, when: (config) => config.otpOptions.methods.includes('email') },
  sdkNamespaces: ['otps'],
  configError: (config) => {
    const unknown = config.otpOptions.methods.find((method) => !OTP_METHODS.includes(method));
    if (unknown !== undefined) return `Error: Unknown passcode method '${unknown}' in otpOptions.methods.`;
    return config.products.includes('emailMagicLinks') && config.otpOptions.methods.includes('email')
      ? EML_AND_EMAIL_OTP_ERROR
      : null;
  },
});

// Its screens join the widget's `Screen` by declaration merging (no core file lists them).
declare module '@latchkey/hooks' {
  interface ScreenRegister {
    OTPAuthenticate: true;
    OTPConfirmation: true;
  }
}

// Its options join the widget's configuration by declaration merging (no core file lists them).
declare module '@latchkey/hooks' {
  interface SignInConfig {
    otpOptions?: {
      /** The passcode methods, in tab order. */
      methods: OtpMethod[];
      /** Default 5. */
      expirationMinutes?: number;
      loginTemplateId?: string;
      signupTemplateId?: string;
      locale?: string;
      /**
       * The phone form's countries (ISO 3166-1 alpha-2 region codes in capitals, e.g. `['US', 'CA']`): the selector
       * lists only these, and preselects US if listed, else the first. Default: every country, US preselected. Pair
       * it with the provider's `phone.allowedCountries`. Entries the phone form does not know are left out with a console
       * warning (checked in the phone form's own chunk, so the check weighs nothing on a page's first load).
       */
      countries?: string[];
    };
  }
  interface ResolvedSignInConfig {
    otpOptions: Required2<NonNullable<SignInConfig['otpOptions']>, 'expirationMinutes'>;
  }
}

// Its part of the widget's form state, by declaration merging.
declare module '@latchkey/hooks' {
  interface FormState {
    /**
     * Where the current passcode went. `purpose: 'verifyEmail'`: it proves the signed-in user's own address (after a
     * password sign-up); the passcode screen says so, and a resend goes to that address again with the session.
     */
    otpState: { type: OtpMethod; methodId: string; otpDestination: string; purpose?: 'verifyEmail' };
  }
}

// Its event joins `LatchkeyEventType` by declaration merging.
declare module '@latchkey/hooks' {
  interface LatchkeyEventTypeRegister {
    OTP_LOGIN_OR_CREATE: true;
  }
}

// Its method tabs and the type of its `email_sent` telemetry event join the core's by declaration merging.
declare module '@latchkey/hooks' {
  interface MethodTabRegister {
    sms: true;
    whatsapp: true;
  }
  interface EmailSentTypeRegister {
    login_or_create_otp: true;
  }
}
