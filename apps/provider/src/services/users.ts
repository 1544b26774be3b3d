import type { User } from '@latchkey/sdk/contract';
import type { AliasedExpression, ExpressionBuilder, Selectable } from 'kysely';
import * as postgresJson from 'kysely/helpers/postgres';
import * as sqliteJson from 'kysely/helpers/sqlite';
import { dialectOf } from '../db/dialect';
import { precompiled } from '../db/precompiled';
import type { Database, Executor, SessionsTable } from '../db/schema';
import type { ProviderDeps } from '../http/context';
import type { JsonAggregates } from '../products/descriptor';
import { fromJson } from '../products/descriptorHelpers';
import { USER_ANSWER_PARTS } from '../products/descriptors';
import { USER_ANSWER_COLUMNS } from '../products/productParts';
import { canonicalEmail } from './emailAddress';
import { canonicalPhoneNumber } from './phoneNumber';
import { newId } from './secrets';

const iso = (ms: number) => new Date(ms).toISOString();

/** Email addresses are compared and stored in one spelling per mailbox (emailAddress.ts, canonicalEmail). */
export function normalizeEmail(email: string): string {
  return canonicalEmail(email);
}

/** The helpers of each dialect, built once (the statements that use them are compiled once per dialect). */
const JSON_AGGREGATES: Record<'sqlite' | 'postgres', JsonAggregates> = {
  sqlite: { arrayFrom: sqliteJson.jsonArrayFrom, objectFrom: sqliteJson.jsonObjectFrom },
  postgres: { arrayFrom: postgresJson.jsonArrayFrom, objectFrom: postgresJson.jsonObjectFrom },
};

/**
 * The user's emails and phone numbers, then what each product adds to the user answer (products/descriptors.ts'
 * USER_ANSWER_PARTS: its columns), each aggregated into JSON by the database: the columns a query from `users`
 * selects to load a whole user (loadUser).
 */
export function userMethodColumns(db: Executor, eb: ExpressionBuilder<Database, 'users'>) {
  const json = JSON_AGGREGATES[dialectOf(db)];
  const { arrayFrom } = json;
  return [
    arrayFrom(
      eb
        .selectFrom('emails')
        .select(['emails.email_id', 'emails.email', 'emails.verified'])
        .whereRef('emails.user_id', '=', 'users.user_id')
        .orderBy('emails.created_at')
        .orderBy('emails.email_id'),
    ).as('email_rows'),
    arrayFrom(
      eb
        .selectFrom('phone_numbers')
        .select(['phone_numbers.phone_id', 'phone_numbers.phone_number', 'phone_numbers.verified'])
        .whereRef('phone_numbers.user_id', '=', 'users.user_id')
        .orderBy('phone_numbers.created_at')
        .orderBy('phone_numbers.phone_id'),
    ).as('phone_rows'),
    // Typed without their aliases: the row's type keeps the core's columns only, and each product's `fill` reads its own.
    ...USER_ANSWER_PARTS.flatMap((part) =>
      Object.entries(part.columns).map(
        ([alias, column]) => column(eb, json).as(alias) as AliasedExpression<unknown, never>,
      ),
    ),
  ];
}

/** The user row with its emails, phone numbers and what each product adds, aggregated into JSON by the database. */
const selectUserWithMethods = precompiled(
  (db, userId) =>
    db
      .selectFrom('users')
      .selectAll('users')
      .select((eb) => userMethodColumns(db, eb))
      .where('users.user_id', '=', userId as string),
  1,
  { rowAsJson: true },
);

/**
 * The user's own columns, for a query of another table joined with `users` (whose own columns keep their names):
 * with userMethodColumns, what userOfJoinedRow turns into the whole user, as loadUser loads it.
 */
export const JOINED_USER_COLUMNS = [
  'users.created_at as user_created_at',
  'users.status as user_status',
  'users.first_name',
  'users.middle_name',
  'users.last_name',
  'users.trusted_metadata',
  'users.untrusted_metadata',
  'users.roles',
] as const;

type UserWithMethodsRow = Awaited<ReturnType<typeof selectUserWithMethods>>[number];
/** What JOINED_USER_COLUMNS and userMethodColumns add to a joined row (its `user_id` and `project_id` are its own). */
type JoinedUserColumns = Omit<
  UserWithMethodsRow,
  'user_id' | 'project_id' | 'created_at' | 'status' | 'methods_version'
> & {
  user_created_at: UserWithMethodsRow['created_at'];
  user_status: UserWithMethodsRow['status'];
};

