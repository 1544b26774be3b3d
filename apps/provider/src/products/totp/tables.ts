// The product's tables (Kysely row types), merged into the core's `Database` (db/schema.ts) by declaration merging:
// every compilation that sees `Database` sees them, since the core's services import products/descriptors.ts, which
// imports this product's descriptor, which imports this file. Created by the product's migrations (./migrations.ts).

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

declare module '../../db/schema' {
  interface Database {
    totps: TotpsTable;
    totp_recovery_codes: TotpRecoveryCodesTable;
  }
}
