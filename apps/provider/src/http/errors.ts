// The error catalogue. Messages of the types the specification lists are quoted from it exactly
// (widget.md §8); the others are the provider's own and are shown to users as given.

interface CatalogueEntry {
  status: number;
  message: string;
}

export const ERROR_CATALOGUE = {
  invalid_email: { status: 400, message: 'Email format is invalid.' },
  invalid_phone_number: {
    status: 400,
    message: 'Phone number format is invalid. Ensure the phone number is in the E.164 format.',
  },
  unauthorized_credentials: { status: 401, message: 'Unauthorized credentials.' },
  user_unauthenticated: {
    status: 401,
    message: 'Must have an active session to call this method. Have you logged in yet?',
  },
  email_not_found: { status: 404, message: 'Email not found.' },
  unable_to_auth_magic_link: {
    status: 401,
    message: 'The magic link could not be authenticated because it was either already used or expired.',
  },
  no_user_password: { status: 400, message: 'Password not found for this user. Please try again.' },
  breached_password: { status: 400, message: 'Password appears in the list of breached passwords and must be reset.' },
  reset_password: { status: 400, message: 'Password must be reset.' },
  invalid_code: { status: 400, message: 'Code format is invalid, please try again.' },
  unauthorized_action: { status: 403, message: 'Unauthorized action.' },
  user_lock_limit_reached: { status: 429, message: 'Too many failed authentication attempts. Please try again later.' },
  invalid_session_token: { status: 401, message: 'Invalid session token.' },
  invalid_secret_authentication: {
    status: 401,
    message: "Unauthorized credentials: the project id and secret key do not match this project's.",
  },
  session_not_found: { status: 404, message: 'Session not found.' },
  otp_code_not_found: { status: 404, message: 'Invalid passcode, please try again.' },
  // The provider's own types.
  too_many_requests: { status: 429, message: 'Too many requests have been made. Please wait and try again.' },
  origin_not_allowed: { status: 403, message: "This origin is not in the project's allowed origins." },
  invalid_redirect_url: {
    status: 400,
    message: "The redirect URL is not in the project's allowlist of redirect URLs.",
  },
  method_not_enabled: { status: 403, message: 'This sign-in method is not enabled for this project.' },
  duplicate_email: { status: 409, message: 'A user with this email already exists.' },
  duplicate_phone_number: { status: 409, message: 'A user with this phone number already exists.' },
  weak_password: { status: 400, message: 'Password does not meet the strength requirements.' },
  password_too_long: { status: 400, message: 'Password must be at most 256 characters long.' },
  // A token bound to the browser that asked (PKCE) redeemed without that browser's verifier: in practice, a link
  // opened in another browser or device, or an attacker's link (login CSRF). The message mentions PKCE: the SDK
  // falls back from the password-reset verifier to the magic-link one on such a refusal (sdk-and-idp §4).
  pkce_mismatch: {
    status: 400,
    message:
      'This link was opened in a different browser or on another device than the one where it was requested (this browser does not hold its PKCE code_verifier). Open it in the browser where you asked for it, or ask for a new one here.',
  },
  missing_pkce: { status: 400, message: 'This project requires a pkce code_challenge for this call.' },
  phone_number_not_found: { status: 404, message: 'Phone number not found.' },
  reauthentication_required: {
    status: 403,
    message: 'This change needs a recent sign-in: authenticate with your password or email again, then try again.',
  },
  // Passkeys (WebAuthn). The two texts the widget shows for them are the specification's (widget.md §8).
  duplicate_webauthn_registration: {
    status: 409,
    message:
      'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.',
  },
  webauthn_registration_not_found: {
    status: 404,
    message:
      'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.',
  },
  invalid_public_key_credential: {
    status: 400,
    message: 'Invalid public key credential: pass the JSON text of the credential the browser returned.',
  },
  invalid_webauthn_domain: {
    status: 400,
    message: "The domain is not one of the project's WebAuthn relying-party ids.",
  },
  unable_to_register_webauthn: {
    status: 400,
    message: 'The passkey could not be registered. Start the registration again.',
  },
  unable_to_auth_webauthn_registration: {
    status: 401,
    message: 'The passkey could not be authenticated. Please try again.',
  },
  totp_not_found: { status: 404, message: 'TOTP not found.' },
  active_totp_exists: {
    status: 409,
    message: 'This user already has an authenticator app. Remove it before adding another.',
  },
  recovery_code_not_found: { status: 404, message: 'Invalid recovery code, please try again.' },
  intermediate_session_not_found: {
    status: 404,
    message: 'Intermediate session not found: it was used or it expired. Sign in again.',
  },
  // Crypto wallets. The types are those of the contract's client catalogue (`StytchAPIErrorType`).
  invalid_crypto_wallet_address: {
    status: 400,
    message:
      'Invalid crypto wallet address: an Ethereum address is 0x and 40 hex digits (mixed case must be a valid EIP-55 checksum); a Solana address is a base58 public key of 32 bytes.',
  },
  invalid_wallet_type: { status: 400, message: 'Invalid crypto wallet type: use ethereum or solana.' },
  crypto_wallet_type_incompatible_with_siwe: {
    status: 400,
    message: 'Sign-In with Ethereum (siwe_params) is for ethereum wallets only.',
  },
  invalid_siwe_uri: {
    status: 400,
    message: "siwe_params.uri must be an http(s) URI whose origin is one of the project's allowed origins.",
  },
  invalid_siwe_chain_id: {
    status: 400,
    message: 'siwe_params.chain_id must be a positive decimal EIP-155 chain id, such as "1".',
  },
  invalid_siwe_statement: {
    status: 400,
    message: 'siwe_params.statement must be printable ASCII on one line (at most 1024 characters).',
  },
  invalid_siwe_message_request_id: {
    status: 400,
    message: 'siwe_params.message_request_id must be printable ASCII without spaces (at most 256 characters).',
  },
  invalid_siwe_resource: {
    status: 400,
    message: 'Every siwe_params.resources entry must be an RFC 3986 URI of printable ASCII without spaces.',
  },
  invalid_siwe_issued_at: {
    status: 400,
    message: 'siwe_params.issued_at must be an RFC 3339 time within five minutes of now.',
  },
  invalid_siwe_not_before: {
    status: 400,
    message: 'siwe_params.not_before must be an RFC 3339 time before the challenge expires (five minutes from now).',
  },
  siwe_message_not_valid_yet: {
    status: 400,
    message: 'The signed message is not valid yet (its Not Before time is still ahead). Try again then.',
  },
  crypto_wallet_not_found: { status: 404, message: 'Crypto wallet not found.' },
  unable_to_authenticate_crypto_wallet: {
    status: 401,
    message: 'The crypto wallet could not be authenticated: the signature does not match the challenge and address.',
  },
  duplicate_wallet_address: {
    status: 409,
    message: 'This crypto wallet belongs to another user.',
  },
  // The project as identity provider: authorize, logout and connected apps (products/idp/authorize).
  oauth_client_not_found: { status: 404, message: 'No OAuth client of this project has this client_id.' },
  invalid_redirect_uri: {
    status: 400,
    message: "The redirect_uri is not one of the client's registered redirect URIs (they are compared exactly).",
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
  // Social sign-in. The first two texts are the specification's (widget.md §8).
  oauth_token_not_found: { status: 404, message: 'OAuth Token could not be found.' },
  oauth_flow_callback_error: {
    status: 400,
    message: 'An error was encountered in the callback of the OAuth flow. Please try again.',
  },
  invalid_oauth_provider: {
    status: 400,
    message:
      'Unknown OAuth provider: use one of google, microsoft, apple, github, gitlab, facebook, discord, salesforce, slack, amazon, bitbucket, linkedin, coinbase, twitch, twitter, tiktok, snapchat, figma, yahoo.',
  },
  oauth_provider_not_allowed: { status: 400, message: "This OAuth provider is not one of the project's providers." },
  oauth_config_not_found: {
    status: 400,
    message: 'No OAuth client is configured for this provider (project.oauth.clients).',
  },
  no_redirect_urls_set: {
    status: 400,
    message: 'No login or signup redirect URL was given and the project has no default redirect URL.',
  },
  oauth_attach_token_not_found: {
    status: 404,
    message:
      'The OAuth attach token was used already, expired, names another provider or was never issued. Call oauth/attach again.',
  },
  oauth_account_link_refused: {
    status: 409,
    message:
      'An account with this email already exists. Sign in to it another way, then link this provider from the account.',
  },
  duplicate_oauth_registration: { status: 409, message: 'This social account is linked to another user.' },
  oauth_registration_not_found: { status: 404, message: 'OAuth registration not found.' },
  invalid_google_credential: {
    status: 401,
    message: 'The Google credential could not be verified (signature, issuer, audience, expiry or nonce).',
  },
  google_onetap_nonce_not_found: {
    status: 404,
    message: 'The One Tap nonce was used already, expired or was never issued. Start One Tap again.',
  },
  // Sessions from other credentials (products/sessionExchange): an access token, a trusted JWT, an impersonation token.
  invalid_access_token: {
    status: 401,
    message: 'The access token is unknown, expired or revoked. Ask the identity provider for a new one.',
  },
  insufficient_scope: {
    status: 403,
    message: 'The access token was not granted the full_access scope, which exchanging it for a session needs.',
  },
  trusted_auth_token_profile_not_found: {
    status: 404,
    message: 'No trusted auth token profile has this profile_id (project.trustedAuthTokens).',
  },
  invalid_token: {
    status: 401,
    message:
      "The token could not be verified against the profile: its signature, issuer (iss), audience (aud) or expiry (exp, required) is wrong, or it lacks the profile's email claim.",
  },
  session_user_mismatch: {
    status: 403,
    message:
      "The session named in the request belongs to another user than the token's. Sign out, or leave session_token and session_jwt out.",
  },
  user_not_found: { status: 404, message: 'User not found.' },
  impersonation_token_not_found: {
    status: 401,
    message: 'The impersonation token is unknown, expired or was used already. Ask for a new one.',
  },
  // Issue 25, finding 7: a second factor, passkey or wallet is not enrolled on an account whose email or phone number is
  // unverified (its owner's later proof would run the pre-hijacking reset and remove it). `error_details` names it.
  identifier_not_verified: {
    status: 400,
    message:
      'Verify your email address before adding a second factor, a passkey or a wallet: signing in with a code sent to it would otherwise remove them.',
  },
  request_too_large: { status: 413, message: 'The request body is too large.' },
  not_found: { status: 404, message: 'The requested resource was not found.' },
  internal_server_error: { status: 500, message: 'An internal error occurred. Please try again later.' },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorType = keyof typeof ERROR_CATALOGUE;

/** Where `error_url` points: the provider README's section for the type. */
export const ERROR_URL_BASE = 'https://github.com/latchkey-dev/latchkey/blob/main/apps/provider/README.md#errors';

/** An expected refusal: becomes the catalogue's error body with its status. */
export class ProviderError extends Error {
  readonly errorType: ErrorType;
  readonly status: number;
  /** Seconds, sent as `Retry-After` (rate limits). */
  readonly retryAfterSeconds: number | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    errorType: ErrorType,
    options: { message?: string; retryAfterSeconds?: number; details?: Record<string, unknown> } = {},
  ) {
    const entry: CatalogueEntry = ERROR_CATALOGUE[errorType];
    super(options.message ?? entry.message);
    this.name = 'ProviderError';
    this.errorType = errorType;
    this.status = entry.status;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.details = options.details;
  }
}

/** One schema problem, in the shape the SDK reads (`dataPath` like `.email`). */
export interface SchemaIssue {
  dataPath: string;
  message: string;
}

/** A request that does not match its schema: answered 400 with `{ body: [...] }` (contract §3). */
export class SchemaError extends Error {
  readonly location: 'body' | 'params' | 'query';
  readonly issues: SchemaIssue[];

  constructor(location: 'body' | 'params' | 'query', issues: SchemaIssue[]) {
    super('Request does not match expected schema');
    this.name = 'SchemaError';
    this.location = location;
    this.issues = issues;
  }
}
