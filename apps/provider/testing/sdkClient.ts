// The SDK source is typed against the DOM (Document, Crypto, StorageEvent…): tests type-check with tsconfig.test.json, which adds it.
// The real @latchkey/sdk client wired to the in-process provider: storage, cookies and tabs come from the SDK's
// FakeBrowser, but every request goes through `provider.fetch`, so the two sides meet on the real wire.
// Tests only: the provider's src/ never imports SDK runtime code.
import {
  APIError,
  type ClientOptions,
  createClient,
  type LatchkeyClient,
  type LatchkeyEnvironment,
  type Session,
  type User,
} from '@latchkey/sdk';
import { expect } from 'vitest';
import { FakeBrowser, type StoredCookie } from '../../../packages/sdk/test/fakes';
import { sha256Hex } from '../src/services/secrets';
import type { SessionRow } from '../src/services/sessions';
import { SESSION_CLAIM } from '../src/services/signer';
import { API_BASE_URL, ORIGIN, recordingFetch, type SentRequest, type TestProvider } from './harness';

export { API_BASE_URL, type SentRequest };

/** A browser tab running the SDK against the provider. */
export interface SdkTab {
  client: LatchkeyClient;
  browser: FakeBrowser;
  /** Every request this tab sent except telemetry, in order, with the provider's status. */
  requests: SentRequest[];
  /** The telemetry batches (`POST /events`), which go out on their own timer. */
  telemetry: SentRequest[];
  /** Resolves once every request the tab started has been answered (and any follow-up it caused). */
  settled(): Promise<void>;
  /** What the SDK keeps under `stytch_sdk_state_{token}`: `{session, user}`, or null once signed out. */
  stored(): { session: Session; user: User } | null;
  /** A cookie of this browser with its attributes, or undefined. */
  cookie(name: string): StoredCookie | undefined;
}

const liveTabs: SdkTab[] = [];
/** Destroys every tab's client and waits for its requests (test/setup.ts, after each test, before providers close). */
export async function closeTabs(): Promise<void> {
  for (const tab of liveTabs.splice(0)) {
    tab.client.destroy();
    await tab.settled();
  }
}

/**
 * Opens a tab in `browser` (a fresh browser on the allowed origin by default) with a real client whose fetch
 * calls the provider in-process, with the Origin header a browser adds. Waits for the start-up calls
 * (bootstrap and the SDK's first session check) so tests begin from a quiet client.
 */
export async function openSdkTab(
  t: TestProvider,
  setup: {
    browser?: FakeBrowser;
    href?: string;
    options?: ClientOptions;
    /** Parts of the platform to replace (e.g. `loadWebAuthn` with a software authenticator). */
    environment?: Partial<LatchkeyEnvironment>;
    /**
     * Send the browser's cookies with each call, as a browser does for a provider on the page's own site (the
     * SDK calls with `credentials: 'include'`; the playground's localhost:5173 → localhost:8787 is one site).
     */
    sameSiteCookies?: boolean;
  } = {},
): Promise<SdkTab> {
  const browser = setup.browser ?? new FakeBrowser(ORIGIN);
  const recording = recordingFetch(t.provider, () => browser.origin);
  const { requests, telemetry, settled } = recording;
  const fetch: typeof globalThis.fetch = setup.sameSiteCookies
    ? (input, init) => {
        const headers = new Headers(init?.headers);
        const cookies = [...browser.cookies.cookies.values()].map((cookie) => `${cookie.name}=${cookie.value}`);
        if (cookies.length > 0) headers.set('cookie', cookies.join('; '));
        return recording.fetch(input, { ...init, headers });
      }
    : recording.fetch;
  const url = new URL(browser.origin);
  const environment = browser.tab({
    fetch,
    location: { hostname: url.hostname, origin: url.origin, href: setup.href ?? `${url.origin}/` },
    ...setup.environment,
  });
  const client = createClient(t.provider.config.project.publicToken, {
    apiBaseUrl: API_BASE_URL,
    ...setup.options,
    environment,
  });
  const stateKey = `stytch_sdk_state_${client.publicToken}`;
  const tab: SdkTab = {
    client,
    browser,
    requests,
    telemetry,
    settled,
    stored: () => JSON.parse(browser.values.get(stateKey) ?? 'null'),
    cookie: (name) => browser.cookies.find(name),
  };
  liveTabs.push(tab);
  await client.bootstrap.getAsync();
  await tab.settled();
  return tab;
}

