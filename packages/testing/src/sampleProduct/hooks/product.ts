// The sample product's descriptor in the hooks (issue 27's proof): what the sign-in store reads about it before its
// chunk arrives, listed by the fixture registry (./registry.ts) beside the real products. Type-only imports: the
// registry module is in every sign-in page's first load, and importing '@latchkey/hooks' at run time from it would be
// an import cycle (the package's index imports the registry).

import type { ProductDefinition, ProductKey } from '@latchkey/hooks';
import type { LazyNamespace } from '@latchkey/sdk';

/** Its key in `config.products`. */
export const SECURITY_QUESTION_PRODUCT = 'securityQuestion' as const;

/**
 * A security question: Main draws its block (a button), which leads to the SecurityQuestion screen (email and
 * answer); a right answer signs in, → LoginSuccess. No method tab, no email form of its own.
 */
export const securityQuestionProduct = {
  key: SECURITY_QUESTION_PRODUCT,
  optionsKey: 'securityQuestionOptions',
  optionNames: ['sessionDurationMinutes'],
  resolveOptions: (options) => ({ ...options }),
  block: 'forms',
  tabs: () => [],
  // TODO(open type LazyNamespace): the SDK's lazy namespaces are a closed union; once open, no cast.
  sdkNamespaces: ['securityQuestions' as LazyNamespace],
} satisfies ProductDefinition<ProductKey, 'securityQuestionOptions'>;

// Its key joins the SDK's `WidgetProduct` (and so the hooks' `ProductKey` and `config.products`) by declaration merging.
declare module '@latchkey/sdk/contract' {
  interface WidgetProductRegister {
    securityQuestion: true;
  }
}

// Its screen joins the widget's `Screen` by declaration merging (no core file lists it).
declare module '@latchkey/hooks' {
  interface ScreenRegister {
    SecurityQuestion: true;
  }
}

// Its options join the widget's configuration by declaration merging.
declare module '@latchkey/hooks' {
  interface SignInConfig {
    securityQuestionOptions?: {
      /** The session's lifetime after a right answer (default: `sessionOptions.sessionDurationMinutes`). */
      sessionDurationMinutes?: number;
    };
  }
  interface ResolvedSignInConfig {
    securityQuestionOptions: NonNullable<SignInConfig['securityQuestionOptions']>;
  }
}

// Its part of the widget's form state (optional: the core's initial state does not know it).
declare module '@latchkey/hooks' {
  interface FormState {
    /** The email the SecurityQuestion screen was opened with (Main's block may carry one). */
    securityQuestionState?: { email: string };
  }
}
