// Several instances on one PostgreSQL database, as operators run the provider behind a load balancer: three
// `latchkey-provider start` processes (real child processes, real ports) share one fresh database. Sessions made on
// one are honoured by the others; caps and single-use codes hold across them; per-IP limits count the requests to
// all of them together; `kill -9` of one in the middle of a burst loses nothing it answered; and they start at once
// on an empty database and on one an older version migrated.
//
// PostgreSQL only: it runs in the PostgreSQL pass of `npm test` (LATCHKEY_TEST_POSTGRES_URL) and is skipped on
// SQLite, which is one file for one process.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import { generate } from 'otplib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderConfigInput } from '../src/config';
import { MIGRATION_NAMES, MIGRATION_TABLE, migrateUpTo } from '../src/db/migrations';
import { sha256Hex } from '../src/services/secrets';
import { PUBLIC_TOKEN, postgresUrl } from '../testing/harness';
import { BROWSER_PKCE } from './browserPkce';
import { listeningUrl, type ProviderProcess, spawnProvider } from './spawnProvider';

const PER_USER_CAP = 5;
const SENDS_PER_IP = 9;
const CALLBACK = 'https://app.example.com/callback';
/** Where the three instances find their configuration: their keys must be the same (they are not in the database). */
const KEYS = {
  LATCHKEY_HMAC_KEY: randomBytes(32).toString('base64'),
  LATCHKEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
};
const CONFIG: ProviderConfigInput = {
  // The test's requests come from 127.0.0.1 and name the client in X-Forwarded-For, as a load balancer would.
  trustedProxies: ['127.0.0.1'],
  rateLimits: {
    sendsPerIp: { limit: SENDS_PER_IP, windowSeconds: 3600 },
    // The burst below signs the same users in again and again.
    sendsPerIdentifier: { limit: 1000, windowSeconds: 60 },
  },
  lockout: { maxFailuresPerUser: PER_USER_CAP, maxFailuresPerCode: 5, windowMinutes: 60 },
  project: {
    idp: {
      clients: [{ clientId: 'multi', name: 'Multi', type: 'public', redirectUris: [CALLBACK], consentRequired: false }],
    },
  },
};

type Json = any;
interface Answer {
  status: number;
  json: Json;
}

/** A client address of its own for each call unless one is named, so no per-IP limit is shared by accident. */
function randomIp(): string {
  const [a, b, c] = randomBytes(3);
  return `10.${a}.${b}.${c}`;
}

async function call(
  url: string,
  path: string,
  options: { body?: object; token?: string; ip?: string; form?: Record<string, string>; method?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? randomIp() };
  let body: string | undefined;
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else {
    headers.authorization = `Basic ${Buffer.from(`${PUBLIC_TOKEN}:${options.token ?? PUBLIC_TOKEN}`).toString('base64')}`;
    if (options.body) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
  }
  const response = await fetch(`${url}${path}`, { method: options.method ?? 'POST', headers, body });
  const text = await response.text();
  return { status: response.status, json: text === '' ? null : JSON.parse(text) };
}

const sdk = (url: string, path: string, body: object, token?: string, ip?: string) =>
  call(url, `/sdk/v1${path}`, { body, token, ip });

/**
 * The newest message the development inbox (one table, so any instance shows it) holds for `to`. Asked directly, not
 * as a visitor through the load balancer: the inbox answers no request a proxy forwarded (routes/devInbox.ts).
 */
async function lastMessage(url: string, to: string): Promise<{ codes: string[]; links: string[] }> {
  const response = await fetch(`${url}/dev/inbox?to=${encodeURIComponent(to)}`);
  const json = (await response.json()) as { messages: { codes: string[]; links: string[] }[] };
  const message = json.messages.at(-1);
  if (!message) throw new Error(`Nothing was sent to ${to}`);
  return message;
}

const newEmail = (prefix: string) => `${prefix}-${randomUUID()}@example.com`;

interface Signed {
  userId: string;
  sessionToken: string;
  sessionJwt: string;
  sessionId: string;
}

function signedOf(answer: Answer): Signed {
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  const { data } = answer.json;
  return {
    userId: data.user_id,
    sessionToken: data.session_token,
    sessionJwt: data.session_jwt,
    sessionId: data.session.session_id,
  };
}