/**
 * The keys JOINED_USER_COLUMNS and userMethodColumns add to a joined row (the products' columns too): what
 * userOfJoinedRow takes out of it.
 */
const JOINED_USER_KEYS: ReadonlySet<string> = new Set<string>([
  ...([
    'user_created_at',
    'user_status',
    'first_name',
    'middle_name',
    'last_name',
    'trusted_metadata',
    'untrusted_metadata',
    'roles',
    'email_rows',
    'phone_rows',
  ] satisfies (keyof JoinedUserColumns)[]),
  ...USER_ANSWER_COLUMNS,
]);

/** The user's row from a row joined with it (JOINED_USER_COLUMNS' aliases), its email and phone rows from `methods`. */
function userRowOf(
  row: Omit<JoinedUserColumns, 'email_rows' | 'phone_rows'> & { user_id: string; project_id: string },
  methods: Pick<JoinedUserColumns, 'email_rows' | 'phone_rows'>,
): Omit<UserWithMethodsRow, 'methods_version'> {
  return {
    user_id: row.user_id,
    project_id: row.project_id,
    created_at: row.user_created_at,
    status: row.user_status,
    first_name: row.first_name,
    middle_name: row.middle_name,
    last_name: row.last_name,
    trusted_metadata: row.trusted_metadata,
    untrusted_metadata: row.untrusted_metadata,
    roles: row.roles,
    email_rows: methods.email_rows,
    phone_rows: methods.phone_rows,
  } as Omit<UserWithMethodsRow, 'methods_version'>;
}

/** Splits a row joined with its user (JOINED_USER_COLUMNS, userMethodColumns) into the whole user and the rest. */
export function userOfJoinedRow<Row extends JoinedUserColumns & { user_id: string; project_id: string }>(
  row: Row,
): { user: User; rest: Omit<Row, keyof JoinedUserColumns> } {
  // The products' columns are read from the joined row itself (the same aliases).
  const user = userFromRow(userRowOf(row, row), row);
  // A loop rather than a `...rest` destructuring: V8 copies the thirty-odd columns of a driver's row for a rest
  // pattern about four times slower (8 µs against 2 µs per call), and every refresh and passcode runs this once.
  const rest: Record<string, unknown> = {};
  for (const key in row) {
    if (!JOINED_USER_KEYS.has(key)) rest[key] = row[key];
  }
  return { user, rest: rest as Omit<Row, keyof JoinedUserColumns> };
}

/**
 * A live-or-not session by its token's hash, with its user's own columns and `methods_version`, but not the user's
 * aggregated methods: the refresh takes those from the per-process copy when its version is the user's (a select as
 * cheap as a session lookup), and reads them (selectUserWithMethods) only when it is not.
 */
const selectSessionWithUserRow = precompiled(
  (db, tokenHash, projectId) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.user_id', 'sessions.user_id')
      .selectAll('sessions')
      .select([...JOINED_USER_COLUMNS, 'users.methods_version'])
      .where('sessions.token_hash', '=', tokenHash as string)
      .where('sessions.project_id', '=', projectId as string),
  2,
  { rowAsJson: true },
);

/** A user's aggregated methods (userMethodColumns' values, as the driver answered them) at one `methods_version`. */
interface CachedMethods {
  version: number;
  createdAt: number;
  columns: Readonly<Record<string, unknown>>;
}

/** The most users whose methods one process keeps per database (the least recently stored go first). */
export const USER_METHODS_CACHE_SIZE = 10_000;

/** The keys of userMethodColumns' values in a row: the core's and every product's (USER_ANSWER_COLUMNS). */
const METHOD_KEYS: readonly string[] = ['email_rows', 'phone_rows', ...USER_ANSWER_COLUMNS];

/**
 * Per provider instance: user id → the user's aggregated methods at a version. Only an optimisation: an entry is used
 * only when the database answers the same `methods_version` (and creation time) for the user, which every write of
 * the methods' tables bumps in its own transaction (a trigger, db/migrationSteps.ts), so a change made by any instance
 * shows at once on every other. Entries are stored only from statements run outside any transaction (committed data).
 */
const methodsCaches = new WeakMap<object, Map<string, CachedMethods>>();

function methodsCacheOf(owner: object): Map<string, CachedMethods> {
  let cache = methodsCaches.get(owner);
  if (!cache) {
    cache = new Map();
    methodsCaches.set(owner, cache);
  }
  return cache;
}

