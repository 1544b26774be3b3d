import type { ClientContext } from '../internal/context';
import type {
  PasswordsAuthenticateOptions,
  PasswordsAuthenticateResponse,
  PasswordsCreateOptions,
  PasswordsCreateResponse,
  PasswordsResetByEmailOptions,
  PasswordsResetByEmailResponse,
  PasswordsResetByEmailStartOptions,
  PasswordsResetByEmailStartResponse,
  PasswordsResetByExistingPasswordOptions,
  PasswordsResetByExistingPasswordResponse,
  PasswordsResetBySessionOptions,
  PasswordsResetBySessionResponse,
  PasswordsStrengthCheckOptions,
  PasswordsStrengthCheckResponse,
} from './passwords.contract';

/** The password namespace: `client.passwords`. */
function createPasswords(ctx: ClientContext) {
  const { validate } = ctx.shared;
  /** An S (u) call: B with captcha and DFP, stores the session, strips `__user`. */
  const signIn = <T>(path: string, body: Record<string, unknown>) =>
    ctx.call<T>({
      method: 'POST',
      path,
      body,
      protection: 'captcha_and_dfp',
      updatesSession: true,
      user: 'optional',
    });

  return {
    /** Creates a user with an email and a password, and signs them in. */
    async create(options: PasswordsCreateOptions): Promise<PasswordsCreateResponse> {
      validate('passwords.create')
        .isString('email', options?.email)
        .isString('password', options?.password)
        .isNumber('session_duration_minutes', options?.session_duration_minutes);
      const { email, password, session_duration_minutes } = options;
      return signIn<PasswordsCreateResponse>('/passwords', { email, password, session_duration_minutes });
    },

    /** Signs a user in with their email and password. */
    async authenticate(options: PasswordsAuthenticateOptions): Promise<PasswordsAuthenticateResponse> {
      validate('passwords.authenticate')
        .isString('email', options?.email)
        .isString('password', options?.password)
        .isNumber('session_duration_minutes', options?.session_duration_minutes);
      const { email, password, session_duration_minutes } = options;
      return signIn<PasswordsAuthenticateResponse>('/passwords/authenticate', {
        email,
        password,
        session_duration_minutes,
      });
    },

    /** Scores a candidate password against the project's policy (zxcvbn or LUDS) and the breach list. */
    async strengthCheck(options: PasswordsStrengthCheckOptions): Promise<PasswordsStrengthCheckResponse> {
      validate('passwords.strengthCheck')
        .isString('password', options?.password)
        .isOptionalString('email', options?.email);
      // Not a bootstrap-gated call: it runs while the user types.
      return ctx.call<PasswordsStrengthCheckResponse>({
        method: 'POST',
        path: '/passwords/strength_check',
        body: { email: options.email, password: options.password },
      });
    },

    /** Emails a password-reset link (with a PKCE challenge when the project requires one). */
    async resetByEmailStart(options: PasswordsResetByEmailStartOptions): Promise<PasswordsResetByEmailStartResponse> {
      validate('passwords.resetByEmailStart')
        .isString('email', options?.email)
        .isOptionalString('login_redirect_url', options?.login_redirect_url)
        .isOptionalString('reset_password_redirect_url', options?.reset_password_redirect_url)
        .isOptionalNumber('reset_password_expiration_minutes', options?.reset_password_expiration_minutes)
        .isOptionalString('reset_password_template_id', options?.reset_password_template_id)
        .isOptionalString('locale', options?.locale);
      const { pkceRequiredForPasswordResets } = await ctx.bootstrap.getAsync();
      const code_challenge = pkceRequiredForPasswordResets
        ? (await ctx.pkce.ensure('passwords')).code_challenge
        : undefined;
      // `login_expiration_minutes` is deliberately left out: the contract's client never sends it.
      return ctx.call<PasswordsResetByEmailStartResponse>({
        method: 'POST',
        path: '/passwords/email/reset/start',
        body: {
          email: options.email,
          login_redirect_url: options.login_redirect_url,
          reset_password_redirect_url: options.reset_password_redirect_url,
          reset_password_expiration_minutes: options.reset_password_expiration_minutes,
          reset_password_template_id: options.reset_password_template_id,
          locale: options.locale,
          code_challenge,
        },
        protection: 'captcha_and_dfp',
      });
    },

    /** Sets a new password with the `token` of a reset link, and signs the user in. */
    async resetByEmail(options: PasswordsResetByEmailOptions): Promise<PasswordsResetByEmailResponse> {
      validate('passwords.resetByEmail')
        .isString('token', options?.token)
        .isString('password', options?.password)
        .isNumber('session_duration_minutes', options?.session_duration_minutes);
      const { token, password, session_duration_minutes } = options;
      return ctx.pkce.consume('passwords', (code_verifier) =>
        signIn<PasswordsResetByEmailResponse>('/passwords/email/reset', {
          token,
          password,
          session_duration_minutes,
          code_verifier,
        }),
      );
    },

    /** Replaces a password the user still knows, and signs them in. */
    async resetByExistingPassword(
      options: PasswordsResetByExistingPasswordOptions,
    ): Promise<PasswordsResetByExistingPasswordResponse> {
      validate('passwords.resetByExistingPassword')
        .isString('email', options?.email)
        .isString('existing_password', options?.existing_password)
        .isString('new_password', options?.new_password)
        .isNumber('session_duration_minutes', options?.session_duration_minutes);
      const { email, existing_password, new_password, session_duration_minutes } = options;
      return signIn<PasswordsResetByExistingPasswordResponse>('/passwords/existing_password/reset', {
        email,
        existing_password,
        new_password,
        session_duration_minutes,
      });
    },

    /** Sets a new password for the signed-in user (this tab must hold a session). */
    async resetBySession(options: PasswordsResetBySessionOptions): Promise<PasswordsResetBySessionResponse> {
      // Only the password is required; a duration, when given, must be a number.
      validate('passwords.resetBySession')
        .isString('password', options?.password)
        .isOptionalNumber('session_duration_minutes', options?.session_duration_minutes);
      ctx.requireSession();
      return ctx.call<PasswordsResetBySessionResponse>({
        method: 'POST',
        path: '/passwords/session/reset',
        body: { password: options.password, session_duration_minutes: options.session_duration_minutes },
        protection: 'captcha_and_dfp',
        updatesSession: true,
        user: 'keep',
      });
    },
  };
}

/** The namespace's factory, under the one name every namespace module gives it (the client's loader calls `create`). */
export { createPasswords as create };
