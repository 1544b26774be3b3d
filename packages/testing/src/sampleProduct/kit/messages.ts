import type { MessageTexts } from '@latchkey/ui-unstyled';

// The sample's texts, in its chunk (the screen loaders wrap its screen and block in them, so `ErrorMessage` finds
// `error.invalid_security_answer`). A host overrides any of them with `strings`, as every other text.
export const securityQuestionMessages = {
  // Main's block
  'securityQuestionLogin.button': 'Sign in with a security question',
  // SecurityQuestion
  'securityQuestion.title': 'Answer your security question',
  'securityQuestion.emailLabel': 'Email',
  'securityQuestion.answerLabel': 'Answer',
  'securityQuestion.submit': 'Sign in',
  'error.invalid_security_answer': 'That answer cannot be checked: it is empty or longer than 200 characters.',
} as const;

/** The id of one of the sample's texts. */
export type SecurityQuestionMessageId = keyof typeof securityQuestionMessages;

// The sample's ids join the kit's message ids (`MessageId`, `strings`) by declaration merging, as a real product's do.
declare module '@latchkey/ui-unstyled' {
  interface Messages extends MessageTexts<typeof securityQuestionMessages> {}
}
