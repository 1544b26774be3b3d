// The refresh answers a user's methods from the copy its instance kept at a `methods_version` (services/users.ts), which
// the database bumps on every write of a table the user answer aggregates (triggers, db/migrationSteps.ts). So a
// change of any method made through one instance shows at once in a refresh answered by another: two provider
// instances on one database (on PostgreSQL each with its own pool; on SQLite one handle, each instance its own copy),
// each method changed on A and read through a refresh on B, whose copy is warm before every change.
import { randomBytes, randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import type { Database } from '../src/db/schema';
import { createProvider, type Provider } from '../src/provider';
import { newSecretKey } from '../src/services/secretKey';
import { userMethodColumns } from '../src/services/users';
import { freshDatabase, PUBLIC_TOKEN, postgresUrl } from '../testing/harness';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

type Json = any;

async function call(provider: Provider, method: string, path: string, body?: object, token = PUBLIC_TOKEN) {
  const response = await provider.fetch(
    new Request(`http://provider.test/sdk/v1${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${PUBLIC_TOKEN}:${token}`).toString('base64')}`,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    { remoteAddress: '127.0.0.1' },
  );
  return { status: response.status, json: (await response.json()) as Json };
}

/** Two provider instances on one fresh database, with the same keys. */
async function twoInstances() {
  const fresh = await freshDatabase();
  cleanups.push(fresh.drop);
  const keys = { hmacKey: randomBytes(32), encryptionKey: randomBytes(32), secretKey: newSecretKey('test') };
  const a = await createProvider({ db: fresh.database, ...keys });
  cleanups.push(() => a.close());
  const otherDatabase = postgresUrl ? await openDatabase(fresh.url) : fresh.database;
  if (otherDatabase !== fresh.database) cleanups.push(() => otherDatabase.close());
  const b = await createProvider({ db: otherDatabase, ...keys });
  cleanups.push(() => b.close());
  return { a, b, db: fresh.database.db };
}

async function lastCode(provider: Provider, to: string): Promise<string> {
  return (await provider.inbox?.list(to))?.at(-1)?.codes.at(-1) as string;
}

describe('a change of a method made on one instance shows at once in a refresh on another', () => {
  it('every table the user answer aggregates has the triggers that bump methods_version', async () => {
    const fresh = await freshDatabase();
    cleanups.push(fresh.drop);
    const { db } = fresh.database;
    const statement = db
      .selectFrom('users')
      .selectAll('users')
      .select((eb) => userMethodColumns(db, eb))
      .compile().sql;
    const read = [...new Set([...statement.matchAll(/from "(\w+)"/g)].flatMap((match) => (match[1] ? [match[1]] : [])))]
      .filter((table) => table !== 'users')
      .sort();
    expect(read).toHaveLength(7);
    const triggered = postgresUrl
      ? await sql<{ table: string; event: string }>`select event_object_table as table, event_manipulation as event
          from information_schema.triggers where trigger_name like '%methods_version%'`.execute(db)
      : await sql<{
          table: string;
          event: string;
        }>`select tbl_name as "table", upper(substr(name, length(tbl_name) + 18)) as event
          from sqlite_master where type = 'trigger' and name like '%methods_version%'`.execute(db);
    const events = (table: string) =>
      triggered.rows
        .filter((row) => row.table === table)
        .map((row) => row.event)
        .sort();
    for (const table of read) expect(events(table), table).toEqual(['DELETE', 'INSERT', 'UPDATE']);
  });

  it('every method of the user answer: emails, phone numbers, password, TOTP, passkeys, wallets, social identities', async () => {
    const { a, b, db } = await twoInstances();
    const email = `methods-${randomUUID()}@example.com`;
    const sent = await call(a, 'POST', '/otps/email/login_or_create', { email });
    const signed = await call(a, 'POST', '/otps/authenticate', {
      token: await lastCode(a, email),
      method_id: sent.json.data.method_id,
      session_duration_minutes: 60,
    });
    expect(signed.status, JSON.stringify(signed.json)).toBe(200);
    const token = signed.json.data.session_token as string;
    const userId = signed.json.data.user_id as string;
    /** B's refresh, twice: the first keeps (or uses) B's copy, the second must answer the same from it. */
    const refreshOnB = async () => {
      const first = await call(b, 'POST', '/sessions/authenticate', {}, token);
      expect(first.status, JSON.stringify(first.json)).toBe(200);
      const second = await call(b, 'POST', '/sessions/authenticate', {}, token);
      expect(second.json.data.user).toEqual(first.json.data.user);
      // What A answers from the database itself.
      const me = await call(a, 'GET', '/users/me', undefined, token);
      const { request_id: _id, status_code: _status, ...stored } = me.json.data;
      expect(first.json.data.user).toEqual(stored);
      return first.json.data.user;
    };
    expect((await refreshOnB()).emails).toHaveLength(1);

    // An email added on A (a passcode to it, proved with the session).
    const second = `second-${randomUUID()}@example.com`;
    const sentSecond = await call(a, 'POST', '/otps/email/send/secondary', { email: second }, token);
    expect(sentSecond.status, JSON.stringify(sentSecond.json)).toBe(200);
    const added = await call(
      a,
      'POST',
      '/otps/authenticate',
      { token: await lastCode(a, second), method_id: sentSecond.json.data.method_id },
      token,
    );
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    const withSecond = await refreshOnB();
    expect(withSecond.emails.map((item: Json) => item.email)).toEqual([email, second]);

    // The name (the user's own row: read on every refresh).
    expect((await call(a, 'PUT', '/users/me', { name: { first_name: 'Ada' } }, token)).status).toBe(200);
    expect((await refreshOnB()).name.first_name).toBe('Ada');

    // A password set on A.
    const password = await call(
      a,
      'POST',
      '/passwords/session/reset',
      { password: 'Quartz-lantern-orbits-a-velvet-harbor-7' },
      token,
    );
    expect(password.status, JSON.stringify(password.json)).toBe(200);
    expect((await refreshOnB()).password).not.toBeNull();

    // An authenticator app enrolled on A, then removed.
    const totp = await call(a, 'POST', '/totps', { expiration_minutes: 30 }, token);
    expect(totp.status, JSON.stringify(totp.json)).toBe(200);
    const withTotp = await refreshOnB();
    expect(withTotp.totps).toHaveLength(1);
    const removedTotp = await call(a, 'DELETE', `/users/totps/${withTotp.totps[0].totp_id}`, undefined, token);
    expect(removedTotp.status, JSON.stringify(removedTotp.json)).toBe(200);
    expect((await refreshOnB()).totps).toEqual([]);

    // The second email removed on A.
    const secondId = withSecond.emails[1].email_id as string;
    const removed = await call(a, 'DELETE', `/users/emails/${secondId}`, undefined, token);
    expect(removed.status, JSON.stringify(removed.json)).toBe(200);
    expect((await refreshOnB()).emails).toHaveLength(1);

    // The other methods' tables, written as their routes write them (each insert, update and delete of a row is what
    // bumps the version, whichever route made it).
    const now = Date.now();
    const writes: { table: string; row: Record<string, unknown>; key: string; update: Record<string, unknown> }[] = [
      {
        table: 'phone_numbers',
        row: { phone_id: 'phone-x', phone_number: '+15555550199', verified: 1 },
        key: 'phone_id',
        update: { verified: 0 },
      },
      {
        table: 'crypto_wallets',
        row: {
          crypto_wallet_id: 'wallet-x',
          wallet_type: 'ethereum',
          address: '0x52908400098527886E0F7030069857D2E4169EE7',
        },
        key: 'crypto_wallet_id',
        update: { address: '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe' },
      },
      {
        table: 'webauthn_registrations',
        row: {
          webauthn_registration_id: 'webauthn-x',
          credential_id: 'cred-x',
          public_key: 'key',
          sign_count: 0,
          rp_id: 'localhost',
          user_agent: '',
          authenticator_type: 'platform',
          name: 'Laptop',
          user_verified: 1,
        },
        key: 'webauthn_registration_id',
        update: { name: 'Desk' },
      },
      {
        table: 'oauth_registrations',
        row: { oauth_user_registration_id: 'oauth-x', provider: 'google', provider_subject: 'sub-x', locale: 'en' },
        key: 'oauth_user_registration_id',
        update: { locale: 'fr' },
      },
    ];
    const kysely = db as unknown as Kysely<any>;
    const projectId = await projectOf(db);
    for (const write of writes) {
      const columns = await tableColumns(db, write.table);
      const row: Record<string, unknown> = { ...write.row, user_id: userId, project_id: projectId, created_at: now };
      // Fill the table's other required columns with neutral values.
      for (const column of await requiredColumns(db, write.table)) {
        if (!(column.name in row)) row[column.name] = column.numeric ? 0 : '';
      }
      for (const key of Object.keys(row)) if (!columns.includes(key)) delete row[key];
      const before = JSON.stringify(await refreshOnB());
      await kysely.insertInto(write.table).values(row).execute();
      const inserted = JSON.stringify(await refreshOnB());
      expect(inserted, `insert into ${write.table}`).not.toBe(before);
      await kysely
        .updateTable(write.table)
        .set(write.update)
        .where(write.key, '=', write.row[write.key] as string)
        .execute();
      const updated = JSON.stringify(await refreshOnB());
      expect(updated, `update of ${write.table}`).not.toBe(inserted);
      await kysely
        .deleteFrom(write.table)
        .where(write.key, '=', write.row[write.key] as string)
        .execute();
      expect(JSON.stringify(await refreshOnB()), `delete from ${write.table}`).toBe(before);
    }
  });
});

type AnyDb = Kysely<Database>;

async function projectOf(db: AnyDb): Promise<string> {
  const row = await db.selectFrom('projects').select('project_id').executeTakeFirstOrThrow();
  return row.project_id;
}

async function tableColumns(db: AnyDb, table: string): Promise<string[]> {
  return (await requiredColumns(db, table, true)).map((column) => column.name);
}

/** The table's columns that are NOT NULL without a default (every column with `all`). */
async function requiredColumns(db: AnyDb, table: string, all = false): Promise<{ name: string; numeric: boolean }[]> {
  if (postgresUrl) {
    const { rows } = await sql<{ name: string; type: string; required: boolean }>`
      select column_name as name, data_type as type,
        (is_nullable = 'NO' and column_default is null) as required
      from information_schema.columns where table_schema = 'public' and table_name = ${table}`.execute(db);
    return rows.filter((row) => all || row.required).map((row) => ({ name: row.name, numeric: row.type !== 'text' }));
  }
  const { rows } = await sql<{ name: string; type: string; notnull: number; dflt_value: unknown }>`
    select name, type, "notnull", dflt_value from pragma_table_info(${table})`.execute(db);
  return rows
    .filter((row) => all || (row.notnull === 1 && row.dflt_value === null))
    .map((row) => ({ name: row.name, numeric: row.type.toLowerCase() !== 'text' }));
}
