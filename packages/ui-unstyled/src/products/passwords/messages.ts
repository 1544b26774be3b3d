/**
 * The texts of the password screens (create or log in, forgot, breached, set new, dedupe, confirmation, reset),
 * the strength meter, the LUDS rows and the zxcvbn feedback. Wording in quotes in the specification is verbatim;
 * `{placeholder}` parts are filled in as plain text.
 */
export const passwordMessages = {
  // Fields shared by the password screens
  'password.emailLabel': 'Email',
  'password.passwordLabel': 'Password',
  'password.newPasswordLabel': 'New password',
  'password.showPassword': 'Show password',
  'password.hidePassword': 'Hide password',
  'password.continue': 'Continue',
  'password.submitting': 'Submitting',
  'password.required': 'Password is required.',

  // PasswordCreateOrLogin: an existing user ('password')
  'password.login.title': 'Log In',
  'password.forgotPasswordLink': 'Forgot Password?',

  // PasswordCreateOrLogin: a new user ('new')
  'password.new.title': 'Choose how you would like to create your account.',
  'password.new.emailLink': 'Email me a login link',
  'password.new.emailCode': 'Email me a login code',
  'password.new.divider': 'or',
  'password.new.setPassword': 'Create a password',
  'password.setPassword.title': 'Finish creating your account by setting a password.',

  // PasswordCreateOrLogin: a user without a password ('passwordless')
  'password.passwordless.title': 'Sending you a login email...',
  'password.createPasswordInstead': 'Create a password instead',

  // PasswordForgot
  'password.forgot.title': 'Forgot password?',
  'password.forgot.description': 'A link to reset your password was sent to you at {email}.',
  'password.resendEmail': 'Resend email',
  'password.resendingEmail': 'Sending email',
  'password.emailResent': 'Email resent',
  'password.loginWithoutPassword': 'Login without a password',

  // PasswordBreached
  'password.breached.title': 'Check your email to set a new password',
  'password.breached.description':
    'To keep your account safe, a link to set a new password was sent to you at {email}.',

  // PasswordSetNew
  'password.setNew.title': 'Check your email!',
  'password.setNew.description': 'A login link was sent to you at {email}.',

  // PasswordDedupe
  'password.dedupe.title': 'Check your email to set a new password!',
  'password.dedupe.description':
    'We want to make sure it is really you logging in. A link to reset your password was sent to you at {email}.',

  // PasswordConfirmation
  'password.confirmation.title': 'Success!',
  'password.confirmation.description': 'You have successfully logged in.',

  // PasswordResetForm
  'password.reset.title': 'Reset your password',
  'password.loggingIn': 'Logging in...',

  // Strength meter
  'password.strength.label': 'Password strength',
  'password.strength.weak': 'Weak',
  'password.strength.fair': 'Fair',
  'password.strength.good': 'Good',
  'password.strength.strong': 'Strong',

  // LUDS policy rows (spec: 'Must be at least # character(s) long')
  'password.luds.minimumCount': 'Must be at least {count} character(s) long',
  'password.luds.complexity':
    'Must contain {count} of the following: uppercase letter, lowercase letter, number, symbol',
  'password.luds.met': 'Requirement met',
  'password.luds.unmet': 'Requirement not met',

  // Breached password notice
  'password.breachedNotice':
    'This password may have been used on a different site that experienced a security issue. Please choose another password.',

  // The provider's own length feedback (zxcvbn policy)
  'password.feedback.tooShort': 'Password must be at least {count} characters long.',
  'password.feedback.useAtLeast': 'Use at least {count} characters.',

  // zxcvbn warnings, by @zxcvbn-ts/language-en key. Where classic zxcvbn had the same warning, its wording is used
  // ('This is a top-10 common password.').
  'password.zxcvbn.warnings.straightRow': 'Straight rows of keys are easy to guess.',
  'password.zxcvbn.warnings.keyPattern': 'Short keyboard patterns are easy to guess.',
  'password.zxcvbn.warnings.simpleRepeat': 'Repeats like "aaa" are easy to guess.',
  'password.zxcvbn.warnings.extendedRepeat': 'Repeats like "abcabcabc" are only slightly harder to guess than "abc".',
  'password.zxcvbn.warnings.sequences': 'Sequences like abc or 6543 are easy to guess.',
  'password.zxcvbn.warnings.recentYears': 'Recent years are easy to guess.',
  'password.zxcvbn.warnings.dates': 'Dates are often easy to guess.',
  'password.zxcvbn.warnings.topTen': 'This is a top-10 common password.',
  'password.zxcvbn.warnings.topHundred': 'This is a top-100 common password.',
  'password.zxcvbn.warnings.common': 'This is a very common password.',
  'password.zxcvbn.warnings.similarToCommon': 'This is similar to a commonly used password.',
  'password.zxcvbn.warnings.wordByItself': 'A word by itself is easy to guess.',
  'password.zxcvbn.warnings.namesByThemselves': 'Names and surnames by themselves are easy to guess.',
  'password.zxcvbn.warnings.commonNames': 'Common names and surnames are easy to guess.',
  'password.zxcvbn.warnings.userInputs': 'Avoid personal information, such as your email address.',
  'password.zxcvbn.warnings.pwned': 'Your password was exposed by a data breach on the Internet.',

  // zxcvbn suggestions, by @zxcvbn-ts/language-en key (classic wording where there was one, e.g.
  // 'Use a few words, avoid common phrases.').
  'password.zxcvbn.suggestions.l33t': "Predictable substitutions like '@' instead of 'a' don't help very much.",
  'password.zxcvbn.suggestions.reverseWords': "Reversed words aren't much harder to guess.",
  'password.zxcvbn.suggestions.allUppercase': 'All-uppercase is almost as easy to guess as all-lowercase.',
  'password.zxcvbn.suggestions.capitalization': "Capitalization doesn't help very much.",
  'password.zxcvbn.suggestions.dates': 'Avoid dates and years that are associated with you.',
  'password.zxcvbn.suggestions.recentYears': 'Avoid recent years.',
  'password.zxcvbn.suggestions.associatedYears': 'Avoid years that are associated with you.',
  'password.zxcvbn.suggestions.sequences': 'Avoid sequences.',
  'password.zxcvbn.suggestions.repeated': 'Avoid repeated words and characters.',
  'password.zxcvbn.suggestions.longerKeyboardPattern': 'Use a longer keyboard pattern with more turns.',
  'password.zxcvbn.suggestions.anotherWord': 'Add another word or two. Uncommon words are better.',
  'password.zxcvbn.suggestions.useWords': 'Use a few words, avoid common phrases.',
  'password.zxcvbn.suggestions.noNeed': 'No need for symbols, digits, or uppercase letters.',
  'password.zxcvbn.suggestions.pwned': 'If you use this password elsewhere, you should change it.',

  // Its errors, by error_type
  'error.no_user_password': 'Password not found for this user. Please try again.',
  'error.breached_password': 'Password appears in the list of breached passwords and must be reset.',
  'error.reset_password': 'Password must be reset.',
  'error.member_password_not_found': 'Member password not found.',
} as const;

