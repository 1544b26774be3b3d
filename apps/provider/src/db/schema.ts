// Table shapes for Kysely. Times are epoch milliseconds (bigint), flags are 0/1 integers and JSON is text,
// so the same queries run unchanged on SQLite and PostgreSQL.
export interface ProjectsTable {
  project_id: string;
  public_token: string;
  name: string;
  created_at: number;
  /** SHA-256 (hex) of the secret key for server calls; null until one is set. Never the key itself. */
  secret_key_hash: string | null;
}

export interface UsersTable {
  user_id: string;
  project_id: string;
  created_at: number;
  status: 'active' | 'pending';
  first_name: string;
  middle_name: string;
  last_name: string;
  trusted_metadata: string;
  untrusted_metadata: string;
  roles: string;
}

export interface EmailsTable {
  email_id: string;
  user_id: string;
  project_id: string;
  /** Lower-cased; unique per project. */
  email: string;
  verified: number;
  created_at: number;
}

export interface PhoneNumbersTable {
  phone_id: string;
  user_id: string;
  project_id: string;
  /** E.164; unique per project. */
  phone_number: string;
  verified: number;
  created_at: number;
}

export interface PasswordsTable {
  password_id: string;
  user_id: string;
  /** argon2id PHC string. */
  hash: string;
  requires_reset: number;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  session_id: string;
  user_id: string;
  project_id: string;
  /** SHA-256 of the opaque session token (hex); the token itself is never stored. */
  token_hash: string;
  started_at: number;
  last_accessed_at: number;
  expires_at: number;
  revoked_at: number | null;
  ip_address: string;
  user_agent: string;
  /** JSON array of AuthenticationFactor. */
  factors: string;
  custom_claims: string | null;
  /** Who opened this session by impersonation (`impersonation/authenticate`); null for the user's own sessions. */
  impersonator_id: string | null;
  /**
   * A session made by `sessions/exchange_access_token`: the identity-provider access token (`idp_tokens.token_id`) it
   * was exchanged from, and that token's client. Revoking the token, its family or the client's grant ends the
   * session too. Null for every other session (and for sessions exchanged before migration 0010: client only).
   */
  exchanged_token_id: string | null;
  exchanged_client_id: string | null;
  /** The latest `expires_at` this session may ever have, whatever a refresh asks for; null: no cap beyond its own. */
  max_expires_at: number | null;
}

export interface OtpCodesTable {
  otp_id: string;
  project_id: string;
  /** The email_id or phone_id the code was sent to; `otps/authenticate` names it. */
  method_id: string;
  channel: 'email' | 'sms' | 'whatsapp';
  user_id: string;
  /** HMAC-SHA256 of `${otp_id}:${code}` under the HMAC key, which is never in the database (hex). */
  code_hash: string;
  expires_at: number;
  consumed_at: number | null;
  failed_attempts: number;
  created_at: number;
  /**
   * A secondary send's address (email or E.164 number) that no account holds yet: it joins the code's user
   * only when this code is authenticated, under `method_id`. Null when `method_id` names an existing row.
   */
  pending_identifier: string | null;
}

export interface EmailTokensTable {
  token_id: string;
  project_id: string;
  /** `magic_link` (also the reset email's log-in link) or `password_reset`. A token only works for its kind. */
  kind: 'magic_link' | 'password_reset';
  /** SHA-256 of the token (hex). */
  token_hash: string;
  user_id: string;
  email_id: string;
  /** PKCE S256 challenge sent with the start call, if any. */
  code_challenge: string | null;
  expires_at: number;
  consumed_at: number | null;
  created_at: number;
  /** Like `otp_codes.pending_identifier`: the address joins `user_id` as `email_id` only when the link is redeemed. */
  pending_email: string | null;
}

export interface AuthFailuresTable {
  failure_id: string;
  user_id: string;
  created_at: number;
}

/** One guess counter (`user:<user_id>`): slots taken by guesses in flight or failed, within a fixed window. */
export interface GuessCountersTable {
  counter_key: string;
  window_start: number;
  count: number;
}

export interface RateLimitsTable {
  bucket: string;
  window_start: number;
  count: number;
}

