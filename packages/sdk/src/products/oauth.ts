import type { ClientContext } from '../internal/context';
import type { Validator } from '../validation';
import type {
  GoogleOneTapStartRequest,
  GoogleOneTapStartResponse,
  GoogleOneTapSubmitRequest,
  GoogleOneTapSubmitResponse,
  OAuthAttachResponse,
  OAuthAuthenticateResponse,
  OAuthProvider,
  OAuthStartOptions,
} from './oauth.contract';

// The public NO_OAUTH_VERIFIER_WARNING (./oauthProviders.ts), written again here: imported, it would put a chunk of
// its own in every page's first load (an app bundler puts what the package index exports and a lazily loaded chunk
// uses in a chunk shared with the first load). oauth.test.ts checks they match. The provider list, which the first
// chunk holds anyway (the client's stubs are made from it), comes from the registry (`create(ctx, providers)`).
const NO_OAUTH_VERIFIER_WARNING =
  'No PKCE verifier found for OAuth: this project requires PKCE, so the sign-in will fail unless the flow ' +
  'was started in this browser with oauth.{provider}.start().';

/** Starts one provider's sign-in. */
export interface OAuthProviderStart {
  /** Sends the browser to the provider's start URL; it comes back to the redirect URL with `?token=…`. */
  start(options?: OAuthStartOptions): Promise<void>;
}

function validateStartOptions(check: Validator, options: unknown): OAuthStartOptions {
  check.isOptionalObject('options', options);
  const given = (options ?? {}) as Record<string, unknown>;
  check
    .isOptionalString('login_redirect_url', given.login_redirect_url)
    .isOptionalString('signup_redirect_url', given.signup_redirect_url)
    .isOptionalStringArray('custom_scopes', given.custom_scopes)
    .isOptionalObject('provider_params', given.provider_params)
    .isOptionalString('oauth_attach_token', given.oauth_attach_token)
    .rule(
      Object.values((given.provider_params ?? {}) as object).every((value) => typeof value === 'string'),
      'provider_params values must be strings',
    );
  return given as OAuthStartOptions;
}

function validateRedirectUrls(
  check: Validator,
  given: { login_redirect_url?: unknown; signup_redirect_url?: unknown },
) {
  check
    .isOptionalString('login_redirect_url', given.login_redirect_url)
    .isOptionalString('signup_redirect_url', given.signup_redirect_url);
}

/**
 * The `oauth` namespace: social sign-in start URLs, the redirect-back authenticate call and attach. `providers`:
 * every social provider, in the specification's order (the public OAUTH_PROVIDERS, handed over by the registry).
 */