/** The id of a password-screen message. */
export type PasswordMessageId = keyof typeof passwordMessages;

/** A feedback text received from the strength check, as the message id to show it with (and its values). */
export interface PasswordFeedbackMessage {
  id: PasswordMessageId;
  values?: Record<string, string | number>;
}

// The English texts the strength check can send (from @zxcvbn-ts/language-en 4, and classic zxcvbn, whose
// wording other providers still send), each with the id that translates it. Compared without case, surrounding
// space or a final period.
const FEEDBACK_TEXTS: Record<string, PasswordMessageId> = {};
function known(id: PasswordMessageId, ...texts: string[]) {
  for (const text of texts) FEEDBACK_TEXTS[normalizeFeedback(text)] = id;
}
function normalizeFeedback(text: string): string {
  return text.trim().replace(/\.$/, '').replace(/\s+/g, ' ').toLowerCase();
}

known(
  'password.zxcvbn.warnings.straightRow',
  'Straight rows of keys on your keyboard are easy to guess.',
  'Straight rows of keys are easy to guess',
);
known('password.zxcvbn.warnings.keyPattern', 'Short keyboard patterns are easy to guess.');
known(
  'password.zxcvbn.warnings.simpleRepeat',
  'Repeated characters like "aaa" are easy to guess.',
  'Repeats like "aaa" are easy to guess',
);
known(
  'password.zxcvbn.warnings.extendedRepeat',
  'Repeated character patterns like "abcabcabc" are easy to guess.',
  'Repeats like "abcabcabc" are only slightly harder to guess than "abc"',
);
known(
  'password.zxcvbn.warnings.sequences',
  'Common character sequences like "abc" are easy to guess.',
  'Sequences like abc or 6543 are easy to guess',
);
known('password.zxcvbn.warnings.recentYears', 'Recent years are easy to guess.');
known('password.zxcvbn.warnings.dates', 'Dates are easy to guess.', 'Dates are often easy to guess');
known('password.zxcvbn.warnings.topTen', 'This is a heavily used password.', 'This is a top-10 common password');
known(
  'password.zxcvbn.warnings.topHundred',
  'This is a frequently used password.',
  'This is a top-100 common password',
);
known('password.zxcvbn.warnings.common', 'This is a commonly used password.', 'This is a very common password');
known('password.zxcvbn.warnings.similarToCommon', 'This is similar to a commonly used password.');
known('password.zxcvbn.warnings.wordByItself', 'Single words are easy to guess.', 'A word by itself is easy to guess');
known(
  'password.zxcvbn.warnings.namesByThemselves',
  'Single names or surnames are easy to guess.',
  'Names and surnames by themselves are easy to guess',
);
known('password.zxcvbn.warnings.commonNames', 'Common names and surnames are easy to guess.');
known('password.zxcvbn.warnings.userInputs', 'There should not be any personal or page related data.');
known('password.zxcvbn.warnings.pwned', 'Your password was exposed by a data breach on the Internet.');