/**
 * The session-JWT signing keys (ES256). A key is `next` (published, not signing yet: activated_at null), `active`
 * (signing), `published` (superseded by a rotation, still in the JWKS while tokens it signed may be alive) or
 * `retired` (out of the JWKS, private half erased). See services/signingKeys.ts.
 */
export interface SigningKeysTable {
  kid: string;
  /** The private JWK; '' once the key is retired. */
  private_jwk: string;
  public_jwk: string;
  created_at: number;
  /** When it started signing; null while it is the pre-published next key. */
  activated_at: number | null;
  /** When a rotation replaced it as the signing key. */
  superseded_at: number | null;
  /** When it left the JWKS and its private half was erased. */
  retired_at: number | null;
}

export interface DevInboxTable {
  message_id: string;
  channel: 'email' | 'sms' | 'whatsapp';
  recipient: string;
  subject: string;
  text: string;
  html: string | null;
  /** JSON array of the links in the message. */
  links: string;
  /** JSON array of the passcodes in the message. */
  codes: string;
  created_at: number;
}

export interface EventsTable {
  event_id: string;
  public_token: string;
  event_name: string;
  details: string;
  created_at: number;
}

/** A passkey or security key of a user (issue 13). One credential id belongs to one user of the project. */
export interface WebauthnRegistrationsTable {
  webauthn_registration_id: string;
  user_id: string;
  project_id: string;
  /** The credential id the authenticator chose (base64url); unique per project. */
  credential_id: string;
  /** The COSE public key (base64url). */
  public_key: string;
  /** The signature counter last seen; an assertion must raise it (unless the authenticator keeps none: 0). */
  sign_count: number;
  /** JSON array of the transports the browser reported. */
  transports: string;
  /** The user handle (`user.id` of the creation options, base64url) the authenticator keeps with a passkey. */
  user_handle: string;
  /** The relying-party id it was registered for: the contract's `domain`. */
  rp_id: string;
  user_agent: string;
  /** `platform`, `cross-platform`, or '' when unknown. */
  authenticator_type: string;
  /** Registered as a passkey (discoverable, user verification required): every assertion must verify the user. */
  is_passkey: number;
  name: string;
  created_at: number;
}

/** One WebAuthn challenge: single use, five minutes, bound to the session (or user) that asked for it. */
export interface WebauthnChallengesTable {
  challenge_id: string;
  project_id: string;
  /** SHA-256 (hex) of the base64url challenge; the challenge itself is never stored. */
  challenge_hash: string;
  purpose: 'register' | 'authenticate';
  /** The user it is for; null for a primary (discoverable) sign-in, which anyone may answer. */
  user_id: string | null;
  /** The session that asked (registration, secondary sign-in); null for a primary sign-in. */
  session_id: string | null;
  /**
   * The intermediate session that asked (a passkey as second factor of a multi-factor sign-in); null otherwise. Only
   * a request carrying that intermediate session's token can answer the challenge.
   */
  intermediate_session_id: string | null;
  rp_id: string;
  /** Whether the answer must carry the authenticator's user-verified flag. */
  user_verification_required: number;
  /** Registration only: the options asked for a passkey. */
  is_passkey: number;
  /** Registration only: the user handle offered (base64url). */
  user_handle: string | null;
  /** Registration only: `authenticator_type` and `user_agent` of the start call. */
  authenticator_type: string | null;
  user_agent: string | null;
  expires_at: number;
  consumed_at: number | null;
  created_at: number;
}

/** An authenticator app (TOTP, RFC 6238) of a user: at most one per user; pending until its first valid code. */
export interface TotpsTable {
  totp_id: string;
  project_id: string;
  user_id: string;
  /**
   * The base32 secret, encrypted with AES-256-GCM under a key derived from the encryption key (never in the
   * database), bound to `totp_id`: `v1.` + base64url(iv ‖ ciphertext ‖ tag).
   */
  secret_ciphertext: string;
  /** 1 once a code from the app was accepted; only then can it complete a sign-in. */
  verified: number;
  /** The RFC 6238 time step of the last accepted code: codes of this step or earlier are refused (no replay). */
  last_time_step: number | null;
  /** When a pending (unverified) TOTP stops working. */
  expires_at: number;
  created_at: number;
}