function rememberMethods(cache: Map<string, CachedMethods>, userId: string, entry: CachedMethods): void {
  cache.delete(userId);
  cache.set(userId, entry);
  if (cache.size > USER_METHODS_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
}

/**
 * The session a token's hash names (live or not: the caller checks) and its whole user, as loadUser loads it: one
 * statement when this process holds the user's methods at the version the database answers, two otherwise (then
 * they are kept for the next refresh). `db` must not be a transaction (what is kept must be committed); `owner` is
 * whose copies these are (the provider instance's dependencies; by default the database handle).
 */
export async function loadSessionWithUser(
  db: Executor,
  tokenHash: string,
  projectId: string,
  owner: object = db,
): Promise<{ session: Selectable<SessionsTable>; user: User } | undefined> {
  const [row] = await selectSessionWithUserRow(db, tokenHash, projectId);
  if (!row) return undefined;
  const session: Record<string, unknown> = {};
  for (const key in row) {
    if (!JOINED_USER_KEYS.has(key) && key !== 'methods_version') session[key] = row[key as keyof typeof row];
  }
  const cache = methodsCacheOf(owner);
  const cached = cache.get(row.user_id);
  if (cached && cached.version === Number(row.methods_version) && cached.createdAt === Number(row.user_created_at)) {
    const user = userFromRow(
      userRowOf(row, cached.columns as Pick<JoinedUserColumns, 'email_rows' | 'phone_rows'>),
      cached.columns,
    );
    return { session: session as Selectable<SessionsTable>, user };
  }
  // The whole user in one statement: its methods and the version they are at come from the same snapshot.
  const [whole] = await selectUserWithMethods(db, row.user_id);
  if (!whole) return undefined;
  const columns: Record<string, unknown> = {};
  for (const key of METHOD_KEYS) columns[key] = (whole as Record<string, unknown>)[key];
  rememberMethods(cache, row.user_id, {
    version: Number(whole.methods_version),
    createdAt: Number(whole.created_at),
    columns,
  });
  return { session: session as Selectable<SessionsTable>, user: userFromRow(whole, whole) };
}

/** The full user object the SDK reads, or undefined when there is no such user. One query. */
export async function loadUser(db: Executor, userId: string): Promise<User | undefined> {
  const [user] = await selectUserWithMethods(db, userId);
  return user && userFromRow(user, user);
}

/**
 * The contract's user object from a row of selectUserWithMethods: the core's fields, then each product's in the
 * contract's order (USER_ANSWER_PARTS fill them from `columns`, the row that holds their columns), then the core's.
 */
function userFromRow(user: Omit<UserWithMethodsRow, 'methods_version'>, columns: object): User {
  const emails = fromJson<{ email_id: string; email: string; verified: number }[]>(user.email_rows);
  const phones = fromJson<{ phone_id: string; phone_number: string; verified: number }[]>(user.phone_rows);
  const answer = {
    user_id: user.user_id,
    created_at: iso(user.created_at),
    status: user.status,
    name: { first_name: user.first_name, middle_name: user.middle_name, last_name: user.last_name },
    emails: emails.map((row) => ({ email_id: row.email_id, email: row.email, verified: row.verified === 1 })),
    phone_numbers: phones.map((row) => ({
      phone_id: row.phone_id,
      phone_number: row.phone_number,
      verified: row.verified === 1,
    })),
  } as User;
  for (const part of USER_ANSWER_PARTS) part.fill(columns as Readonly<Record<string, unknown>>, answer);
  answer.trusted_metadata = JSON.parse(user.trusted_metadata) as Record<string, unknown>;
  answer.untrusted_metadata = JSON.parse(user.untrusted_metadata) as Record<string, unknown>;
  answer.roles = servedRoles(JSON.parse(user.roles) as string[]);
  return answer;
}

/** The role every user holds (RBAC): served first in every user's `roles`, never stored. */
export const DEFAULT_USER_ROLE = 'stytch_user';

/** A user's roles as served: the default role, then the stored ones (assigned by the project). */
function servedRoles(stored: string[]): string[] {
  return [DEFAULT_USER_ROLE, ...stored.filter((role) => role !== DEFAULT_USER_ROLE)];
}

/** Like loadUser, for a user that must exist (it was just read or written in the same transaction). */
export async function requireUser(db: Executor, userId: string): Promise<User> {
  const user = await loadUser(db, userId);
  if (!user) throw new Error(`User ${userId} vanished`);
  return user;
}

export interface IdentifierOwner {
  userId: string;
  /** The email_id or phone_id: the `method_id` of passcodes sent to it. */
  methodId: string;
  created: boolean;
}

/** The user an email belongs to, if any. */
export async function findEmail(db: Executor, projectId: string, email: string) {
  return db
    .selectFrom('emails')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst();
}

/** The user a phone number belongs to, if any (compared in its one spelling: phoneNumber.ts, canonicalPhoneNumber). */
export async function findPhoneNumber(db: Executor, projectId: string, phoneNumber: string) {
  return db
    .selectFrom('phone_numbers')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('phone_number', '=', canonicalPhoneNumber(phoneNumber))
    .executeTakeFirst();
}

/** An email address or an E.164 phone number: what passcodes and links are sent to. */
export type Identifier = { kind: 'email'; email: string } | { kind: 'phone'; phoneNumber: string };

/** The owner and method id (email_id or phone_id) of an identifier, if the project has it. */
export async function findIdentifier(
  db: Executor,
  projectId: string,
  identifier: Identifier,
): Promise<{ userId: string; methodId: string } | undefined> {
  if (identifier.kind === 'email') {
    const row = await findEmail(db, projectId, identifier.email);
    return row && { userId: row.user_id, methodId: row.email_id };
  }
  const row = await findPhoneNumber(db, projectId, identifier.phoneNumber);
  return row && { userId: row.user_id, methodId: row.phone_id };
}

/**
 * Inserts an email or phone number (unverified unless `verified`) for `userId` unless the project already has
 * it, and returns its id (`id`, or a new one), or null when someone holds it. The unique (project, identifier)
 * index decides a race.
 */
export async function insertIdentifier(
  db: Executor,
  deps: ProviderDeps,
  userId: string,
  identifier: Identifier,
  options: { id?: string; verified?: boolean } = {},
): Promise<string | null> {
  const common = {
    user_id: userId,
    project_id: deps.config.project.projectId,
    verified: options.verified === true ? 1 : 0,
    created_at: deps.clock.now(),
  };
  if (identifier.kind === 'email') {
    const emailId = options.id ?? newId('email', deps.environment);
    const inserted = await db
      .insertInto('emails')
      .values({ ...common, email_id: emailId, email: normalizeEmail(identifier.email) })
      .onConflict((conflict) => conflict.columns(['project_id', 'email']).doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1 ? emailId : null;
  }
  const phoneId = options.id ?? newId('phone-number', deps.environment);
  const inserted = await db
    .insertInto('phone_numbers')
    // In its one spelling whoever hands it over (a pending code's number stored by an instance of an older version).
    .values({ ...common, phone_id: phoneId, phone_number: canonicalPhoneNumber(identifier.phoneNumber) })
    .onConflict((conflict) => conflict.columns(['project_id', 'phone_number']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1 ? phoneId : null;
}

/**
 * The user who owns the identifier, created (with `status`) if nobody does. Fifty parallel calls for one
 * new identifier create one user: the unique index decides, and the losers read the winner's row.
 */
export async function findOrCreateUser(
  deps: ProviderDeps,
  identifier: Identifier,
  options: { status?: 'active' | 'pending' } = {},
): Promise<IdentifierOwner> {
  const projectId = deps.config.project.projectId;
  const existing = await findIdentifier(deps.db, projectId, identifier);
  if (existing) return { ...existing, created: false };
  const userId = newId('user', deps.environment);
  const methodId = await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values(newUserRow(userId, projectId, deps.clock.now(), options.status ?? 'active'))
      .execute();
    const inserted = await insertIdentifier(trx, deps, userId, identifier);
    if (inserted === null) await trx.deleteFrom('users').where('user_id', '=', userId).execute();
    return inserted;
  });
  if (methodId !== null) return { userId, methodId, created: true };
  const winner = await findIdentifier(deps.db, projectId, identifier);
  if (!winner) throw new Error('Identifier row missing after a conflicting insert');
  return { ...winner, created: false };
}

/** The user who owns `email`, created if nobody does (see findOrCreateUser). */
export function findOrCreateUserByEmail(
  deps: ProviderDeps,
  email: string,
  options: { status?: 'active' | 'pending' } = {},
): Promise<IdentifierOwner> {
  return findOrCreateUser(deps, { kind: 'email', email }, options);
}

/** The user who owns `phoneNumber` (E.164), created if nobody does (see findOrCreateUser). */
export function findOrCreateUserByPhone(deps: ProviderDeps, phoneNumber: string): Promise<IdentifierOwner> {
  return findOrCreateUser(deps, { kind: 'phone', phoneNumber });
}

/** A fresh users row. */
export function newUserRow(userId: string, projectId: string, now: number, status: 'active' | 'pending') {
  return {
    user_id: userId,
    project_id: projectId,
    created_at: now,
    status,
    first_name: '',
    middle_name: '',
    last_name: '',
    trusted_metadata: '{}',
    untrusted_metadata: '{}',
    roles: '[]',
  };
}
