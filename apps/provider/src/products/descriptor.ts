// The shape of a product's descriptor: what a product folder (src/products/<key>/descriptor.ts) declares about
// itself for the core to iterate (products/descriptors.ts collects them), so that the core's services name no
// product. Types only: a descriptor module imports nothing that imports the core back (no import cycle).
import type {
  AccountResetItem,
  AuthenticationFactor,
  BootstrapResponse,
  ContractProduct,
  User,
} from '@latchkey/sdk/contract';
import type {
  AliasableExpression,
  Expression,
  ExpressionBuilder,
  Kysely,
  Selectable,
  SqlBool,
  Transaction,
} from 'kysely';
import type { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/sqlite';
import type { ZodType } from 'zod';
import type { Database, Executor, SessionsTable } from '../db/schema';
import type { ProviderDeps } from '../http/context';
import type { CatalogueEntry } from '../http/errors';
import type { PurgeRule } from '../ops/purgeRules';

export type { Executor };

/**
 * One part of the pre-hijacking reset (services/verification.ts): what the product removes, revokes or uses up when
 * the owner of an unverified email or phone number of the account first proves it without a session of the account.
 */
export interface AccountResetPart {
  /**
   * When it runs, and where its `item` comes in the answer's `removed`: `factor` before the account's other emails
   * and phone numbers are removed (its item before theirs), `grant` after the account's sessions are revoked (its
   * item after `sessions`), `outstanding` last (what could attach something later; no item).
   */
  stage: 'factor' | 'grant' | 'outstanding';
  /** What the answer's `removed` names when `run` counted anything. */
  item?: AccountResetItem;
  /**
   * EXISTS checks, true when `run` would find something of `userId`: the reset's check joins every product's into
   * one statement, compiled once per dialect (`userId` stands for a bound parameter: use it only as a value).
   */
  holds(eb: ExpressionBuilder<Database, never>, userId: string): Expression<SqlBool>[];
  /** Removes, revokes or uses up, in the caller's transaction; answers how many rows are worth telling the user. */
  run(trx: Executor, userId: string, now: number): Promise<number>;
}

/**
 * Whether the product's factors count as a recent authentication for a sensitive change (services/sessions.ts,
 * assertRecentAuthentication). A factor delivered to an email address always counts (the core's rule).
 */
export interface RecentAuthenticationRules {
  /** The factor counts for any user (a password, a passkey, a wallet, a social sign-in). */
  strong?(factor: AuthenticationFactor): boolean;
  /** The factor counts only for a user who holds no strong sign-in method (a phone passcode). */
  weak?(factor: AuthenticationFactor): boolean;
  /** The user (as services/users.ts loads it) holds this product's strong sign-in method. */
  holds?(user: User): boolean;
  /**
   * How the refusal of a change that needs a recent sign-in (`reauthentication_required`) names this way to sign in
   * again, before the core's `email`: "authenticate with your password or email".
   */
  named?: string;
}

/** The product's second factor (services/intermediateSessions.ts: must a sign-in wait for a second factor?). */
export interface SecondFactorRules {
  /**
   * Factor types that only complete a sign-in (recording one never waits for another), such as `totp`. A product whose
   * factor can also start a sign-in (a passkey) lists none. Products that list some are asked first by `holds`.
   */
  types?: readonly string[];
  /**
   * Does the user hold a second factor of this product that can complete a sign-in, other than what gave `used`
   * (the first factor: a passkey cannot be both factors of one sign-in)? Runs in the caller's transaction.
   */
  holds(
    db: Executor,
    userId: string,
    used: readonly Omit<AuthenticationFactor, 'last_authenticated_at'>[],
  ): Promise<boolean>;
  /**
   * How a session's factor of this product not of a `types` type proves the second factor all the same (a passkey that
   * verified the user counts as both factors), for the changes that need a session that proved one (services/
   * intermediateSessions.ts `productSecondFactorProof`). Absent: only its `types` prove it. `db` is the caller's
   * transaction when there is one.
   */
  proves?(
    db: Executor,
    userId: string,
  ): (factor: AuthenticationFactor, factors: readonly AuthenticationFactor[]) => boolean | Promise<boolean>;
  /**
   * How a user proves this product's second factor on a session, in the words of a refusal that asks for it ('a code
   * from your authenticator app', 'one of your passkeys'): services/mfa.ts joins every product's into the refusal of a
   * change to a second factor.
   */
  proofWords: readonly string[];
}

/**
 * The helpers that aggregate a subquery into JSON, for the dialect the statement is compiled for (SQLite's
 * json_group_array / json_object, PostgreSQL's json_agg / to_json: the same signatures).
 */
export interface JsonAggregates {
  arrayFrom: typeof jsonArrayFrom;
  objectFrom: typeof jsonObjectFrom;
}

/**
 * What the product adds to the user answer (services/users.ts): its columns of the one statement that loads a whole
 * user (a lookup by id, or a session's with its user), and how it fills its fields of the contract's `User`.
 */
export interface UserAnswerPart {
  /**
   * Its columns, `{ alias: (eb, json) => subquery aggregated into JSON }`, selected from `users` after the core's
   * (`eb` joins on `users.user_id`). The aliases are the row's keys `fill` reads: unique across products.
   */
  columns: Readonly<
    Record<string, (eb: ExpressionBuilder<Database, 'users'>, json: JsonAggregates) => AliasableExpression<unknown>>
  >;
  /**
   * Sets its fields of `user` (being built: the core's fields before, the other products' after) from the row's
   * columns: SQLite's driver hands aggregated JSON back as text, PostgreSQL's as parsed values (`fromJson`).
   */
  fill(row: Readonly<Record<string, unknown>>, user: User): void;
}

/** The parsed configuration as a product's check sees it. */
export interface ParsedConfig {
  readonly mode: 'development' | 'production';
  readonly project: Readonly<Record<string, unknown>>;
}

/** The product's configuration (config.ts merges it; `parseConfig` runs the checks, then the settlements). */
export interface ConfigSection {
  /** Its sections of `project`: `{ key: schema with its default }`, merged into the project's schema. */
  project?: Record<string, ZodType>;
  /**
   * The contract's product names it answers for, which `project.products` switches on (all of them by default; a
   * call to one switched off answers `method_not_enabled`), in the order the bootstrap lists them.
   */
  switches?: readonly ContractProduct[];
  /**
   * Its redirect flows that end in a token the app redeems: `project.pkce.<flow>` (on by default) binds each to the
   * browser that started it, `{ flow: what the configuration's warning calls it }`.
   */
  pkceFlows?: Readonly<Record<string, string>>;
  /**
   * Its entries of the top-level `rateLimits`: `{ name: rateWindow.default({ limit, windowSeconds }) }` (configFields.ts'
   * `rateWindow`, each default a fresh object), merged into the core's after its own entries.
   */
  rateLimits?: Record<string, ZodType>;
  /**
   * Its entries of `project.defaultRedirectUrls` (the URL an email's link uses when the call names none), beside the
   * core's `login` and `signup`: `{ name: z.string().optional() }`. The name is the `kind` its routes give
   * services/guards.ts' `resolveRedirect`.
   */
  defaultRedirectUrls?: Record<string, ZodType>;
  /**
   * Its switches that need a delivery channel, `{ channel: switches }` (`sms: ['sms_otp']`): when nothing can deliver
   * on the channel (no phone sender for `sms` or `whatsapp`), `createProvider` switches them off.
   */
  channelSwitches?: Readonly<Record<string, readonly ContractProduct[]>>;
  /**
   * The checks zod cannot make, on the parsed configuration: throws the configuration error's text. The parameter is
   * not typed as ProviderConfig, which is inferred from the descriptors: a check reads its own sections of `project`
   * as its schemas parsed them.
   */
  check?(config: ParsedConfig): void;
  /**
   * What the product settles once the whole configuration is known and every product's check passed (a value whose
   * default depends on `mode`): the sections of `project` it replaces, as new objects (the parsed defaults may be
   * shared between configurations), each of the type its schema parses.
   */
  settle?(config: ParsedConfig): Record<string, unknown>;
}

/**
 * A deprecated name of a server key, still read when the key's own name is not given: the `createProvider` option
 * (also the deprecated field of the provider object that tells where the key comes from), the environment variable
 * and the development key file's suffix. Its option and field are typed by declaration merging into provider.ts'
 * `CreateProviderOptions` and `Provider`, in the product's folder.
 */
export interface KeyAlias {
  option: string;
  env: string;
  fileSuffix: string;
}

/** One kind of e-mail token (services/emailTokens.ts). */
export interface EmailTokenKindPart {
  /** The start of its tokens' row ids (`magic-link` → `magic-link-test-…`). */
  idPrefix: string;
  /**
   * The error type answered when a token of this kind (the first kind a redemption accepts) is unknown, used, expired
   * or lost the race to another redemption: a type of some descriptor's `errors`.
   */
  notRedeemable: string;
}

/**
 * Fields a product adds to the bootstrap answer (`GET /sdk/v1/projects/bootstrap/:public_token`), placed right after the
 * core's field `after` (the contract's field order; several products after one field come in the descriptors' order).
 */
export interface BootstrapPart {
  after: keyof BootstrapResponse;
  /** Its fields, from the parsed configuration's `project` (it reads its own sections, and the core's `pkce`). */
  fields(project: ParsedConfig['project']): Partial<BootstrapResponse>;
}

/** A product's parts of the user calls (routes/users.ts). */
export interface UserCallParts {
  /**
   * Uses up what it sent to an email or a phone number the user removes (`identifierId`: its `email_id` or
   * `phone_id`), in the removal's transaction, after the core's e-mail tokens: what was sent there stops working.
   */
  identifierRemoved?(trx: Executor, identifierId: string, now: number): Promise<void>;
  /**
   * The fields of the user `PUT /users/me` repeats beside `user_id`, `emails` and `phone_numbers` (the contract's
   * answer), in the descriptors' order.
   */
  updateAnswer?: readonly (keyof User)[];
  /**
   * `POST /users/search`: the `userType` it answers for a known email whose user `holds` its method (the first
   * product whose `holds` is true; `passwordless` when none is).
   */
  search?: { userType: string; holds(db: Executor, userId: string): Promise<boolean> };
}

/** A product's routes as the core's HTTP layer treats them (http/app.ts). */
export interface HttpParts {
  /**
   * Paths any origin may call without credentials (`access-control-allow-origin: *`, never cookies): a path, or a
   * prefix ending in `*` (`/oauth2/*`).
   */
  openCorsPaths?: readonly string[];
  /**
   * Route patterns (Hono's, `/oauth2/*`) whose request bodies are held to the core's size limit, like everything
   * under `/sdk/v1` and `/v1`.
   */
  limitedBodies?: readonly string[];
  /**
   * Exact paths a browser reaches by navigation, or by a form another site posts (an upstream's `form_post` callback):
   * answered with no CORS headers and never refused for their `Origin` (a cross-site form POST always carries the
   * other site's, or `null`). Each must protect itself by other means (a state bound to the browser).
   */
  navigationPaths?: readonly string[];
}

/**
 * One kind of signing key (services/signingKeys.ts): where its keys are kept, how they sign, and how long a token it
 * signs may live. The core's kind signs session JWTs; a product may add its own (the identity provider's ID tokens).
 */
export interface KeyKind {
  /** What `keys rotate` and `keys list` call it: `session`, `id_token`. */
  name: string;
  /** Its table, with the columns of a key row (`signing_keys`' and its own: kid, private_jwk, public_jwk, …). */
  table: keyof Database;
  alg: 'ES256' | 'RS256';
  /** The start of every key id of the kind (`jwk-`, `idp-`). */
  kidPrefix: string;
  /** Its table has an `alg` column too: its keys are read with the kind's `alg` and written with it. */
  algColumn?: boolean;
  /**
   * The longest lifetime of a token its keys sign, in milliseconds, from the configuration: a superseded key stays
   * published that long (plus the key cache and a margin).
   */
  tokenLifetimeMs(config: { readonly project: Readonly<Record<string, unknown>> }): number;
}

/**
 * A Kysely handle as a migration gets it: untyped, since a migration must not depend on today's schema type (Kysely's
 * advice; the tables it creates are those of its release).
 */
// biome-ignore lint/suspicious/noExplicitAny: see above.
export type MigrationDb = Kysely<any>;

/**
 * A product's parts of the migrations, `{ migration name: part }` (db/migrations.ts composes them): a name the core or
 * another product uses too is the same migration (its part runs after the core's and the earlier products').
 */
export type MigrationParts = Readonly<Record<string, (db: MigrationDb) => Promise<void>>>;

/** A product's error types: `{ type: { status, message } }`, declared `as const satisfies ErrorCatalogue`. */
export type ErrorCatalogue = Record<string, CatalogueEntry>;

/**
 * What a product declares about itself (the README's "Product descriptors: what a product tells the core"). A
 * descriptor is declared `{ … } satisfies ProductDescriptor`, so that its `errors` keep their literal types (the
 * core's `ErrorType` is the union of every catalogue's keys).
 */
export interface ProductDescriptor {
  /** The widget's configuration key (the same as the product's entry in products/registry.ts). */
  key: string;
  /**
   * The tables it owns (their rows are declared in its tables.ts, merged into the core's `Database`): each table of the
   * database is the core's (db/schema.ts' CORE_TABLES) or one product's.
   */
  tables?: readonly (keyof Database)[];
  /** Its parts of the migrations that create and change its tables, by migration name. */
  migrations?: MigrationParts;
  /** Its parts of the pre-hijacking reset, in the order they run within their stage. */
  accountReset?: readonly AccountResetPart[];
  /** What the purge job may delete of its tables (ops/purge.ts), in the order the rules run. */
  purge?: readonly PurgeRule[];
  /** Whether its factors count as a recent authentication. */
  recentAuthentication?: RecentAuthenticationRules;
  /** Its factor as a second factor. */
  secondFactor?: SecondFactorRules;
  /**
   * Whether a live session still stands by this product's rules, asked in memory at every lookup of a session by its
   * token or JWT (services/sessions.ts findLiveSession): a session exchanged from a client's access token ends once
   * the operator removes that client or takes `full_access` from it. False answers as a session that is not there.
   */
  sessionStands?: (config: ParsedConfig, session: Selectable<SessionsTable>) => boolean;
  /**
   * What a password change ends of its own, in the transaction that makes it (services/credentialChange.ts), before the
   * user's other sessions are revoked: whatever could start a session again without the new password (the identity
   * provider's `full_access` tokens, which `sessions/exchange_access_token` turns into sessions).
   */
  afterCredentialChange?: (trx: Transaction<Database>, userId: string, now: number) => Promise<void>;
  /**
   * Makes a change one of its first-factor routes deferred to the second factor (services/intermediateSessions.ts'
   * `DeferredChange`, `{ product: key, change }`): a call whose sign-in must wait for a second factor (project
   * `mfa.required`) stores its change with the intermediate session instead of making it, and the call that completes
   * it (services/mfa.ts) runs this in its transaction, after the session starts. Throwing refuses the completion
   * (nothing is kept, the intermediate session stays usable until it ends).
   */
  afterSecondFactor?: (
    trx: Transaction<Database>,
    deps: ProviderDeps,
    change: unknown,
    completed: { userId: string; sessionId: string; now: number },
  ) => Promise<void>;
  /**
   * What its enrolment adds that a later proof of an unverified email or phone number would remove (its routes call
   * services/verification.ts' `assertIdentifiersVerified`), as the refusal (`identifier_not_verified`) names it:
   * "Verify your email address before adding a second factor, a passkey or a wallet". Listed second-factor-only
   * products first (`secondFactor.types`), then in the descriptors' order.
   */
  verifiedIdentifiersFirst?: { adding: string };
  /** Its configuration sections. */
  config?: ConfigSection;
  /**
   * What it adds to the user answer (and so to every answer that carries the user: sessions, sign-ins). Every table
   * its columns read must bump its user's `methods_version` on each write: its migration calls
   * `bumpUserMethodsVersionOn(db, '<table>')` (db/migrationSteps.ts), or a refresh on another instance can show a
   * stale copy of the user's methods (test/userMethodsVersion.test.ts checks the real products' tables).
   */
  userAnswer?: UserAnswerPart;
  /**
   * The deprecated names of the core's server keys it still answers to (a key once named after the product):
   * services/encryptionKey.ts reads the `encryption` alias's option, variable and development file.
   */
  keyAliases?: { encryption?: KeyAlias };
  /**
   * Its kinds of the core's shared e-mail tokens (services/emailTokens.ts; each kind also declared in its tables.ts by
   * merging into db/schema.ts' `EmailTokenKinds`).
   */
  emailTokens?: Readonly<Record<string, EmailTokenKindPart>>;
  /** Its fields of the bootstrap answer (routes/project.ts), each where the contract puts it. */
  bootstrap?: readonly BootstrapPart[];
  /** Its parts of the user calls (routes/users.ts). */
  users?: UserCallParts;
  /** What the core's HTTP layer (http/app.ts) does for its routes outside `/sdk/v1` and `/v1`. */
  http?: HttpParts;
  /**
   * Its sign-in calls, `{ 'METHOD route template': method label }` (`'POST /sdk/v1/otps/authenticate': 'otp'`): each
   * starts (or extends) a session when it succeeds, and the metrics count it under its label (ops/metrics.ts'
   * `latchkey_sign_ins_total`, by outcome). A label may serve several routes (the password resets).
   */
  signInRoutes?: Readonly<Record<string, string>>;
  /**
   * Field names of its request bodies that hold a secret (a password, a code): the log blanks them wherever they
   * appear, one level deep, like the core's (ops/logging.ts), a guard against a future log call passing a body.
   */
  logRedaction?: readonly string[];
  /**
   * Its kinds of signing key, kept, rotated (`keys rotate`), listed (`keys list`) and retired by the purge like the
   * core's session keys, after them.
   */
  signingKeys?: readonly KeyKind[];
  /** Its error types, merged into http/errors.ts's ERROR_CATALOGUE (a type is declared once in the whole catalogue). */
  errors?: ErrorCatalogue;
}