known(
  'password.zxcvbn.suggestions.l33t',
  "Avoid predictable letter substitutions like '@' for 'a'.",
  "Predictable substitutions like '@' instead of 'a' don't help very much",
);
known(
  'password.zxcvbn.suggestions.reverseWords',
  'Avoid reversed spellings of common words.',
  "Reversed words aren't much harder to guess",
);
known(
  'password.zxcvbn.suggestions.allUppercase',
  'Capitalize some, but not all letters.',
  'All-uppercase is almost as easy to guess as all-lowercase',
);
known(
  'password.zxcvbn.suggestions.capitalization',
  'Capitalize more than the first letter.',
  "Capitalization doesn't help very much",
);
known('password.zxcvbn.suggestions.dates', 'Avoid dates and years that are associated with you.');
known('password.zxcvbn.suggestions.recentYears', 'Avoid recent years.');
known('password.zxcvbn.suggestions.associatedYears', 'Avoid years that are associated with you.');
known('password.zxcvbn.suggestions.sequences', 'Avoid common character sequences.', 'Avoid sequences');
known('password.zxcvbn.suggestions.repeated', 'Avoid repeated words and characters.');
known(
  'password.zxcvbn.suggestions.longerKeyboardPattern',
  'Use longer keyboard patterns and change typing direction multiple times.',
  'Use a longer keyboard pattern with more turns',
);
known(
  'password.zxcvbn.suggestions.anotherWord',
  'Add more words that are less common.',
  'Add another word or two. Uncommon words are better.',
);
known(
  'password.zxcvbn.suggestions.useWords',
  'Use multiple words, but avoid common phrases.',
  'Use a few words, avoid common phrases',
);
known(
  'password.zxcvbn.suggestions.noNeed',
  'You can create strong passwords without using symbols, numbers, or uppercase letters.',
  'No need for symbols, digits, or uppercase letters',
);
known('password.zxcvbn.suggestions.pwned', 'If you use this password elsewhere, you should change it.');

const LENGTH_FEEDBACK: [RegExp, PasswordMessageId][] = [
  [/^password must be at least (\d+) characters long$/, 'password.feedback.tooShort'],
  [/^use at least (\d+) characters$/, 'password.feedback.useAtLeast'],
];

/**
 * The catalogue message for a warning or suggestion the strength check sent, or null for a text the catalogue
 * does not know (the caller then shows the text as received, as plain text).
 */
export function passwordFeedbackMessage(text: string): PasswordFeedbackMessage | null {
  const normalized = normalizeFeedback(text);
  const id = FEEDBACK_TEXTS[normalized];
  if (id) return { id };
  for (const [pattern, lengthId] of LENGTH_FEEDBACK) {
    const match = pattern.exec(normalized);
    if (match) return { id: lengthId, values: { count: Number(match[1]) } };
  }
  return null;
}