function createOAuth(ctx: ClientContext, providers: readonly OAuthProvider[]) {
  const { validate, InvalidResponseError, INVALID_RESPONSE_MESSAGES } = ctx.shared;
  const isProvider = (value: unknown): value is OAuthProvider => (providers as readonly unknown[]).includes(value);
  async function buildStartUrl(provider: OAuthProvider, options: OAuthStartOptions): Promise<string> {
    const settings = await ctx.bootstrap.getAsync();
    // A project's CNAME serves the start URL over https; otherwise the API base URL as given. The CNAME comes from
    // the bootstrap answer or its cache in storage: anything but a host name (a path, a user, a query) is ignored, by
    // the rule `customDomain` follows, so the start URL and its attach token cannot be sent elsewhere.
    const cname = settings.cnameDomain;
    const host = ctx.shared.isHost(cname) ? `https://${cname}` : ctx.apiUrl;
    const query = new URLSearchParams({ public_token: ctx.publicToken });
    if (settings.pkceRequiredForOAuth) {
      const { code_challenge } = await ctx.pkce.start('oauth');
      query.set('code_challenge', code_challenge);
    }
    if (options.custom_scopes?.length) query.set('custom_scopes', options.custom_scopes.join(' '));
    for (const [key, value] of Object.entries(options.provider_params ?? {})) query.set(`provider_${key}`, value);
    if (options.login_redirect_url) query.set('login_redirect_url', options.login_redirect_url);
    if (options.signup_redirect_url) query.set('signup_redirect_url', options.signup_redirect_url);
    if (options.oauth_attach_token) query.set('oauth_attach_token', options.oauth_attach_token);
    return `${host}/v1/public/oauth/${provider}/start?${query.toString()}`;
  }

  async function start(provider: OAuthProvider, options?: OAuthStartOptions): Promise<void> {
    const checked = validateStartOptions(validate(`oauth.${provider}.start`), options);
    const url = await buildStartUrl(provider, checked);
    const settings = ctx.bootstrap.getSync();
    ctx.events.log('start_oauth_flow', {
      provider_type: provider,
      custom_scopes: checked.custom_scopes ?? [],
      cname_domain: settings.cnameDomain,
      pkce: settings.pkceRequiredForOAuth,
      provider_params: checked.provider_params ?? {},
    });
    ctx.environment.navigate(url);
  }

  const providerStarts = Object.fromEntries(
    providers.map((provider) => [provider, { start: (options?: OAuthStartOptions) => start(provider, options) }]),
  ) as Record<OAuthProvider, OAuthProviderStart>;

  return {
    ...providerStarts,

    /**
     * The start URL of `provider` without navigating. With PKCE on it stores a fresh verifier, so only the
     * URL returned by the latest call can be completed.
     */
    async getStartUrl(provider: OAuthProvider, options?: OAuthStartOptions): Promise<string> {
      const check = validate('oauth.getStartUrl').rule(
        isProvider(provider),
        `provider must be one of ${providers.join(', ')}`,
      );
      return buildStartUrl(provider, validateStartOptions(check, options));
    },

    /** Exchanges the redirect-back `token` for a session, with the stored PKCE verifier if there is one. */
    async authenticate(
      token: string,
      options: { session_duration_minutes: number },
    ): Promise<OAuthAuthenticateResponse> {
      validate('oauth.authenticate')
        .isString('token', token)
        .isNumber('session_duration_minutes', options?.session_duration_minutes);
      return ctx.pkce.consume('oauth', (code_verifier) => {
        // Not a bootstrap-gated call: the cached settings decide whether a missing verifier deserves a warning.
        if (!code_verifier && ctx.bootstrap.getSync().pkceRequiredForOAuth) {
          ctx.environment.logger.warn(NO_OAUTH_VERIFIER_WARNING);
        }
        return ctx.call<OAuthAuthenticateResponse>({
          method: 'POST',
          path: '/oauth/authenticate',
          body: { token, code_verifier, session_duration_minutes: options.session_duration_minutes },
          updatesSession: true,
          user: 'optional',
        });
      });
    },

    /**
     * Google One Tap (Latchkey's own routes): `start` gives the Google client id and the nonce to initialise Google's
     * script with; `submit` hands the credential Google returned to the provider, which signs the user in or up, and
     * sends the browser to the redirect URL it answers (`?stytch_token_type=oauth&token=…`; `authenticateByUrl`
     * finishes there), if it is an http(s) URL. With `{ navigate: false }` it only answers the URL.
     */
    googleOneTap: {
      async start(options?: GoogleOneTapStartRequest): Promise<GoogleOneTapStartResponse> {
        validateRedirectUrls(validate('oauth.googleOneTap.start').isOptionalObject('options', options), options ?? {});
        return ctx.call<GoogleOneTapStartResponse>({
          method: 'POST',
          path: '/oauth/google/onetap/start',
          body: { login_redirect_url: options?.login_redirect_url, signup_redirect_url: options?.signup_redirect_url },
        });
      },

      async submit(
        request: Omit<GoogleOneTapSubmitRequest, 'code_challenge'>,
        options?: { navigate?: boolean },
      ): Promise<GoogleOneTapSubmitResponse> {
        const check = validate('oauth.googleOneTap.submit')
          .isObject('request', request)
          .isString('credential', request?.credential)
          .isString('nonce', request?.nonce)
          .isOptionalObject('options', options)
          .isOptionalBoolean('navigate', options?.navigate);
        validateRedirectUrls(check, request);
        const { credential, nonce, login_redirect_url, signup_redirect_url } = request;
        const body: Record<string, unknown> & GoogleOneTapSubmitRequest = {
          credential,
          nonce,
          login_redirect_url,
          signup_redirect_url,
        };
        // As for a start URL: the token the redirect brings back is authenticated with this verifier.
        if ((await ctx.bootstrap.getAsync()).pkceRequiredForOAuth) {
          body.code_challenge = (await ctx.pkce.start('oauth')).code_challenge;
        }
        const response = await ctx.call<GoogleOneTapSubmitResponse>({
          method: 'POST',
          path: '/oauth/google/onetap/submit',
          body,
        });
        if (options?.navigate !== false) {
          // Only a web page: an answer carrying a `javascript:` or `data:` URL would otherwise run in the app's origin.
          if (!/^https?:\/\//i.test(response.redirect_url)) {
            throw new InvalidResponseError(INVALID_RESPONSE_MESSAGES.invalidResponse);
          }
          ctx.environment.navigate(response.redirect_url);
        }
        return response;
      },
    },

    /** A one-use token that links `provider` to the signed-in user: pass it to `start({oauth_attach_token})`. */
    async attach(provider: string): Promise<OAuthAttachResponse> {
      validate('oauth.attach').isString('provider', provider);
      ctx.requireSession();
      return ctx.call<OAuthAttachResponse>({ method: 'POST', path: '/oauth/attach', body: { provider } });
    },
  };
}

/** The namespace's factory, under the one name every namespace module gives it (the client's loader calls `create`). */
export { createOAuth as create };
