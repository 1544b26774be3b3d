// The product's tables (Kysely row types), merged into the core's `Database` (db/schema.ts) by declaration merging:
// every compilation that sees `Database` sees them, since the core's services import products/descriptors.ts, which
// imports this product's descriptor, which imports this file. Created by the product's migrations (./migrations.ts).

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

declare module '../../db/schema' {
  interface Database {
    impersonation_tokens: ImpersonationTokensTable;
  }
  /** The columns the session exchange and impersonation add to the core's sessions (the core's session store sets them). */
  interface SessionsTable {
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
}
