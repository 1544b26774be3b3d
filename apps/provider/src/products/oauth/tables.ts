// The product's tables (Kysely row types), merged into the core's `Database` (db/schema.ts) by declaration merging:
// every compilation that sees `Database` sees them, since the core's services import products/descriptors.ts, which
// imports this product's descriptor, which imports this file. Created by the product's migrations (./migrations.ts).

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
  /**
   * An attach flow's token: JSON of the identity to link to `user_id` (PendingLink, oauthTokens.ts), linked only when a
   * session of that user redeems the token.
   */
  pending_link: string | null;
  /**
   * JSON of what the pre-hijacking reset removed when the callback's identity proved the account's unverified email
   * (AccountReset: the answer's `account_reset`); null when it ran no reset.
   */
  account_reset: string | null;
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

declare module '../../db/schema' {
  interface Database {
    oauth_registrations: OauthRegistrationsTable;
    oauth_transactions: OauthTransactionsTable;
    oauth_tokens: OauthTokensTable;
    oauth_attach_tokens: OauthAttachTokensTable;
    oauth_onetap_nonces: OauthOnetapNoncesTable;
  }
}
