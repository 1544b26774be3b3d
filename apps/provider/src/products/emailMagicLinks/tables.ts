// The product's kind of the core's shared e-mail tokens (db/schema.ts' EmailTokenKinds), merged by declaration
// merging: every compilation that sees `Database` sees it, since the descriptor imports this file.

declare module '../../db/schema' {
  interface EmailTokenKinds {
    /** A log-in link (also the password-reset email's log-in link). */
    magic_link: true;
  }
}

export {};
