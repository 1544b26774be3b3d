// The sample product's table (Kysely row type), merged into the core's `Database` by declaration merging, as a real
// product's src/products/<key>/tables.ts is. Created by its migration (./migrations.ts).

/** A user's security question and the argon2id hash of its answer: at most one per user. */
export interface SecurityAnswersTable {
  security_answer_id: string;
  project_id: string;
  user_id: string;
  /** The question, as the user wrote it (shown back to them; not a secret). */
  question: string;
  /** argon2id (PHC string) of the normalised answer (answerHash.ts); never the answer. */
  answer_hash: string;
  created_at: number;
  updated_at: number;
}

declare module '../../src/db/schema' {
  interface Database {
    security_answers: SecurityAnswersTable;
  }
}
