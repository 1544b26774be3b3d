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
  ],
  resolveOptions: (options) => ({ ...options }),
  block: 'forms',
  tabs: () => ['email'],
  emailForm: { precedence: 0 },
  sdkNamespaces: ['passwords', 'users'],
});