/** Email passcode sign-in; each step may go to another instance (`urls` in turn). */
async function passcodeSignIn(urls: string[], email: string): Promise<Signed> {
  const sent = await sdk(urls[0] as string, '/otps/email/login_or_create', { email });
  expect(sent.status, JSON.stringify(sent.json)).toBe(200);
  const code = (await lastMessage(urls[1 % urls.length] as string, email)).codes.at(-1) as string;
  return signedOf(
    await sdk(urls[2 % urls.length] as string, '/otps/authenticate', {
      token: code,
      method_id: sent.json.data.method_id,
      session_duration_minutes: 60,
    }),
  );
}

/** One answer of each instance in turn, sent all at once: `count` requests spread over `urls`. */
function spread<T>(urls: string[], count: number, send: (url: string, index: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: count }, (_, index) => send(urls[index % urls.length] as string, index)));
}

const statuses = (answers: Answer[]) =>
  answers.reduce<Record<string, number>>((counts, { status, json }) => {
    const key = status === 200 ? '200' : `${status} ${json?.error_type ?? json?.error}`;
    counts[key] = (counts[key] ?? 0) + 1;
    return counts;
  }, {});

/** A fresh database on the test server, dropped after the file. */
async function createDatabase(): Promise<string> {
  const name = `latchkey_multi_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  databases.push(name);
  const url = new URL(postgresUrl as string);
  url.pathname = `/${name}`;
  return url.toString();
}
const databases: string[] = [];

/** A pool on `url` for the test's own queries (what the instances wrote). */
const pools: pg.Pool[] = [];
function poolOf(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => {});
  pools.push(pool);
  return pool;
}

let configDir = '';
interface Instance {
  url: string;
  cli: ProviderProcess;
}

/** Starts `count` instances on `database` at the same moment and waits until every one listens. */
async function startInstances(database: string, count = 3): Promise<Instance[]> {
  const clis = Array.from({ length: count }, () =>
    spawnProvider(['start', '--port', '0', '--db', database, '--config', join(configDir, 'latchkey.config.json')], {
      cwd: configDir,
      env: KEYS,
      lifetime: 'file',
    }),
  );
  // Three processes compile the provider and connect at once on a loaded two-core machine.
  const urls = await Promise.all(clis.map((cli) => listeningUrl(cli, 60_000)));
  return clis.map((cli, index) => ({ cli, url: urls[index] as string }));
}

/** Every applied migration, with how many times each is recorded. */
async function appliedMigrations(pool: pg.Pool): Promise<Record<string, number>> {
  const { rows } = await pool.query(`SELECT name, count(*)::int AS n FROM ${MIGRATION_TABLE} GROUP BY name`);
  return Object.fromEntries(rows.map((row) => [row.name, row.n]));
}

const everyMigrationOnce = () => Object.fromEntries(MIGRATION_NAMES.map((name) => [name, 1]));

describe.skipIf(!postgresUrl)(
  'three provider instances on one PostgreSQL database (PostgreSQL pass only: skipped on SQLite, which serves one process)',
  () => {
    let instances: Instance[] = [];
    let urls: string[] = [];
    let database = '';
    let pool: pg.Pool;

    beforeAll(async () => {
      configDir = mkdtempSync(join(tmpdir(), 'latchkey-multi-'));
      writeFileSync(join(configDir, 'latchkey.config.json'), JSON.stringify(CONFIG));
      database = await createDatabase();
      pool = poolOf(database);
      // An empty database: all three run the migrations at once.
      instances = await startInstances(database);
      urls = instances.map((instance) => instance.url);
    });

    afterAll(async () => {
      for (const instance of instances) instance.cli.child.kill('SIGKILL');
      await Promise.all(pools.map((each) => each.end()));
      if (postgresUrl) {
        const admin = new pg.Client({ connectionString: postgresUrl });
        await admin.connect();
        for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
      if (configDir) rmSync(configDir, { recursive: true, force: true });
    });

    it('start at once on an empty database: each migration applied once, every instance serving', async () => {
      expect(await appliedMigrations(pool)).toEqual(everyMigrationOnce());
      for (const { cli } of instances) expect(cli.stderr()).toBe('');
      const answers = await Promise.all(
        urls.map((url) => call(url, `/sdk/v1/projects/bootstrap/${PUBLIC_TOKEN}`, { method: 'GET' })),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    });

    it('a session made on one instance authenticates, refreshes and revokes on the others', async () => {
      const [a, b, c] = urls as [string, string, string];
      const signed = await passcodeSignIn([a, a, a], newEmail('session'));
      // The opaque token refreshes on B; the JWT (signed with the key A stored) is accepted by C.
      const onB = await sdk(b, '/sessions/authenticate', {}, signed.sessionToken);
      expect(onB.status, JSON.stringify(onB.json)).toBe(200);
      expect(onB.json.data.session.session_id).toBe(signed.sessionId);
      const me = (url: string, token: string) => call(url, '/sdk/v1/users/me', { method: 'GET', token });
      const onC = await me(c, signed.sessionJwt);
      expect([onC.status, onC.json.data?.user_id]).toEqual([200, signed.userId]);
      // A refresh on C that moves the expiry is what A then answers.
      const refreshed = await sdk(c, '/sessions/authenticate', { session_duration_minutes: 600 }, signed.sessionToken);
      expect(refreshed.status).toBe(200);
      const expiresAt = refreshed.json.data.session.expires_at;
      expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now() + 500 * 60_000);
      const seenOnA = await sdk(a, '/sessions/authenticate', {}, signed.sessionToken);
      expect(seenOnA.json.data.session.expires_at).toBe(expiresAt);
      // Revoked on B: neither the token nor a JWT signed before works on A or C.
      expect((await sdk(b, '/sessions/revoke', {}, signed.sessionToken)).status).toBe(200);
      for (const url of [a, c]) {
        const refresh = await sdk(url, '/sessions/authenticate', {}, signed.sessionToken);
        expect([refresh.status, refresh.json.error_type]).toEqual([404, 'session_not_found']);
        const byJwt = await me(url, refreshed.json.data.session_jwt);
        expect([byJwt.status, byJwt.json.error_type]).toEqual([404, 'session_not_found']);
      }
    });

    it(`30 parallel wrong passwords spread over the three evaluate exactly the per-user cap (${PER_USER_CAP})`, async () => {
      const email = newEmail('password');
      const created = await sdk(urls[0] as string, '/passwords', {
        email,
        password: 'Quartz-lantern-orbits-a-velvet-harbor-7',
        session_duration_minutes: 60,
      });
      const { userId } = signedOf(created);
      const answers = await spread(urls, 30, (url) =>
        sdk(url, '/passwords/authenticate', { email, password: 'Wrong-lantern-orbits-a-velvet-harbor-7' }),
      );
      expect(statuses(answers)).toEqual({
        '401 unauthorized_credentials': PER_USER_CAP,
        '429 user_lock_limit_reached': 30 - PER_USER_CAP,
      });
      const { rows } = await pool.query('SELECT count(*)::int AS n FROM auth_failures WHERE user_id = $1', [userId]);
      expect(rows[0].n).toBe(PER_USER_CAP);
    });

    it('50 parallel redemptions of one magic link, passcode, recovery code and authorization code: one success each', async () => {
      const [a, b, c] = urls as [string, string, string];
      // A magic link sent by A.
      const linkEmail = newEmail('link');
      // Bound to the browser that asks for it (PKCE, on by default): every redemption below carries its verifier.
      const linkSent = await sdk(a, '/magic_links/email/login_or_create', {
        email: linkEmail,
        code_challenge: BROWSER_PKCE.challenge,
      });
      expect(linkSent.status, JSON.stringify(linkSent.json)).toBe(200);
      const link = new URL((await lastMessage(b, linkEmail)).links.at(-1) as string);
      const linkToken = link.searchParams.get('token') as string;
      // A passcode sent by B.
      const codeEmail = newEmail('code');
      const sent = await sdk(b, '/otps/email/login_or_create', { email: codeEmail });
      const code = (await lastMessage(c, codeEmail)).codes.at(-1) as string;
      // A recovery code of an authenticator app enrolled on C and verified on A.
      const totpUser = await passcodeSignIn([c, a, b], newEmail('totp'));
      const enrolled = await sdk(c, '/totps', { expiration_minutes: 30 }, totpUser.sessionToken);
      expect(enrolled.status, JSON.stringify(enrolled.json)).toBe(200);
      const { secret, recovery_codes: recoveryCodes } = enrolled.json.data;
      const verified = await sdk(
        a,
        '/totps/authenticate',
        { totp_code: await generate({ secret }) },
        totpUser.sessionToken,
      );
      expect(verified.status, JSON.stringify(verified.json)).toBe(200);
      // An authorization code issued by A to a public client (PKCE S256).
      const verifier = randomBytes(32).toString('base64url');
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      const authorized = await sdk(
        a,
        '/idp/oauth/authorize/submit',
        {
          client_id: 'multi',
          redirect_uri: CALLBACK,
          response_type: 'code',
          scopes: ['openid', 'email'],
          code_challenge: challenge,
          state: 'state-1',
          nonce: 'nonce-1',
          consent_granted: true,
        },
        totpUser.sessionToken,
      );
      expect(authorized.status, JSON.stringify(authorized.json)).toBe(200);
      const authorizationCode = new URL(authorized.json.data.redirect_uri).searchParams.get('code') as string;

      const [links, codes, recoveries, grants] = await Promise.all([
        spread(urls, 50, (url) =>
          sdk(url, '/magic_links/authenticate', {
            token: linkToken,
            code_verifier: BROWSER_PKCE.verifier,
            session_duration_minutes: 60,
          }),
        ),
        spread(urls, 50, (url) =>
          sdk(url, '/otps/authenticate', {
            token: code,
            method_id: sent.json.data.method_id,
            session_duration_minutes: 60,
          }),
        ),
        spread(urls, 50, (url) =>
          sdk(
            url,
            '/totps/recover',
            { recovery_code: recoveryCodes[0], session_duration_minutes: 60 },
            totpUser.sessionToken,
          ),
        ),
        spread(urls, 50, (url) =>
          call(url, '/oauth2/token', {
            form: {
              grant_type: 'authorization_code',
              code: authorizationCode,
              redirect_uri: CALLBACK,
              client_id: 'multi',
              code_verifier: verifier,
            },
          }),
        ),
      ]);
      const successes = (answers: Answer[]) => answers.filter((answer) => answer.status === 200).length;
      expect(
        {
          links: successes(links),
          codes: successes(codes),
          recoveries: successes(recoveries),
          grants: successes(grants),
        },
        JSON.stringify({
          links: statuses(links),
          codes: statuses(codes),
          recoveries: statuses(recoveries),
          grants: statuses(grants),
        }),
      ).toEqual({ links: 1, codes: 1, recoveries: 1, grants: 1 });
      // The others were refused as a used code is (never a server error).
      expect(Object.keys(statuses(links)).sort()).toEqual(['200', '401 unable_to_auth_magic_link']);
      expect(Object.keys(statuses(codes)).sort()).toEqual(['200', '404 otp_code_not_found']);
      for (const key of Object.keys(statuses(recoveries))) {
        expect(['200', '404 recovery_code_not_found', '429 user_lock_limit_reached']).toContain(key);
      }
      expect(Object.keys(statuses(grants)).sort()).toEqual(['200', '400 invalid_grant']);
    });

    it(`per-IP limits count the requests to every instance together (${SENDS_PER_IP} sends per IP)`, async () => {
      const ip = randomIp();
      // Five sends per instance, each under the limit alone; fifteen together are over it.
      const answers = await spread(urls, 15, (url, index) =>
        sdk(url, '/otps/email/login_or_create', { email: newEmail(`ip-${index}`) }, undefined, ip),
      );
      expect(statuses(answers)).toEqual({ '200': SENDS_PER_IP, '429 too_many_requests': 15 - SENDS_PER_IP });
      // Another client is not affected.
      expect((await sdk(urls[2] as string, '/otps/email/login_or_create', { email: newEmail('other') })).status).toBe(
        200,
      );
    });

    it('start at once on a database an older version migrated: the rest applied once, its sessions still valid', async () => {
      const older = await createDatabase();
      const oldest = MIGRATION_NAMES[0] as string;
      const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: poolOf(older) }) });
      await migrateUpTo(db, oldest);
      // What the older version stored: a user, a verified email and a live session (only the token's hash).
      const now = Date.now();
      const projectId = 'project-test-latchkey-playground';
      const sessionToken = randomBytes(32).toString('base64url');
      await db
        .insertInto('projects')
        .values({ project_id: projectId, public_token: PUBLIC_TOKEN, name: 'Older', created_at: now })
        .execute();
      await db
        .insertInto('users')
        .values({ user_id: 'user-test-older', project_id: projectId, created_at: now, status: 'active' })
        .execute();
      await db
        .insertInto('emails')
        .values({
          email_id: 'email-test-older',
          user_id: 'user-test-older',
          project_id: projectId,
          email: 'older@example.com',
          verified: 1,
          created_at: now,
        })
        .execute();
      await db
        .insertInto('sessions')
        .values({
          session_id: 'session-test-older',
          user_id: 'user-test-older',
          project_id: projectId,
          token_hash: sha256Hex(sessionToken),
          started_at: now,
          last_accessed_at: now,
          expires_at: now + 3_600_000,
          factors: '[]',
        })
        .execute();
      expect(Object.keys(await appliedMigrations(poolOf(older)))).toEqual([oldest]);

      const upgraded = await startInstances(older);
      expect(await appliedMigrations(poolOf(older))).toEqual(everyMigrationOnce());
      for (const { cli, url } of upgraded) {
        expect(cli.stderr()).toBe('');
        const answer = await sdk(url, '/sessions/authenticate', {}, sessionToken);
        expect(answer.status, JSON.stringify(answer.json)).toBe(200);
        expect(answer.json.data.user.emails).toEqual([
          { email_id: 'email-test-older', email: 'older@example.com', verified: true },
        ]);
      }
      // New sign-ins work across them too.
      await passcodeSignIn(
        upgraded.map(({ url }) => url),
        newEmail('upgraded'),
      );
      for (const { cli } of upgraded) cli.child.kill('SIGKILL');
    });

    it('kill -9 of one instance in the middle of a mixed burst loses nothing it answered; the others keep answering', async () => {
      const [a, b, c] = instances as [Instance, Instance, Instance];
      // Users to sign in again (one per worker, so no two sign-ins of one user overlap and void each other's code)
      // and sessions to authenticate and refresh, made before the burst.
      const WORKERS = 8;
      const members = await Promise.all(
        Array.from({ length: WORKERS }, async (_, index) => {
          const email = newEmail(`member-${index}`);
          return {
            email,
            ...(await passcodeSignIn(
              [urls[index % 3], urls[(index + 1) % 3], urls[(index + 2) % 3]] as string[],
              email,
            )),
          };
        }),
      );
      const sessions: Signed[] = members.map(({ email: _email, ...signed }) => signed);

      interface Sent {
        instance: number;
        startedAt: number;
        status: number | 'network error';
        sessionToken?: string;
        sessionId?: string;
      }
      const log: Sent[] = [];
      const turns = new Map<string, number>();
      /**
       * The next instance in turn for this kind of call (so each kind reaches all three), as a round-robin load
       * balancer that has not noticed the kill would pick it.
       */
      const next = (path: string) => {
        const turn = (turns.get(path) ?? -1) + 1;
        turns.set(path, turn);
        return turn % 3;
      };
      async function send(path: string, body: object, token?: string): Promise<Answer | null> {
        const instance = next(path);
        const entry: Sent = { instance, startedAt: Date.now(), status: 'network error' };
        log.push(entry);
        try {
          const answer = await sdk(instances[instance]?.url as string, path, body, token);
          entry.status = answer.status;
          if (answer.status === 200 && typeof answer.json.data?.session_token === 'string') {
            entry.sessionToken = answer.json.data.session_token;
            entry.sessionId = answer.json.data.session.session_id;
            sessions.push({
              userId: answer.json.data.user_id,
              sessionToken: answer.json.data.session_token,
              sessionJwt: answer.json.data.session_jwt,
              sessionId: answer.json.data.session.session_id,
            });
          }
          return answer;
        } catch {
          return null;
        }
      }
      const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)] as T;
      const flows: ((worker: number) => Promise<unknown>)[] = [
        // A sign-up: a new user with a password (argon2id at its production cost) and a session.
        () =>
          send('/passwords', {
            email: newEmail('signup'),
            password: 'Quartz-lantern-orbits-a-velvet-harbor-7',
            session_duration_minutes: 60,
          }),
        // A passcode sign-in of an existing user: send on one instance, redeem on another.
        async (worker) => {
          const member = members[worker] as (typeof members)[number];
          const sent = await send('/otps/email/login_or_create', { email: member.email });
          if (sent?.status !== 200) return;
          const { codes } = await lastMessage(a.url, member.email);
          await send('/otps/authenticate', {
            token: codes.at(-1),
            method_id: sent.json.data.method_id,
            session_duration_minutes: 60,
          });
        },
        // A session authenticate (a read), and a refresh that moves the expiry (a write).
        () => send('/sessions/authenticate', {}, pick(sessions).sessionToken),
        () => send('/sessions/authenticate', { session_duration_minutes: 60 }, pick(sessions).sessionToken),
      ];

      // The burst is bounded by what happens, not by a clock: on a loaded machine a sign-up (argon2id) takes seconds,
      // and a fixed window could end before the killed instance answered or before the survivors had any load after
      // the kill. The cap only ends a run whose survivors stopped answering (which the checks below then report).
      const start = Date.now();
      const CAP_MS = 20_000;
      let killedAt = 0;
      const killedAnswered = () => log.some((entry) => entry.instance === 2 && entry.sessionToken !== undefined);
      // Requests to the survivors that started once the kill had taken effect.
      const sentAfterKill = () =>
        killedAt === 0 ? 0 : log.filter((entry) => entry.instance !== 2 && entry.startedAt > killedAt + 200).length;
      // Over once the kill is 1.5 s old and the survivors have taken more than 10 requests since.
      const burstOver = () =>
        Date.now() - start > CAP_MS || (killedAt > 0 && Date.now() - killedAt > 1_500 && sentAfterKill() > 10);
      // Killed in the middle: after 1.5 s, once it has answered with a session at least once.
      const killer = (async () => {
        while ((Date.now() - start < 1_500 || !killedAnswered()) && Date.now() - start < CAP_MS / 2) {
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        killedAt = Date.now();
        c.cli.child.kill('SIGKILL');
      })();
      const workers = Array.from({ length: WORKERS }, async (_, worker) => {
        let round = worker;
        while (!burstOver()) {
          await (flows[round % flows.length] as (worker: number) => Promise<unknown>)(worker);
          round += 1;
        }
      });
      await Promise.all([killer, ...workers]);
      expect(await c.cli.exited).toEqual({ code: null, signal: 'SIGKILL' });

      // The survivors answered every request, during the kill too, and answered 200 to each.
      const survivors = log.filter((entry) => entry.instance !== 2);
      expect(survivors.filter((entry) => entry.status !== 200)).toEqual([]);
      expect(sentAfterKill()).toBeGreaterThan(10);
      // The killed instance answered before the kill, and nothing after it.
      const killed = log.filter((entry) => entry.instance === 2);
      expect(killed.filter((entry) => entry.status === 200).length).toBeGreaterThan(0);
      expect(killed.filter((entry) => entry.startedAt > killedAt + 200 && entry.status !== 'network error')).toEqual(
        [],
      );

      // Every session any instance answered with, the killed one's included, is accepted by both survivors.
      const answered = log.filter((entry) => entry.sessionToken !== undefined);
      expect(answered.filter((entry) => entry.instance === 2).length).toBeGreaterThan(0);
      for (const entry of answered) {
        for (const survivor of [a, b]) {
          const answer = await sdk(survivor.url, '/sessions/authenticate', {}, entry.sessionToken);
          expect([answer.status, answer.json.data?.session?.session_id]).toEqual([200, entry.sessionId]);
        }
      }
    });
  },
);
