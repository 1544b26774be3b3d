// `latchkey-provider purge` and `latchkey-provider keys rotate|list` as an operator runs them: real child processes on
// a database file (or, in the PostgreSQL pass, a throwaway PostgreSQL database), next to a running provider.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { decodeProtectedHeader } from 'jose';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '../src/db/database';
import { newUserRow } from '../src/services/users';
import { freshDatabase, ORIGIN, PUBLIC_TOKEN, postgresUrl } from '../testing/harness';
import { itWithoutPostgres, listeningUrl, spawnProvider, tempDir } from './spawnProvider';

/**
 * A database target for the commands: a SQLite file, or a fresh PostgreSQL database, handed back to the harness's
 * pool (emptied before it is handed out again) once the test and the processes it started have ended.
 */
async function databaseTarget(): Promise<string> {
  if (postgresUrl) {
    const fresh = await freshDatabase();
    // After the afterEach hooks, which kill the test's processes (test/setup.ts).
    onTestFinished(() => fresh.drop());
    return fresh.url;
  }
  return join(tempDir(), 'provider.sqlite');
}

/** The encryption key every process of a deployment shares: the signing keys' private halves are sealed under it. */
const DEPLOYMENT_ENV = { LATCHKEY_ENCRYPTION_KEY: randomBytes(32).toString('base64') };

/** Runs the command to its end (with the deployment's encryption key unless `env` says otherwise). */
async function run(args: string[], env: Record<string, string> = DEPLOYMENT_ENV) {
  const cli = spawnProvider(args, { env });
  const { code } = await cli.exited;
  return { code, stdout: cli.stdout(), stderr: cli.stderr() };
}

