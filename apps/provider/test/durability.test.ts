// What a user of `latchkey-provider start` relies on: a restart or a crash of the process loses nothing the
// provider already answered. The provider runs as a child process on a SQLite file in a temporary folder.
// PostgreSQL durability is the server's own business, so the PostgreSQL pass skips this file.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { ERROR_CATALOGUE } from '../src/http/errors';
import { PUBLIC_TOKEN, postgresUrl, tokenOf } from '../testing/harness';
import { BROWSER_PKCE } from './browserPkce';
import { listeningUrl, type ProviderProcess, spawnProvider, tempDir } from './spawnProvider';

type Cli = ProviderProcess & { url: string };

/** A temp folder with a database path and a configuration whose send limits allow a burst of sign-ins. */
function workspace(): { dir: string; db: string; config: string } {
  const dir = tempDir('latchkey-durability-');
  const config = join(dir, 'latchkey.config.json');
  writeFileSync(
    config,
    JSON.stringify({
      rateLimits: {
        sendsPerIdentifier: { limit: 1000, windowSeconds: 60 },
        sendsPerIp: { limit: 10_000, windowSeconds: 60 },
      },
    }),
  );
  return { dir, db: join(dir, 'provider.sqlite'), config };
}

/** Starts `latchkey-provider start` on a free port and waits for its startup line. */
async function startCli({ dir, db, config }: ReturnType<typeof workspace>): Promise<Cli> {
  const cli = spawnProvider(['start', '--port', '0', '--db', db, '--config', config], { cwd: dir });
  return { ...cli, url: await listeningUrl(cli) };
}

async function stop(cli: Cli): Promise<void> {
  cli.child.kill('SIGTERM');
  expect(await cli.exited).toEqual({ code: 0, signal: null });
}

type Json = any;

/** A POST to `/sdk/v1{path}` as the SDK sends it (Basic auth with the session token, if any). */
async function post(url: string, path: string, body: object, sessionToken?: string) {
  const response = await fetch(`${url}/sdk/v1${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`${PUBLIC_TOKEN}:${sessionToken ?? PUBLIC_TOKEN}`).toString('base64')}`,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Json };
}

async function lastMessage(url: string, to: string): Promise<{ codes: string[]; links: string[] }> {
  const response = await fetch(`${url}/dev/inbox?to=${encodeURIComponent(to)}`);
  const { messages } = (await response.json()) as Json;
  const message = messages.at(-1);
  if (!message) throw new Error(`Nothing was sent to ${to}`);
  return message;
}

interface SignIn {
  email: string;
  methodId: string;
  code: string;
  sessionToken: string;
  sessionId: string;
  userId: string;
}

/** Email passcode sign-in: send, read the code from the development inbox, authenticate. */
async function signInWithPasscode(url: string, email: string): Promise<SignIn> {
  const sent = await post(url, '/otps/email/login_or_create', { email });
  expect(sent.status).toBe(200);
  const methodId: string = sent.json.data.method_id;
  const code = (await lastMessage(url, email)).codes.at(-1) as string;
  const signedIn = await post(url, '/otps/authenticate', {
    token: code,
    method_id: methodId,
    session_duration_minutes: 60,
  });
  expect(signedIn.status).toBe(200);
  const { data } = signedIn.json;
  return {
    email,
    methodId,
    code,
    sessionToken: data.session_token,
    sessionId: data.session.session_id,
    userId: data.user_id,
  };
}

async function sendMagicLink(url: string, email: string): Promise<string> {
  const sent = await post(url, '/magic_links/email/login_or_create', { email, code_challenge: BROWSER_PKCE.challenge });
  expect(sent.status).toBe(200);
  return tokenOf((await lastMessage(url, email)).links.at(-1) as string);
}

function expectError(result: { status: number; json: Json }, errorType: keyof typeof ERROR_CATALOGUE): void {
  const entry = ERROR_CATALOGUE[errorType];
  expect(result.status).toBe(entry.status);
  expect(result.json).toMatchObject({ status_code: entry.status, error_type: errorType, error_message: entry.message });
}

