import { EML_AND_EMAIL_OTP_ERROR } from '../../configErrors';
import { defineProduct } from '../defineProduct';

const OTP_METHODS: readonly string[] = ['email', 'sms', 'whatsapp'];

/** One-time passcodes by email, text message or WhatsApp: the phone form or the email form, then the code. */
export const otpProduct = defineProduct({
  key: 'otp',
  optionsKey: 'otpOptions',
  optionNames: ['methods', 'expirationMinutes', 'loginTemplateId', 'signupTemplateId', 'locale'],
  resolveOptions: (options) => ({
    ...options,
    methods: options?.methods ?? [],
    expirationMinutes: options?.expirationMinutes ?? 5,
  }),
  block: 'forms',
  tabs: (config) => config.otpOptions.methods,
  emailForm: { precedence: 1, when: (config) => config.otpOptions.methods.includes('email') },
  sdkNamespaces: ['otps'],
  loadTransitions: () => import('./transitions').then((rows) => rows.OTP_TRANSITIONS),
  configError: (config) => {
    const unknown = config.otpOptions.methods.find((method) => !OTP_METHODS.includes(method));
    if (unknown !== undefined) return `Error: Unknown passcode method '${unknown}' in otpOptions.methods.`;
    return config.products.includes('emailMagicLinks') && config.otpOptions.methods.includes('email')
      ? EML_AND_EMAIL_OTP_ERROR
      : null;
  },
});