async function post(url: string, path: string, body: unknown, sessionToken = PUBLIC_TOKEN) {
  const response = await fetch(`${url}/sdk/v1${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: ORIGIN,
      authorization: `Basic ${Buffer.from(`${PUBLIC_TOKEN}:${sessionToken}`).toString('base64')}`,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as any };
}

describe('latchkey-provider keys and purge', () => {
  it('rotates the keys of a running instance from another process: it signs with the new key within 5 s', async () => {
    const db = await databaseTarget();
    const server = spawnProvider(['start', '--port', '0', '--db', db], { env: DEPLOYMENT_ENV });
    const url = await listeningUrl(server);
    const email = 'ada@example.com';
    const sent = await post(url, '/otps/email/login_or_create', { email });
    const inbox = (await (await fetch(`${url}/dev/inbox?to=${email}`)).json()) as { messages: { codes: string[] }[] };
    const signedIn = await post(url, '/otps/authenticate', {
      token: inbox.messages.at(-1)?.codes[0],
      method_id: sent.json.data.method_id,
      session_duration_minutes: 60,
    });
    expect(signedIn.status).toBe(200);
    const sessionToken = signedIn.json.data.session_token as string;
    const before = decodeProtectedHeader(signedIn.json.data.session_jwt).kid;

    const listed = await run(['keys', 'list', '--db', db, '--json']);
    expect(listed.code).toBe(0);
    const keys = JSON.parse(listed.stdout) as { kind: string; kid: string; state: string }[];
    expect(keys.filter((key) => key.kind === 'session').map((key) => [key.kid === before, key.state])).toEqual([
      [true, 'active'],
      [false, 'next'],
    ]);
    const next = keys.find((key) => key.kind === 'session' && key.state === 'next')?.kid;

    const rotated = await run(['keys', 'rotate', '--db', db]);
    expect(rotated.code).toBe(0);
    expect(rotated.stdout).toContain(
      `Session JWTs: ${next} signs from now on (${before} published until its tokens expire)`,
    );
    expect(rotated.stdout).toContain('Every instance signs with the new keys within 5 s.');
    // The next key was published when the server started, seconds ago: verifiers may not know it yet.
    expect(rotated.stderr).toMatch(
      new RegExp(
        `^latchkey-provider: warning: ${next} had been published for \\d+ s: a verifier that fetched the JWKS`,
      ),
    );
    const rotatedAt = Date.now();
    let kid: string | undefined;
    while (Date.now() - rotatedAt < 15_000) {
      const refreshed = await post(url, '/sessions/authenticate', {}, sessionToken);
      kid = decodeProtectedHeader(refreshed.json.data.session_jwt).kid;
      if (kid === next) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(kid).toBe(next);
    expect(Date.now() - rotatedAt).toBeLessThan(5_000 + 2_000);
    // The JWKS publishes the old key (its JWTs may still be alive), the new one and the new next one.
    const jwks = (await (await fetch(`${url}/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] };
    expect(jwks.keys.map((key) => key.kid)).toEqual(expect.arrayContaining([before, next]));
    expect(jwks.keys).toHaveLength(3);

    const table = await run(['keys', 'list', '--db', db]);
    expect(table.stdout.split('\n')[0]).toMatch(/^KIND\s+KID\s+ALG\s+STATE\s+CREATED\s+ACTIVATED\s+RETIRES$/);
    expect(table.stdout).toMatch(new RegExp(`session\\s+${before}\\s+ES256\\s+published`));
    expect(table.stdout).toMatch(new RegExp(`session\\s+${next}\\s+ES256\\s+active`));
    expect(table.stdout).toMatch(/id_token\s+idp-\S+\s+RS256\s+active/);
    server.child.kill('SIGTERM');
    await server.exited;
    // Four processes, each a fresh start of the command line (a server and three `keys` commands): 15-30 s on a quiet
    // 2-core machine, over 60 s on a loaded one (a CI box beside the browser tests and two CPU-bound processes).
  }, 180_000);

  it('purges expired rows once and says what it deleted', async () => {
    const db = await databaseTarget();
    const database = await openDatabase(db);
    const now = Date.now();
    await database.db
      .insertInto('rate_limits')
      .values([
        { bucket: 'send:ip:192.0.2.1', window_start: now - 86_400_000, count: 3 },
        { bucket: 'send:ip:192.0.2.2', window_start: now, count: 1 },
      ])
      .execute();
    await database.close();
    const purged = await run(['purge', '--db', db]);
    expect(purged).toMatchObject({ code: 0, stderr: '' });
    expect(purged.stdout).toMatch(/^Purged in \d+ ms: rate_limits 1\.\n$/);
    const again = await run(['purge', '--db', db, '--json']);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ ran: true, counts: { rate_limits: 0, sessions: 0 } });
  });

  it('folds addresses and numbers an older instance stored in another spelling, once, and says what it did', async () => {
    const db = await databaseTarget();
    const database = await openDatabase(db);
    const now = Date.now();
    const projectId = (await database.db.selectFrom('projects').select('project_id').executeTakeFirst())?.project_id;
    // A fresh database has no project until a provider starts: make one as the provider would.
    const project = projectId ?? 'project-cli-fold';
    if (projectId === undefined) {
      await database.db
        .insertInto('projects')
        .values({ project_id: project, public_token: 'public-token-cli-fold', name: 'Fold', created_at: now })
        .execute();
    }
    await database.db
      .insertInto('users')
      .values(newUserRow('user-cli-fold', project, now, 'active'))
      .execute();
    // What an instance of a version before migration 0027 stores for `ada@xn--exmple-cua.de`: the A-label as typed.
    await database.db
      .insertInto('emails')
      .values({
        email_id: 'email-cli-fold',
        user_id: 'user-cli-fold',
        project_id: project,
        email: 'ada@xn--exmple-cua.de',
        verified: 1,
        created_at: now,
      })
      .execute();
    // And a Mexican mobile number with the mobile prefix Mexico dropped in 2019, as the older version stored it.
    await database.db
      .insertInto('phone_numbers')
      .values({
        phone_id: 'phone-cli-fold',
        user_id: 'user-cli-fold',
        project_id: project,
        phone_number: '+5215512345678',
        verified: 1,
        created_at: now,
      })
      .execute();
    await database.close();
    const folded = await run(['identifiers', 'fold', '--db', db]);
    expect(folded).toMatchObject({ code: 0, stderr: '' });
    expect(folded.stdout).toBe(
      "Email addresses: 1 folded into their canonical spelling, 0 second copies of one account's removed, 0 " +
        'unverified ones another account holds verified removed, 0 left as they were (another account holds the ' +
        'canonical spelling).\nPhone numbers: 1 folded into their canonical spelling, 0 second copies of one ' +
        "account's removed, 0 unverified ones another account holds verified removed, 0 left as they were (another " +
        'account holds the canonical spelling).\n',
    );
    const again = await run(['identifiers', 'fold', '--db', db, '--json']);
    const nothing = { folded: 0, merged: 0, dropped: 0, left: 0 };
    expect(JSON.parse(again.stdout)).toEqual({ emails: nothing, phone_numbers: nothing });
    const reopened = await openDatabase(db);
    const row = await reopened.db
      .selectFrom('emails')
      .select('email')
      .where('email_id', '=', 'email-cli-fold')
      .executeTakeFirst();
    const phone = await reopened.db
      .selectFrom('phone_numbers')
      .select('phone_number')
      .where('phone_id', '=', 'phone-cli-fold')
      .executeTakeFirst();
    await reopened.close();
    expect(phone?.phone_number).toBe('+525512345678');
    expect(row?.email).toBe('ada@ex\u00e4mple.de');
  });

  // An in-memory database: the SQLite pass runs it.
  itWithoutPostgres('refuses to rotate without the encryption key the instances seal their keys under', async () => {
    const refused = await run(['keys', 'rotate', '--db', ':memory:'], {});
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'latchkey-provider: keys rotate needs the encryption key the instances use, to seal the new keys: set LATCHKEY_ENCRYPTION_KEY.',
    );
    expect(refused.stdout).toBe('');
  });

  // Opens no database: the SQLite pass runs it.
  itWithoutPostgres(
    'refuses a missing or unknown keys command and extra arguments with the usage (exit 2)',
    async () => {
      const cases: [string[], string][] = [
        [['keys'], 'latchkey-provider: keys needs rotate or list.'],
        [['keys', 'spin'], 'latchkey-provider: unknown keys command "spin" (rotate or list).'],
        [['purge', 'now'], 'latchkey-provider: unexpected argument "now".'],
        [['purge', '--force'], 'latchkey-provider: unknown option --force.'],
        [['identifiers'], 'latchkey-provider: identifiers needs fold.'],
        [['identifiers', 'merge'], 'latchkey-provider: unknown identifiers command "merge" (fold).'],
      ];
      const results = await Promise.all(cases.map(([args]) => run(args)));
      cases.forEach(([, message], index) => {
        const result = results[index];
        expect(result?.code).toBe(2);
        expect(result?.stderr.split('\n')[0]).toBe(message);
        expect(result?.stderr).toContain('latchkey-provider keys rotate|list');
      });
    },
  );
});
