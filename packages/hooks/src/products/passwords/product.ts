import { defineProduct } from '../defineProduct';

/** Email and password: the email form (user search), then the password screens. */
export const passwordsProduct = defineProduct({
  key: 'passwords',
  optionsKey: 'passwordOptions',
  optionNames: [
    'loginRedirectURL',
    'loginExpirationMinutes',
    'resetPasswordRedirectURL',
    'resetPasswordExpirationMinutes',
    'resetPasswordTemplateId',
    'verifyEmailAfterSignUp',
  ],
  resolveOptions: (options) => ({ ...options }),
  block: 'forms',
  tabs: () => ['email'],
  emailForm: { precedence: 0 },
  // `otps`: the passcode that proves the address right after a sign-up.
  sdkNamespaces: ['passwords', 'users', 'otps'],
  // The passwordless branch and the sign-up's email check send a passcode: the passcode rows come too.
  loadTransitions: () =>
    Promise.all([import('../otp/transitions'), import('./transitions')]).then(([otp, passwords]) => ({
      ...otp.OTP_TRANSITIONS,
      ...passwords.PASSWORD_TRANSITIONS,
    })),
});
