// The product's tables (Kysely row types), merged into the core's `Database` (db/schema.ts) by declaration merging:
// every compilation that sees `Database` sees them, since the core's services import products/descriptors.ts, which
// imports this product's descriptor, which imports this file. Created by the product's migrations (./migrations.ts).

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
  /**
   * The session that made the secondary send (null for any other send, and for codes sent before migration
   * 0020_pending_send_sessions): a code with a `pending_identifier` is redeemed only by that session
   * (services/recipients.ts, mayRedeemPending).
   */
  sender_session_id: string | null;
}

declare module '../../db/schema' {
  interface Database {
    otp_codes: OtpCodesTable;
  }
}