describe.skipIf(postgresUrl)('durability of the SQLite file', () => {
  it('sessions, used passcodes and magic links, and unused links keep their state across a restart', async () => {
    const space = workspace();
    const first = await startCli(space);
    const passcode = await signInWithPasscode(first.url, 'ada@example.com');
    const usedLink = await sendMagicLink(first.url, 'grace@example.com');
    const linked = await post(first.url, '/magic_links/authenticate', {
      token: usedLink,
      session_duration_minutes: 60,
      code_verifier: BROWSER_PKCE.verifier,
    });
    expect(linked.status).toBe(200);
    const linkSession = { token: linked.json.data.session_token, id: linked.json.data.session.session_id };
    const pendingLink = await sendMagicLink(first.url, 'lin@example.com');
    // The session records the socket's address: node-server's bindings reach `clientIp`.
    expect(linked.json.data.session.attributes.ip_address).toBe('127.0.0.1');
    await stop(first);

    const second = await startCli(space);
    expect(second.url).not.toBe(first.url);
    for (const [token, sessionId, userId] of [
      [passcode.sessionToken, passcode.sessionId, passcode.userId],
      [linkSession.token, linkSession.id, linked.json.data.user_id],
    ]) {
      const refreshed = await post(second.url, '/sessions/authenticate', {}, token);
      expect(refreshed.status).toBe(200);
      expect(refreshed.json.data).toMatchObject({ session_token: token, user_id: userId });
      expect(refreshed.json.data.session.session_id).toBe(sessionId);
    }
    expectError(await post(second.url, '/sessions/authenticate', {}, 'not-a-session-token'), 'session_not_found');
    expectError(
      await post(second.url, '/otps/authenticate', { token: passcode.code, method_id: passcode.methodId }),
      'otp_code_not_found',
    );
    expectError(await post(second.url, '/magic_links/authenticate', { token: usedLink }), 'unable_to_auth_magic_link');
    const late = await post(second.url, '/magic_links/authenticate', {
      token: pendingLink,
      code_verifier: BROWSER_PKCE.verifier,
    });
    expect(late.status).toBe(200);
    expect(late.json.data.user.emails).toEqual([expect.objectContaining({ email: 'lin@example.com', verified: true })]);
    await stop(second);

    const database = await openDatabase(space.db);
    try {
      const sessions = await database.db.selectFrom('sessions').select(['session_id', 'revoked_at']).execute();
      expect(sessions).toHaveLength(3);
      expect(sessions.every((row) => row.revoked_at === null)).toBe(true);
      const codes = await database.db.selectFrom('otp_codes').select('consumed_at').execute();
      expect(codes).toHaveLength(1);
      expect(codes[0]?.consumed_at).not.toBeNull();
      const links = await database.db.selectFrom('email_tokens').select('consumed_at').execute();
      expect(links).toHaveLength(2);
      expect(links.every((row) => row.consumed_at !== null)).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('kill -9 in the middle of a burst of sign-ins loses no session that was already answered 200', async () => {
    const space = workspace();
    const first = await startCli(space);
    const workers = 16;
    const killAfter = 20;
    const answered: SignIn[] = [];
    let started = 0;
    // A stream, not a fixed batch: the provider answers the requests of one group commit together, so a fixed
    // batch could be answered whole before the kill lands. Each worker signs in again and again until the
    // process dies under it, so sign-ins are in flight (sent, half done, committing) when it does.
    const results = await Promise.allSettled(
      Array.from({ length: workers }, async () => {
        for (;;) {
          started += 1;
          const signIn = await signInWithPasscode(first.url, `burst-${started}@example.com`);
          answered.push(signIn);
          if (answered.length === killAfter) first.child.kill('SIGKILL');
        }
      }),
    );
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(answered.length).toBeGreaterThanOrEqual(killAfter);
    // The crash really came mid-burst: some sign-ins never got their answer, and only because the
    // connection died (a refusal from the provider would be an assertion error, not a TypeError).
    const lost = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
    expect(lost.length).toBeGreaterThan(0);
    expect(lost.filter((reason) => !(reason instanceof TypeError))).toEqual([]);

    const second = await startCli(space);
    const refreshed = await Promise.all(
      answered.map((signIn) => post(second.url, '/sessions/authenticate', {}, signIn.sessionToken)),
    );
    refreshed.forEach((result, index) => {
      const signIn = answered[index] as SignIn;
      expect(result.status).toBe(200);
      expect(result.json.data.session.session_id).toBe(signIn.sessionId);
      expect(result.json.data.user.emails[0]).toMatchObject({ email: signIn.email, verified: true });
    });
    for (const signIn of answered.slice(0, 5)) {
      expectError(
        await post(second.url, '/otps/authenticate', { token: signIn.code, method_id: signIn.methodId }),
        'otp_code_not_found',
      );
    }
    await stop(second);

    const sqlite = new SQLite(space.db, { readonly: true });
    try {
      expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
      const { count } = sqlite.prepare('SELECT count(*) AS count FROM sessions').get() as { count: number };
      expect(count).toBeGreaterThanOrEqual(answered.length);
    } finally {
      sqlite.close();
    }
  });
});
