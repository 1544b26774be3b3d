// The sample product's SDK namespace, `client.securityQuestions` (issue 27's proof): the module the SDK's registry
// line loads on the first call (./registry.ts), as each real namespace's `products/<namespace>.ts` is. Its calls go
// through the client's `ctx.call`, so captcha, DFP, the session store and the user cache work as for any product.
import type { AuthenticateResponse, User } from '@latchkey/sdk';
import type { ClientContext } from '../../../../sdk/src/internal/context';

/** What `securityQuestions.set` takes: the question (shown back to the user) and its answer (only hashed). */
export interface SecurityQuestionSetOptions {
  question: string;
  answer: string;
}

/** What `securityQuestions.authenticate` takes. */
export interface SecurityQuestionAuthenticateOptions {
  email: string;
  answer: string;
  session_duration_minutes: number;
}

/** The question the provider adds to the user answer (never the answer). */
export interface SecurityQuestionUser extends User {
  security_question: { question: string; created_at: string } | null;
}

/** `data` of `POST /security_questions/set`. */
export interface SecurityQuestionSetResponse {
  request_id: string;
  status_code: number;
  user_id: string;
  __user?: User;
}

function requireString(method: string, name: string, value: unknown): void {
  if (typeof value !== 'string') {
    throw new TypeError(`securityQuestions.${method}: ${name} must be a string`);
  }
}

/** `client.securityQuestions`: set a security question, and sign in with its answer. */
export function createSecurityQuestions(ctx: ClientContext) {
  return {
    /** Sets the signed-in user's question and answer (`POST /security_questions/set`); a new one replaces the old. */
    async set(options: SecurityQuestionSetOptions): Promise<SecurityQuestionSetResponse> {
      requireString('set', 'question', options?.question);
      requireString('set', 'answer', options?.answer);
      ctx.requireSession();
      return ctx.call<SecurityQuestionSetResponse>({
        method: 'POST',
        path: '/security_questions/set',
        body: { question: options.question, answer: options.answer },
        user: 'required',
      });
    },
    /** Signs in with an account's email and its answer (`POST /security_questions/authenticate`) and stores the session. */
    async authenticate(options: SecurityQuestionAuthenticateOptions): Promise<AuthenticateResponse> {
      requireString('authenticate', 'email', options?.email);
      requireString('authenticate', 'answer', options?.answer);
      return ctx.call<AuthenticateResponse>({
        method: 'POST',
        path: '/security_questions/authenticate',
        body: { ...options },
        protection: 'captcha_and_dfp',
        updatesSession: true,
      });
    },
  };
}

/** The namespace `client.securityQuestions` is. */
export type SecurityQuestionsNamespace = ReturnType<typeof createSecurityQuestions>;
