import { defineProduct } from '../defineProduct';

/** Email magic links: the email form by default, then EmailConfirmation. */
export const emailMagicLinksProduct = defineProduct({
  key: 'emailMagicLinks',
  optionsKey: 'emailMagicLinksOptions',
  optionNames: [
    'loginRedirectURL',
    'loginExpirationMinutes',
    'signupRedirectURL',
    'signupExpirationMinutes',
    'createUserAsPending',
    'domainHint',
  ],
  resolveOptions: (options) => ({
    ...options,
    loginExpirationMinutes: options?.loginExpirationMinutes ?? 30,
    signupExpirationMinutes: options?.signupExpirationMinutes ?? 30,
    createUserAsPending: options?.createUserAsPending ?? false,
  }),
  block: 'forms',
  tabs: () => ['email'],
  emailForm: { precedence: 2 },
  sdkNamespaces: ['magicLinks'],
});
