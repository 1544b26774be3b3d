// The product's tables (Kysely row types), merged into the core's `Database` (db/schema.ts) by declaration merging:
// every compilation that sees `Database` sees them, since the core's services import products/descriptors.ts, which
// imports this product's descriptor, which imports this file. Created by the product's migrations (./migrations.ts).
import type { Generated } from 'kysely';

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
  /**
   * 1 when the authenticator verified the user at registration (WebAuthn L3 §4 `uvInitialized`), or later when it
   * verified the user to complete a sign-in another factor had started. Only then does an assertion's user-verified
   * flag make it multi-factor on its own: a PIN set on a key without one, by whoever holds it, proves nothing. 0 by
   * default (an insert that does not say).
   */
  uv_initialized: Generated<number>;
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

declare module '../../db/schema' {
  interface Database {
    webauthn_registrations: WebauthnRegistrationsTable;
    webauthn_challenges: WebauthnChallengesTable;
  }
}
