// The product's tables (Kysely row types), merged into the core's `Database` (db/schema.ts) by declaration merging:
// every compilation that sees `Database` sees them, since the core's services import products/descriptors.ts, which
// imports this product's descriptor, which imports this file. Created by the product's migrations (./migrations.ts).

export interface PasswordsTable {
  password_id: string;
  user_id: string;
  /** argon2id PHC string. */
  hash: string;
  requires_reset: number;
  created_at: number;
  updated_at: number;
}

declare module '../../db/schema' {
  interface Database {
    passwords: PasswordsTable;
  }
}

declare module '../../db/schema' {
  interface EmailTokenKinds {
    /** A password-reset link. */
    password_reset: true;
  }
}
