import { EML_AND_EMAIL_OTP_ERROR } from '../../configErrors';
import { defineProduct } from '../defineProduct';

/** One-time passcodes by email, text message or WhatsApp: the phone form or the email form, then the code. */
export const otpProduct = defineProduct({
  key: 'otp',
  optionsKey: 'otpOptions',
  resolveOptions: (options) => ({
    ...options,
    methods: options?.methods ?? [],
    expirationMinutes: options?.expirationMinutes ?? 5,
  }),
  block: 'forms',
  tabs: (config) => config.otpOptions.methods,
  emailForm: { precedence: 1, when: (config) => config.otpOptions.methods.includes('email') },
  screens: ['OTPAuthenticate', 'OTPConfirmation'],
  configError: (config) =>
    config.products.includes('emailMagicLinks') && config.otpOptions.methods.includes('email')
      ? EML_AND_EMAIL_OTP_ERROR
      : null,
});
