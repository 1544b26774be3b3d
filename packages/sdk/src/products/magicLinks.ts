import type { ClientContext } from '../internal/context';
import type { Validator } from '../validation';
import type {
  MagicLinksAuthenticateOptions,
  MagicLinksAuthenticateResponse,
  MagicLinksEmailOptions,
  MagicLinksEmailResponse,
  MagicLinksLoginOrCreateOptions,
  MagicLinksSendOptions,
} from './magicLinks.contract';
import type { PkceFlow } from './registry';

function checkEmail(check: Validator, email: unknown, options: MagicLinksEmailOptions): void {
  check
    .isString('email', email)
    .isOptionalObject('options', options)
    .isOptionalString('login_magic_link_url', options?.login_magic_link_url)
    .isOptionalString('signup_magic_link_url', options?.signup_magic_link_url)
    .isOptionalNumber('login_expiration_minutes', options?.login_expiration_minutes)
    .isOptionalNumber('signup_expiration_minutes', options?.signup_expiration_minutes)
    .isOptionalString('login_template_id', options?.login_template_id)
    .isOptionalString('signup_template_id', options?.signup_template_id)
    .isOptionalString('locale', options?.locale);
}

/** True for an error whose message mentions PKCE (e.g. the provider's `pkce_mismatch`). */
function mentionsPkce(error: unknown): boolean {
  return error instanceof Error && error.message.toLowerCase().includes('pkce');
}

/** The email magic-link namespace: `client.magicLinks`. */
function createMagicLinks(ctx: ClientContext) {
  const { validate } = ctx.shared;
  async function sendEmail(path: string, email: string, options: MagicLinksEmailOptions) {
    const { pkceRequiredForEmailMagicLinks } = await ctx.bootstrap.getAsync();
    const code_challenge = pkceRequiredForEmailMagicLinks
      ? (await ctx.pkce.ensure('magic_links')).code_challenge
      : undefined;
    return ctx.call<MagicLinksEmailResponse>({
      method: 'POST',
      path,
      body: { ...options, email, code_challenge },
      protection: 'captcha_and_dfp',
    });
  }

  /** One authenticate attempt with the verifier of `flow`; the pair is cleared once it has been accepted. */
  function authenticateWith(flow: PkceFlow, token: string, session_duration_minutes: number) {
    return ctx.pkce.consume(flow, (code_verifier) =>
      ctx.call<MagicLinksAuthenticateResponse>({
        method: 'POST',
        path: '/magic_links/authenticate',
        body: { token, session_duration_minutes, code_verifier },
        updatesSession: true,
        user: 'optional',
      }),
    );
  }

  return {
    email: {
      /** Emails a sign-in link, creating the user when the address is new. */
      async loginOrCreate(
        email: string,
        options: MagicLinksLoginOrCreateOptions = {},
      ): Promise<MagicLinksEmailResponse> {
        checkEmail(validate('magicLinks.email.loginOrCreate'), email, options);
        return sendEmail('/magic_links/email/login_or_create', email, options);
      },
      /** Emails a sign-in link to an existing user (or, when signed in, to add the address as a factor). */
      async send(email: string, options: MagicLinksSendOptions = {}): Promise<MagicLinksEmailResponse> {
        checkEmail(validate('magicLinks.email.send'), email, options);
        return sendEmail(`/magic_links/email/send/${ctx.primaryOrSecondary()}`, email, options);
      },
    },
    /** Exchanges the `token` of a clicked link for a session. */
    async authenticate(token: string, options: MagicLinksAuthenticateOptions): Promise<MagicLinksAuthenticateResponse> {
      validate('magicLinks.authenticate')
        .isString('token', token)
        .isNumber('session_duration_minutes', options?.session_duration_minutes);
      const { session_duration_minutes } = options;
      // The "log in without a password" link of a reset email was issued for the passwords verifier, and nothing
      // in the link says so: try that verifier first, and on a PKCE refusal fall back to the magic-link one.
      if (ctx.pkce.get('passwords')) {
        try {
          return await authenticateWith('passwords', token, session_duration_minutes);
        } catch (error) {
          if (!mentionsPkce(error)) throw error;
        }
      }
      return authenticateWith('magic_links', token, session_duration_minutes);
    },
  };
}

/** The namespace's factory, under the one name every namespace module gives it (the client's loader calls `create`). */
export { createMagicLinks as create };
