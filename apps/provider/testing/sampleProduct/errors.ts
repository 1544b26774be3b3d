import type { ErrorCatalogue } from '../../src/products/descriptor';

/** The sample product's error type (a wrong answer is the core's `unauthorized_credentials`, like a wrong password). */
export const securityQuestionErrors = {
  invalid_security_answer: {
    status: 400,
    message:
      'A security question needs a question of at most 200 characters and an answer of at most 200 characters, no shorter than the project allows.',
  },
} as const satisfies ErrorCatalogue;
