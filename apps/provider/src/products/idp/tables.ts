// The product's tables (Kysely row types), merged into the core's `Database` (db/schema.ts) by declaration merging:
// every compilation that sees `Database` sees them, since the core's services import products/descriptors.ts, which
// imports this product's descriptor, which imports this file. Created by the product's migrations (./migrations.ts).

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
  retention_ms: number | null;
}

/**
 * The subject identifier (`sub`, OpenID Connect Core §2, §8) the identity provider publishes for a user, once the
 * user's first one was given up: the pre-hijacking reset writes a new one (./subjects.ts). A user without a row is
 * published as their user id (every user before migration 0026, and every user no reset ever ran for).
 */
export interface IdpSubjectsTable {
  user_id: string;
  /** `sub-test-…` / `sub-live-…`: opaque, never a user id, never reassigned. */
  subject: string;
  /** When this subject replaced the previous one (epoch ms). */
  created_at: number;
}

declare module '../../db/schema' {
  interface Database {
    idp_grants: IdpGrantsTable;
    idp_authorization_codes: IdpAuthorizationCodesTable;
    idp_tokens: IdpTokensTable;
    idp_signing_keys: IdpSigningKeysTable;
    idp_subjects: IdpSubjectsTable;
  }
}
