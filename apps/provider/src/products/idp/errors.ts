import type { ErrorCatalogue } from '../descriptor';

/** The project as identity provider: authorize, logout and connected apps (products/idp/authorize). */
export const idpErrors = {
  oauth_client_not_found: { status: 404, message: 'No OAuth client of this project has this client_id.' },
  invalid_redirect_uri: {
    status: 400,
    message:
      "The redirect_uri is not one of the client's registered redirect URIs (they are compared exactly, but for the port of a loopback IP address).",
  },
  // Issue 25 (the front door): the authorization request's other errors (response_type, PKCE, prompt, max_age,
  // id_token_hint, scopes) are no longer API errors: they go back to the client's redirect URI (RFC 6749 §4.1.2.1).
  invalid_post_logout_redirect_uri: {
    status: 400,
    message:
      "The post_logout_redirect_uri is not one of the client's registered post-logout redirect URIs (they are compared exactly).",
  },
  invalid_id_token_hint: {
    status: 400,
    message: 'The id_token_hint is not an ID token this identity provider issued to this client.',
  },
  connected_app_not_found: { status: 404, message: 'Connected app not found: this user has not granted it access.' },
} as const satisfies ErrorCatalogue;
