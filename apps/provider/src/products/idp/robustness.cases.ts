// The robustness battery's cases for the identity provider's widget calls (collected by test/robustnessCases.ts):
// authorize requests, consents and logout requests of every wrong kind. The standard OAuth endpoints have their own
// battery (robustness.test.ts here).
import type { RobustnessCases } from '../../../test/robustnessCases';

/** The identity-provider client of the battery (public: PKCE required). */
const IDP_CLIENT = {
  clientId: 'robustness-spa',
  name: 'Robustness',
  type: 'public' as const,
  redirectUris: ['http://localhost:3000/callback'],
  postLogoutRedirectUris: ['http://localhost:3000/bye'],
};

/** An authorize start/submit body for the battery's client, then `extra` (undefined leaves a field out). */
function idpBody(extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    client_id: IDP_CLIENT.clientId,
    redirect_uri: IDP_CLIENT.redirectUris[0],
    response_type: 'code',
    scopes: ['openid', 'email'],
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    ...extra,
  });
}

/** A logout start body for the battery's client, then `extra`. */
function logoutBody(extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    client_id: IDP_CLIENT.clientId,
    post_logout_redirect_uri: IDP_CLIENT.postLogoutRedirectUris[0],
    ...extra,
  });
}

export const robustness: RobustnessCases = {
  routes: [
    ['POST', '/idp/oauth/authorize/start'],
    ['POST', '/idp/oauth/authorize/submit'],
    ['POST', '/oauth/logout/start'],
    ['GET', '/users/connected_apps'],
    ['POST', '/users/connected_apps/robustness-spa/revoke'],
    ['POST', '/users/connected_apps/%E0%A4%A/revoke'],
  ],
  bodies: [
    idpBody({ consent_granted: true, state: '\ud800', nonce: '\u0000', prompt: 'none none consent \u0000' }),
    idpBody({ consent_granted: 'yes', scopes: 'openid', resources: [{}] }),
    idpBody({ scopes: Array.from({ length: 1_000 }, (_, index) => `scope-${index}`) }),
    idpBody({ scopes: ['openid', '\u0000', 'a b', ''], code_challenge: 'short', code_challenge_method: 'plain' }),
    idpBody({ redirect_uri: '//evil.com', response_type: null }),
    idpBody({ redirect_uri: 'http://localhost:3000/callback\\@evil.com', response_type: 'token id_token' }),
    idpBody({ redirect_uri: `http://localhost:3000/callback?${'q'.repeat(3_000)}`, state: 's'.repeat(3_000) }),
    idpBody({ client_id: { $ne: null }, redirect_uri: ['x'] }),
    idpBody({ client_id: '__proto__', prompt: ['none'] }),
    idpBody({ code_challenge: undefined, consent_granted: false, prompt: 'consent' }),
    logoutBody({ id_token_hint: 'a.b.c', state: '\ud800' }),
    logoutBody({ id_token_hint: 'eyJhbGciOiJSUzI1NiIsImtpZCI6Ii4uLy4uIn0.e30.AAAA' }),
    logoutBody({ id_token_hint: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOnt9fQ.AAAA' }),
    logoutBody({ id_token_hint: 'e'.repeat(9_000) }),
    logoutBody({ post_logout_redirect_uri: 'javascript:alert(1)', id_token_hint: { $ne: null } }),
  ],
  config: () => ({ project: { idp: { clients: [IDP_CLIENT] } } }),
};
