import type { ClientContext } from '../internal/context';
import type { Validator } from '../validation';
import type {
  IdpAuthorizeParams,
  IdpAuthorizeStartResponse,
  IdpAuthorizeSubmitParams,
  IdpAuthorizeSubmitResponse,
  IdpLogoutParams,
  IdpLogoutStartResponse,
} from './idp.contract';

function checkAuthorizeParams(check: Validator, params: IdpAuthorizeParams): Validator {
  return check
    .isObject('params', params)
    .isString('client_id', params.client_id)
    .isString('redirect_uri', params.redirect_uri)
    .isString('response_type', params.response_type)
    .isStringArray('scopes', params.scopes)
    .isOptionalString('code_challenge', params.code_challenge)
    .isOptionalString('code_challenge_method', params.code_challenge_method)
    .isOptionalString('state', params.state)
    .isOptionalString('nonce', params.nonce)
    .isOptionalString('prompt', params.prompt)
    .isOptionalString('max_age', params.max_age)
    .isOptionalString('id_token_hint', params.id_token_hint)
    .isOptionalString('login_hint', params.login_hint)
    .isOptionalString('login_ticket', params.login_ticket)
    .isOptionalStringArray('resources', params.resources);
}

/** `client.idp`: the consent and logout calls behind the identity-provider screens. */
function createIdp(ctx: ClientContext) {
  const { validate } = ctx.shared;
  return {
    /**
     * Preflight of the authorize flow (`POST /idp/oauth/authorize/start`): the client, the scopes and whether consent
     * is needed; or a `redirect_uri` to go back to the client at once (an error); or `reauthentication_required`.
     */
    async oauthAuthorizeStart(params: IdpAuthorizeParams): Promise<IdpAuthorizeStartResponse> {
      checkAuthorizeParams(validate('idp.oauthAuthorizeStart'), params);
      return ctx.call<IdpAuthorizeStartResponse>({
        method: 'POST',
        path: '/idp/oauth/authorize/start',
        body: { ...params },
      });
    },

    /** Sends the user's decision (`POST /idp/oauth/authorize/submit`); answers the `redirect_uri` to navigate to (or `reauthentication_required`). */
    async oauthAuthorizeSubmit(params: IdpAuthorizeSubmitParams): Promise<IdpAuthorizeSubmitResponse> {
      checkAuthorizeParams(validate('idp.oauthAuthorizeSubmit'), params).isBoolean(
        'consent_granted',
        params.consent_granted,
      );
      return ctx.call<IdpAuthorizeSubmitResponse>({
        method: 'POST',
        path: '/idp/oauth/authorize/submit',
        body: { ...params },
      });
    },

    /** Preflight of the logout flow (`POST /oauth/logout/start`, not under `/idp`). */
    async oauthLogoutStart(params: IdpLogoutParams): Promise<IdpLogoutStartResponse> {
      validate('idp.oauthLogoutStart')
        .isObject('params', params)
        .isOptionalString('client_id', params.client_id)
        .isOptionalString('post_logout_redirect_uri', params.post_logout_redirect_uri)
        .isOptionalString('state', params.state)
        .isOptionalString('id_token_hint', params.id_token_hint);
      return ctx.call<IdpLogoutStartResponse>({ method: 'POST', path: '/oauth/logout/start', body: { ...params } });
    },
  };
}

/** The namespace's factory, under the one name every namespace module gives it (the client's loader calls `create`). */
export { createIdp as create };
