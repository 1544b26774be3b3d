import { translations } from '@zxcvbn-ts/language-en';
import { describe, expect, it } from 'vitest';
import { messages } from '../../messages/index';
import { passwordFeedbackMessage, passwordMessages } from './messages';

describe('passwordMessages', () => {
  it('maps every warning and suggestion of @zxcvbn-ts/language-en to its password.zxcvbn.<key> id', () => {
    for (const group of ['warnings', 'suggestions'] as const) {
      for (const [key, text] of Object.entries(translations[group])) {
        expect(passwordFeedbackMessage(text), `${group}.${key}: ${text}`).toEqual({
          id: `password.zxcvbn.${group}.${key}`,
        });
        expect(`password.zxcvbn.${group}.${key}` in messages.en).toBe(true);
      }
    }
  });

  it("recognises classic zxcvbn's wording too, with or without the final period", () => {
    expect(passwordFeedbackMessage('This is a top-10 common password')).toEqual({
      id: 'password.zxcvbn.warnings.topTen',
    });
    expect(passwordFeedbackMessage('Use a few words, avoid common phrases')).toEqual({
      id: 'password.zxcvbn.suggestions.useWords',
    });
    expect(passwordMessages['password.zxcvbn.warnings.topTen']).toBe('This is a top-10 common password.');
    expect(passwordMessages['password.zxcvbn.suggestions.useWords']).toBe('Use a few words, avoid common phrases.');
  });

  it("reads the provider's length feedback with its number", () => {
    expect(passwordFeedbackMessage('Password must be at least 8 characters long.')).toEqual({
      id: 'password.feedback.tooShort',
      values: { count: 8 },
    });
    expect(passwordFeedbackMessage('Use at least 12 characters.')).toEqual({
      id: 'password.feedback.useAtLeast',
      values: { count: 12 },
    });
  });

  it('returns null for text it does not know', () => {
    expect(passwordFeedbackMessage('Something new from a future zxcvbn.')).toBeNull();
  });

  it('uses the specification wording verbatim', () => {
    expect(passwordMessages).toMatchObject({
      'password.new.title': 'Choose how you would like to create your account.',
      'password.setPassword.title': 'Finish creating your account by setting a password.',
      'password.login.title': 'Log In',
      'password.forgotPasswordLink': 'Forgot Password?',
      'password.continue': 'Continue',
      'password.createPasswordInstead': 'Create a password instead',
      'password.forgot.title': 'Forgot password?',
      'password.resendEmail': 'Resend email',
      'password.emailResent': 'Email resent',
      'password.loginWithoutPassword': 'Login without a password',
      'password.breached.title': 'Check your email to set a new password',
      'password.setNew.title': 'Check your email!',
      'password.dedupe.title': 'Check your email to set a new password!',
      'password.reset.title': 'Reset your password',
      'password.loggingIn': 'Logging in...',
      'password.luds.minimumCount': 'Must be at least {count} character(s) long',
      'password.luds.complexity':
        'Must contain {count} of the following: uppercase letter, lowercase letter, number, symbol',
      'password.breachedNotice':
        'This password may have been used on a different site that experienced a security issue. Please choose another password.',
    });
  });
});
