import type { User } from '@latchkey/sdk/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { ProviderDeps } from '../http/context';
import { newId } from './secrets';

type Executor = Kysely<Database> | Transaction<Database>;

const iso = (ms: number) => new Date(ms).toISOString();

/** Email addresses are compared and stored lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The full user object of contract §6, or undefined when there is no such user. */
export async function loadUser(db: Executor, userId: string): Promise<User | undefined> {
  const user = await db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!user) return undefined;
  const [emails, phones, password] = await Promise.all([
    db
      .selectFrom('emails')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('email_id')
      .execute(),
    db
      .selectFrom('phone_numbers')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('phone_id')
      .execute(),
    db
      .selectFrom('passwords')
      .select(['password_id', 'requires_reset'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  ]);
  return {
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
    crypto_wallets: [],
    providers: [],
    webauthn_registrations: [],
    biometric_registrations: [],
    totps: [],
    password: password ? { password_id: password.password_id, requires_reset: password.requires_reset === 1 } : null,
    trusted_metadata: JSON.parse(user.trusted_metadata) as Record<string, unknown>,
    untrusted_metadata: JSON.parse(user.untrusted_metadata) as Record<string, unknown>,
    roles: JSON.parse(user.roles) as string[],
  };
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

/** The user a phone number belongs to, if any. */
export async function findPhoneNumber(db: Executor, projectId: string, phoneNumber: string) {
  return db
    .selectFrom('phone_numbers')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('phone_number', '=', phoneNumber)
    .executeTakeFirst();
}

/**
 * The user who owns `email`, created (with `status`) if nobody does. Fifty parallel calls for one new
 * email create one user: the unique (project, email) index decides, and the losers read the winner's row.
 */
export async function findOrCreateUserByEmail(
  deps: ProviderDeps,
  email: string,
  options: { status?: 'active' | 'pending' } = {},
): Promise<IdentifierOwner> {
  const projectId = deps.config.project.projectId;
  const existing = await findEmail(deps.db, projectId, email);
  if (existing) return { userId: existing.user_id, methodId: existing.email_id, created: false };
  const now = deps.clock.now();
  const userId = newId('user', deps.environment);
  const emailId = newId('email', deps.environment);
  const created = await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values(newUserRow(userId, projectId, now, options.status ?? 'active'))
      .execute();
    const inserted = await trx
      .insertInto('emails')
      .values({
        email_id: emailId,
        user_id: userId,
        project_id: projectId,
        email: normalizeEmail(email),
        verified: 0,
        created_at: now,
      })
      .onConflict((conflict) => conflict.columns(['project_id', 'email']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) return true;
    await trx.deleteFrom('users').where('user_id', '=', userId).execute();
    return false;
  });
  if (created) return { userId, methodId: emailId, created: true };
  const winner = await findEmail(deps.db, projectId, email);
  if (!winner) throw new Error('Email row missing after a conflicting insert');
  return { userId: winner.user_id, methodId: winner.email_id, created: false };
}

/** The user who owns `phoneNumber` (E.164), created if nobody does; same race rule as for emails. */
export async function findOrCreateUserByPhone(deps: ProviderDeps, phoneNumber: string): Promise<IdentifierOwner> {
  const projectId = deps.config.project.projectId;
  const existing = await findPhoneNumber(deps.db, projectId, phoneNumber);
  if (existing) return { userId: existing.user_id, methodId: existing.phone_id, created: false };
  const now = deps.clock.now();
  const userId = newId('user', deps.environment);
  const phoneId = newId('phone-number', deps.environment);
  const created = await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values(newUserRow(userId, projectId, now, 'active'))
      .execute();
    const inserted = await trx
      .insertInto('phone_numbers')
      .values({
        phone_id: phoneId,
        user_id: userId,
        project_id: projectId,
        phone_number: phoneNumber,
        verified: 0,
        created_at: now,
      })
      .onConflict((conflict) => conflict.columns(['project_id', 'phone_number']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) return true;
    await trx.deleteFrom('users').where('user_id', '=', userId).execute();
    return false;
  });
  if (created) return { userId, methodId: phoneId, created: true };
  const winner = await findPhoneNumber(deps.db, projectId, phoneNumber);
  if (!winner) throw new Error('Phone row missing after a conflicting insert');
  return { userId: winner.user_id, methodId: winner.phone_id, created: false };
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