/** One single-use recovery code of a TOTP. */
export interface TotpRecoveryCodesTable {
  recovery_code_id: string;
  totp_id: string;
  user_id: string;
  /** HMAC-SHA256 of `${totp_id}:${code}` under a key derived from the encryption key (hex); never the code. */
  code_hash: string;
  used_at: number | null;
  created_at: number;
}

/**
 * A sign-in that proved its first factor and still needs a second one (project `mfa.required`): the
 * `intermediate_session_token` of the answer, kept as its SHA-256. It is not a session: no session route
 * accepts it; a second factor (TOTP, recovery code) turns it into one, once.
 */
export interface IntermediateSessionsTable {
  intermediate_session_id: string;
  project_id: string;
  user_id: string;
  /** SHA-256 of the token (hex). */
  token_hash: string;
  /** JSON array of the AuthenticationFactors proved so far. */
  factors: string;
  ip_address: string;
  user_agent: string;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

/**
 * A crypto wallet of a user: an Ethereum address or a Solana public key. A row exists only once a signature by
 * the wallet verified, so every wallet is verified; one (project, type, address) belongs to one user.
 */
export interface CryptoWalletsTable {
  crypto_wallet_id: string;
  project_id: string;
  user_id: string;
  /** `ethereum` or `solana`. */
  wallet_type: string;
  /** The address as compared: Ethereum lower-case `0x…` hex, Solana base58 (case matters there). */
  address: string;
  created_at: number;
}

/**
 * A challenge issued by `crypto_wallets/authenticate/start/*`, bound to the wallet type and address that asked
 * (and, for a secondary start, to the session). The message the wallet signs is rebuilt from these fields at
 * authenticate time; its nonce is never stored (an HMAC of `nonce_salt` under a key outside the database, see
 * products/cryptoWallets/challengeMessage.ts).
 */
export interface CryptoWalletChallengesTable {
  challenge_id: string;
  project_id: string;
  wallet_type: string;
  /** Normalised as in `crypto_wallets.address`. */
  address: string;
  /** `siwe` (an EIP-4361 message, Ethereum) or `siws` (a Sign-In With Solana message). */
  format: string;
  /** 128 random bits (base64url), the input of the nonce's HMAC: useless without the server key. */
  nonce_salt: string;
  /** Secondary starts: the user and session that asked (the wallet is attached to that user). */
  user_id: string | null;
  session_id: string | null;
  /** The client IP that asked ('' when unknown): its own challenges are tried first. */
  client_ip: string;
  /** The origin of the page that asked (its Origin header, one of the project's allowed origins). */
  origin: string;
  /** The message's domain: the host (and port) of `origin`. */
  domain: string;
  /** The message's URI: SIWE, `siwe_params.uri` or else `origin`; SIWS, `origin`. */
  uri: string;
  /** SIWE: the EIP-155 chain id. */
  chain_id: number | null;
  /** SIWS: the Solana chain id (`mainnet`, `testnet`, `devnet` or `localnet`). */
  solana_chain_id: string | null;
  statement: string | null;
  request_id: string | null;
  /** SIWE: JSON array of resource URIs, or null. */
  resources: string | null;
  not_before: number | null;
  issued_at: number;
  /** Also the message's `Expiration Time`. */
  expires_at: number;
  consumed_at: number | null;
  created_at: number;
}

/**
 * A social identity of a user: one (project, provider, provider_subject) belongs to one user. A row exists only
 * once the upstream signed the identity in (redirect flow or One Tap).
 */
export interface OauthRegistrationsTable {
  oauth_user_registration_id: string;
  project_id: string;
  user_id: string;
  /** One of the 19 providers (`google`, `github`, …). */
  provider: string;
  /** The upstream's stable id of the account (`sub`, GitHub's numeric id, …). */
  provider_subject: string;
  /** The user's email the upstream named, when it is part of the account. */
  email_id: string | null;
  profile_picture_url: string;
  locale: string;
  created_at: number;
  updated_at: number;
}

/**
 * A redirect flow toward an upstream, from the start to the callback (single use, 10 minutes). Found by the hash of
 * its `state`; neither the state nor the upstream PKCE verifier or OIDC nonce is stored: both are HMACs of
 * `secret_salt` under a key outside the database (products/oauth/transactions.ts).
 */
export interface OauthTransactionsTable {
  transaction_id: string;
  project_id: string;
  provider: string;
  /** SHA-256 (hex) of the `state` sent to the upstream. */
  state_hash: string;
  /**
   * SHA-256 (hex) of the browser binding: a random value in an HttpOnly cookie of the browser that started the
   * flow, which the callback must carry (RFC 9700 §4.7: a callback in another browser is a login CSRF).
   */
  binding_hash: string;
  /** 128 random bits (base64url): the input of the verifier's and nonce's HMACs, useless without the key. */
  secret_salt: string;
  /** 0/1: a PKCE challenge was sent to the upstream (its verifier goes with the code exchange). */
  uses_pkce: number;
  /** 0/1: an OIDC nonce was sent (the ID token must carry it). */
  uses_nonce: number;
  /** `configured` (the project's client) or `development` (the development upstream). */
  upstream: string;
  /** JSON array of the scopes asked for. */
  scopes: string;
  /** The app's PKCE challenge: the oauth token is bound to it. */
  code_challenge: string | null;
  login_redirect_url: string;
  signup_redirect_url: string;
  /** Attach flow: the user the identity is linked to. */
  attach_user_id: string | null;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

/**
 * The token the app redeems with `oauth/authenticate` (single use, 10 minutes), or an error token whose redemption
 * answers the stored error. Only its hash is stored; the upstream's tokens are encrypted (products/oauth/providerValues.ts).
 */
export interface OauthTokensTable {
  token_id: string;
  project_id: string;
  /** SHA-256 (hex) of the token. */
  token_hash: string;
  provider: string;
  user_id: string | null;
  oauth_user_registration_id: string | null;
  code_challenge: string | null;
  /** AES-256-GCM of the provider values' JSON; cleared when the token is used. */
  provider_values: string | null;
  /** An error token: the error `oauth/authenticate` answers. */
  error_type: string | null;
  error_message: string | null;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

/** `oauth/attach`: a single-use token (hash only) that makes the next start link `provider` to the user. */
export interface OauthAttachTokensTable {
  token_hash: string;
  project_id: string;
  user_id: string;
  provider: string;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

/** A Google One Tap nonce (hash only; single use, 5 minutes) and the redirect URLs its start named. */
export interface OauthOnetapNoncesTable {
  nonce_hash: string;
  project_id: string;
  login_redirect_url: string;
  signup_redirect_url: string;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

/** Consent a user gave a client of the project acting as identity provider (one row per user and client). */
export interface IdpGrantsTable {
  grant_id: string;
  project_id: string;
  user_id: string;
  client_id: string;
  /** The granted scopes, space-separated. */
  scopes: string;
  created_at: number;
  updated_at: number;
}

/** An authorization code (RFC 6749 §4.1.2): single use, short-lived; only its SHA-256 is stored. */
export interface IdpAuthorizationCodesTable {
  code_id: string;
  project_id: string;
  /** SHA-256 (hex) of the code. */
  code_hash: string;
  client_id: string;
  user_id: string;
  /** The Latchkey session that approved it (the ID token's `sid`). */
  session_id: string;
  redirect_uri: string;
  /** The granted scopes, space-separated. */
  scopes: string;
  nonce: string | null;
  /** S256 challenge (RFC 7636), or null for a confidential client that sent none. */
  code_challenge: string | null;
  /** When the user last authenticated (epoch ms; the ID token's `auth_time` in seconds). */
  auth_time: number;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

/**
 * An access or refresh token issued by the token endpoint; only its SHA-256 is stored. `family_id` is the code_id
 * it descends from: a replayed code or a reused refresh token revokes the whole family.
 */
export interface IdpTokensTable {
  token_id: string;
  project_id: string;
  /** SHA-256 (hex) of the token. */
  token_hash: string;
  kind: 'access' | 'refresh';
  family_id: string;
  client_id: string;
  user_id: string;
  session_id: string | null;
  /** Space-separated scopes. */
  scopes: string;
  auth_time: number;
  created_at: number;
  expires_at: number;
  /** A refresh token that was rotated (used once). */
  consumed_at: number | null;
  revoked_at: number | null;
}

/** The identity provider's ID-token signing keys (RS256, OpenID Connect Core §15.1), published in the JWKS. */
export interface IdpSigningKeysTable {
  kid: string;
  alg: string;
  /** The private JWK; '' once the key is retired. */
  private_jwk: string;
  public_jwk: string;
  created_at: number;
  /** Lifecycle columns as in `signing_keys` (next, active, published, retired). */
  activated_at: number | null;
  superseded_at: number | null;
  retired_at: number | null;
}

/**
 * One outgoing email, text or WhatsApp message (services/outboxWorker.ts): committed by the request that sends it,
 * delivered by a worker with retries. The recipient and content are encrypted (AES-256-GCM under a key derived from
 * the HMAC key, never in the database) and erased once the message is delivered or given up on.
 */
export interface OutboxMessagesTable {
  /** Also the idempotency key handed to the sender. */
  message_id: string;
  channel: 'email' | 'sms' | 'whatsapp';
  /** `v1.` + base64url(iv ‖ ciphertext ‖ tag) of the message's JSON; '' once delivered or failed. */
  payload: string;
  status: 'pending' | 'sent' | 'failed';
  /** Delivery attempts started so far. */
  attempts: number;
  /** When the next attempt may start (epoch ms). */
  next_attempt_at: number;
  /** While an attempt runs: until when its worker holds the message; another worker may take it after. */
  lease_until: number | null;
  /** The token of the worker holding the lease; only it may record the outcome. */
  claim_token: string | null;
  /** Why the last attempt failed (no recipient, no content). */
  last_error: string | null;
  created_at: number;
  /** When it was delivered or given up on. */
  finished_at: number | null;
}

/** A named lease (`purge`): at most one holder at a time across every instance on the database. */
export interface OpsLeasesTable {
  name: string;
  holder: string | null;
  /** The lease is free once this has passed (epoch ms; 0 when released). */
  expires_at: number;
  /** When the job under this lease last finished (epoch ms; 0 never). */
  last_finished_at: number;
}

/** Impersonation tokens issued by the server call; single use, short-lived; only the SHA-256 is stored. */
export interface ImpersonationTokensTable {
  /** SHA-256 (hex) of the token. */
  token_hash: string;
  project_id: string;
  user_id: string;
  impersonator_id: string;
  reason: string;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

export interface Database {
  projects: ProjectsTable;
  users: UsersTable;
  emails: EmailsTable;
  phone_numbers: PhoneNumbersTable;
  passwords: PasswordsTable;
  sessions: SessionsTable;
  otp_codes: OtpCodesTable;
  email_tokens: EmailTokensTable;
  auth_failures: AuthFailuresTable;
  guess_counters: GuessCountersTable;
  rate_limits: RateLimitsTable;
  signing_keys: SigningKeysTable;
  dev_inbox: DevInboxTable;
  events: EventsTable;
  webauthn_registrations: WebauthnRegistrationsTable;
  webauthn_challenges: WebauthnChallengesTable;
  totps: TotpsTable;
  totp_recovery_codes: TotpRecoveryCodesTable;
  intermediate_sessions: IntermediateSessionsTable;
  crypto_wallets: CryptoWalletsTable;
  crypto_wallet_challenges: CryptoWalletChallengesTable;
  oauth_registrations: OauthRegistrationsTable;
  oauth_transactions: OauthTransactionsTable;
  oauth_tokens: OauthTokensTable;
  oauth_attach_tokens: OauthAttachTokensTable;
  oauth_onetap_nonces: OauthOnetapNoncesTable;
  idp_grants: IdpGrantsTable;
  idp_authorization_codes: IdpAuthorizationCodesTable;
  idp_tokens: IdpTokensTable;
  idp_signing_keys: IdpSigningKeysTable;
  impersonation_tokens: ImpersonationTokensTable;
  outbox_messages: OutboxMessagesTable;
  ops_leases: OpsLeasesTable;
}
