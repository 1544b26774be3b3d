import type { Generated, Kysely, Transaction } from 'kysely';
// Table shapes for Kysely. Times are epoch milliseconds (bigint), flags are 0/1 integers and JSON is text,
// so the same queries run unchanged on SQLite and PostgreSQL.
export interface ProjectsTable {
  project_id: string;
  public_token: string;
  name: string;
  created_at: number;
  /** SHA-256 (hex) of the secret key for server calls; null until one is set. Never the key itself. */
  secret_key_hash: string | null;
  /**
   * The hashes of the secret keys a newer one replaced (a JSON array, newest first): an instance started with one of
   * them again is refused instead of bringing the replaced key back for every instance. Null before any replacement.
   */
  retired_secret_key_hashes: string | null;
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
  /**
   * Bumped by the database (a trigger) on every write of a table the user answer aggregates (emails, phone numbers,
   * each product's methods), in the writing transaction: services/users.ts' per-process copy of the aggregated
   * methods is valid while this is the version it was read with.
   */
  methods_version: Generated<number>;
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
}

/**
 * The kinds of the shared e-mail tokens, `{ kind: true }`: each product that sends tokens by email declares its kinds by
 * declaration merging (in its tables.ts) and describes them in its descriptor's `emailTokens`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging.
export interface EmailTokenKinds {}

/** A kind of e-mail token (a key of EmailTokenKinds). */
export type EmailTokenKind = keyof EmailTokenKinds & string;

export interface EmailTokensTable {
  token_id: string;
  project_id: string;
  /** One of the products' kinds (EmailTokenKinds). A token only works for its kind. */
  kind: EmailTokenKind;
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
  /**
   * The session that made the secondary send (null for any other send, and for links sent before migration
   * 0020_pending_send_sessions): a link with a `pending_email` is redeemed only by that session (mayRedeemPending).
   */
  sender_session_id: string | null;
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
  /**
   * How long it stays published once superseded, at least: the longest retention of the instances that signed with
   * it (each records its own before its first signature); null while none has.
   */
  retention_ms: number | null;
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
  /**
   * JSON `{ product, change }`: what the first factor's call asked to change (a password reset's new password hash),
   * made only when the second factor completes the sign-in (services/mfa.ts); null for a plain sign-in. Since
   * 0021_deferred_changes.
   */
  deferred: string | null;
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

/** The serving instances' retention (ops/retention.ts): the purge keeps rows as long as the longest asks. */
export interface OpsInstancesTable {
  instance_id: string;
  /** Its `Retention`, JSON. */
  retention: string;
  /** When it last announced itself (epoch ms). */
  seen_at: number;
}

/**
 * The core's tables. Each product adds its own, and its columns of a core table, from its folder
 * (`products/<key>/tables.ts`, `declare module '../../db/schema'`): the whole database's type is this interface once
 * every product's declarations are merged in.
 */
export interface Database {
  projects: ProjectsTable;
  users: UsersTable;
  emails: EmailsTable;
  phone_numbers: PhoneNumbersTable;
  sessions: SessionsTable;
  email_tokens: EmailTokensTable;
  auth_failures: AuthFailuresTable;
  guess_counters: GuessCountersTable;
  rate_limits: RateLimitsTable;
  signing_keys: SigningKeysTable;
  dev_inbox: DevInboxTable;
  events: EventsTable;
  intermediate_sessions: IntermediateSessionsTable;
  outbox_messages: OutboxMessagesTable;
  ops_leases: OpsLeasesTable;
  ops_instances: OpsInstancesTable;
}

/** A database handle or a transaction on it: what a statement that may run in the caller's transaction takes. */
export type Executor = Kysely<Database> | Transaction<Database>;

/** The core's tables (CORE_TABLES and every product descriptor's `tables` name each table of the database once). */
export const CORE_TABLES = [
  'projects',
  'users',
  'emails',
  'phone_numbers',
  'sessions',
  'email_tokens',
  'auth_failures',
  'guess_counters',
  'rate_limits',
  'signing_keys',
  'dev_inbox',
  'events',
  'intermediate_sessions',
  'outbox_messages',
  'ops_leases',
  'ops_instances',
] as const satisfies readonly (keyof Database)[];