/** The session claim of a session JWT, decoded without checking the signature (the provider checks it). */
export function jwtSessionClaim(jwt: string): { id: string; expires_at: string } {
  const payload = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'));
  return payload[SESSION_CLAIM];
}

/**
 * Asserts what a signed-in user of `tab` has, on both sides: the snapshot (confirmed, not from cache), the stored
 * state, both cookies with the session's expiry, a live session row whose hash is the cookie's token, and a user
 * equal to what the provider answers for that token. Returns the row and the opaque token.
 */
export async function expectSignedIn(t: TestProvider, tab: SdkTab): Promise<{ row: SessionRow; token: string }> {
  const session = tab.client.session.getSync();
  const user = tab.client.user.getSync();
  if (!session || !user) throw new Error('the SDK holds no session');
  // The snapshot keeps its session object when a refresh moved only last_accessed_at (no re-render).
  expect(tab.client.session.getSnapshot()).toEqual({
    session: { ...session, last_accessed_at: expect.any(String) },
    user,
    fromCache: false,
  });
  expect(tab.stored()).toEqual({ session, user });

  const attributes = { expires: new Date(session.expires_at), path: '/', sameSite: 'Lax', secure: false };
  const opaque = tab.cookie('stytch_session');
  const jwt = tab.cookie('stytch_session_jwt');
  if (!opaque || !jwt) throw new Error('the session cookies are missing');
  expect(opaque.attributes).toEqual(attributes);
  expect(jwt.attributes).toEqual(attributes);
  expect(tab.client.session.getTokens()).toEqual({ session_token: opaque.value, session_jwt: jwt.value });
  expect(jwtSessionClaim(jwt.value)).toMatchObject({ id: session.session_id, expires_at: session.expires_at });

  const row = await t.provider.database.db
    .selectFrom('sessions')
    .selectAll()
    .where('session_id', '=', session.session_id)
    .executeTakeFirstOrThrow();
  expect(row).toMatchObject({
    user_id: user.user_id,
    token_hash: sha256Hex(opaque.value),
    last_accessed_at: Date.parse(session.last_accessed_at),
    expires_at: Date.parse(session.expires_at),
    revoked_at: null,
  });
  const me = await t.call('GET', '/users/me', { sessionToken: opaque.value });
  expect(me.status).toBe(200);
  const { request_id: _requestId, status_code: _statusCode, ...current } = me.json.data;
  expect(user).toEqual(current);
  return { row, token: opaque.value };
}

/** Asserts that `tab` is signed out everywhere a page could look: snapshot, stored state and cookies. */
export function expectSignedOut(tab: SdkTab): void {
  expect(tab.client.session.getSnapshot()).toEqual({ session: null, user: null, fromCache: false });
  expect(tab.client.session.getSync()).toBeNull();
  expect(tab.client.user.getSync()).toBeNull();
  expect(tab.client.session.getTokens()).toBeNull();
  expect(tab.stored()).toBeNull();
  expect(tab.cookie('stytch_session')).toBeUndefined();
  expect(tab.cookie('stytch_session_jwt')).toBeUndefined();
}

/** The error a promise rejects with, or a failure when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail, but it succeeded');
}

/** Asserts that `call` fails with an APIError carrying the `expected` fields, and that `tab` is signed out after it. */
export async function expectRefusedSignedOut(
  tab: SdkTab,
  call: Promise<unknown>,
  expected: { status_code: number; error_type: string; error_message: string },
): Promise<void> {
  const error = await rejectionOf(call);
  expect(error).toBeInstanceOf(APIError);
  expect(error).toMatchObject(expected);
  expectSignedOut(tab);
}
