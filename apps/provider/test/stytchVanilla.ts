// The harness of the real `@stytch/vanilla-js` 6.3.0 headless client against the provider
// (test/stytch-vanilla.e2e.test.ts, which runs the core's cases and collects each product's from
// `src/products/<key>/stytchVanilla.cases.ts`). Its page needs jsdom: the test file asks for it.
//
// How the client is pointed at us (read in its code, dist/esm-dev/packages/core/src/utils/api.mjs): a test public
// token (`public-token-test-…`) makes it use `endpoints.testAPIURL` as given, scheme, port and path kept, and it
// builds `${testAPIURL}/sdk/v1${path}`. The documented `customBaseUrl` would also work, but `getHttpsUrl()` keeps
// only `https://{hostname}` (no port, no http), so it fits a provider on port 443 only; `endpoints` is not in the
// client's `.d.ts`, hence the cast in openPage. The public token travels in `Authorization: Basic base64(token:token)`,
// or `token:session_token` once its `stytch_session` cookie holds a session.
//
// What stands in for the browser: jsdom (document.cookie, localStorage, window.location on the playground's origin),
// a `fetch` that hands each request to `provider.fetch` with the Origin header and the page's cookies (a provider on
// the page's own site, as localhost:5173 → localhost:8787 is), and `navigator.credentials` backed by the software
// authenticator, through the client's own bundled @github/webauthn-json (ArrayBuffers in, ArrayBuffers out).
import { StytchClient } from '@stytch/vanilla-js/headless';
import { generate } from 'otplib';
import { vi } from 'vitest';
import type { ProviderConfigInput } from '../src/config';
import { API_BASE_URL, FollowingClock, ORIGIN, startProvider, type TestProvider } from '../testing/harness';
import type { SoftAuthenticator } from '../testing/softAuthenticator';

export const EMAIL = 'ada@example.com';
export const MFA: ProviderConfigInput = { project: { mfa: { required: true } } };
export const INTERMEDIATE_COOKIE = 'stytch_intermediate_session_token';

export type Provider = TestProvider<FollowingClock>;

/**
 * The provider on a clock that follows the real one: the client writes its session cookie with the session's
 * `expires_at`, and jsdom drops a cookie that expired already.
 */
export const start = (config: ProviderConfigInput = {}): Promise<Provider> =>
  startProvider(config, { clock: new FollowingClock() });

/** One request the client sent, with the provider's answer. */
export interface Sent {
  method: string;
  url: string;
  path: string;
  authorization: string | null;
  cookie: string | null;
  body: unknown;
  status: number;
}

type Bytes = ArrayBuffer | ArrayBufferView;
const b64 = (value: Bytes) =>
  Buffer.from(
    ArrayBuffer.isView(value)
      ? new Uint8Array(value.buffer, value.byteOffset, value.byteLength)
      : new Uint8Array(value as ArrayBuffer),
  ).toString('base64url');
const bytes = (text: string): ArrayBuffer => {
  const buffer = Buffer.from(text, 'base64url');
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
};

/** `navigator.credentials` on `authenticator`: the browser's half of the ceremony, as webauthn-json expects it. */
export function installCredentials(authenticator: SoftAuthenticator): void {
  const credentials = {
    async create({ publicKey }: { publicKey: any }) {
      const made = await authenticator.create({
        ...publicKey,
        challenge: b64(publicKey.challenge),
        user: { ...publicKey.user, id: b64(publicKey.user.id) },
        excludeCredentials: (publicKey.excludeCredentials ?? []).map((item: any) => ({ ...item, id: b64(item.id) })),
      });
      return {
        id: made.id,
        rawId: bytes(made.rawId),
        type: made.type,
        authenticatorAttachment: made.authenticatorAttachment,
        response: {
          clientDataJSON: bytes(made.response.clientDataJSON),
          attestationObject: bytes(made.response.attestationObject),
          getTransports: () => made.response.transports,
        },
        getClientExtensionResults: () => ({}),
      };
    },
    async get({ publicKey }: { publicKey: any }) {
      const assertion = await authenticator.get({
        ...publicKey,
        challenge: b64(publicKey.challenge),
        allowCredentials: (publicKey.allowCredentials ?? []).map((item: any) => ({ ...item, id: b64(item.id) })),
      });
      const { userHandle } = assertion.response;
      return {
        id: assertion.id,
        rawId: bytes(assertion.rawId),
        type: assertion.type,
        authenticatorAttachment: assertion.authenticatorAttachment,
        response: {
          clientDataJSON: bytes(assertion.response.clientDataJSON),
          authenticatorData: bytes(assertion.response.authenticatorData),
          signature: bytes(assertion.response.signature),
          userHandle: userHandle ? bytes(userHandle) : null,
        },
        getClientExtensionResults: () => ({}),
      };
    },
  };
  Object.defineProperty(window.navigator, 'credentials', { value: credentials, configurable: true });
}

export function clearCookies(): void {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom's page has no Cookie Store API; this is the page's own jar.
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

export function cookieValue(name: string): string | undefined {
  return document.cookie
    .split(';')
    .map((pair) => pair.trim().split('='))
    .find(([key]) => key === name)?.[1];
}

/** The requests the client sent (telemetry `/events` aside). */
export let sent: Sent[] = [];
/** The page's client, signed out after the test so that its background refresh stops before the provider closes. */
let live: StytchClient | undefined;

/** Node's own fetch: the development upstream (and the provider's calls to it) are reached over real HTTP. */
const networkFetch = globalThis.fetch;

/** A fresh page on the playground's origin whose fetch reaches `t` in-process; a new headless client on it. */
export function openPage(t: Provider) {
  sent = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (new URL(url).origin !== new URL(API_BASE_URL).origin) return networkFetch(input, init);
    const headers = new Headers(init?.headers);
    headers.set('origin', window.location.origin);
    // credentials: 'include' on the page's own site: the browser sends the page's cookies along.
    if (document.cookie !== '') headers.set('cookie', document.cookie);
    const body = typeof init?.body === 'string' ? init.body : undefined;
    const response = await t.provider.fetch(new Request(url, { method: init?.method ?? 'GET', headers, body }), {
      remoteAddress: '127.0.0.1',
    });
    const path = new URL(url).pathname;
    if (!path.endsWith('/events')) {
      sent.push({
        method: init?.method ?? 'GET',
        url,
        path: path.replace(/^\/sdk\/v1/, ''),
        authorization: headers.get('authorization'),
        cookie: headers.get('cookie'),
        body: body === undefined || body === '' ? undefined : JSON.parse(body),
        status: response.status,
      });
    }
    return response;
  });
  const options = { endpoints: { testAPIURL: API_BASE_URL } } as ConstructorParameters<typeof StytchClient>[1];
  live = new StytchClient(t.provider.config.project.publicToken, options);
  return live;
}

export type Client = ReturnType<typeof openPage>;

/** The error a promise rejects with. */
export async function rejectionOf(promise: Promise<unknown>): Promise<any> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail, but it succeeded');
}

/** Signs in by an emailed passcode through the client (the first factor; a recent one, as factor changes need). */
export async function passcodeSignIn(t: Provider, client: Client) {
  const { method_id } = await client.otps.email.loginOrCreate(EMAIL, { expiration_minutes: 5 });
  return client.otps.authenticate(await t.lastCode(EMAIL), method_id, { session_duration_minutes: 60 });
}

/** `webauthn.authenticate` with a passkey; it answers null only for conditional mediation, never asked for here. */
export async function passkeyAuthenticate(client: Client) {
  const answer = await client.webauthn.authenticate({ session_duration_minutes: 60, is_passkey: true });
  if (answer === null) throw new Error('webauthn.authenticate answered null');
  return answer;
}

export const codeNow = (t: Provider, secret: string) => generate({ secret, epoch: Math.floor(t.clock.now() / 1000) });

/** Before each test: the page on the playground's origin, no cookies, empty storage. */
export function resetPage(): void {
  // Vitest's jsdom page starts on localhost:3000; the provider's allowed origin (and WebAuthn origin) is the playground.
  (globalThis as unknown as { jsdom: { reconfigure(options: { url: string }): void } }).jsdom.reconfigure({
    url: `${ORIGIN}/`,
  });
  clearCookies();
  window.localStorage.clear();
}

/** After each test: the page's client signed out (its background refresh stops), fetch restored, the page cleared. */
export async function closePage(): Promise<void> {
  await live?.session.revoke({ forceClear: true }).catch(() => undefined);
  live = undefined;
  vi.unstubAllGlobals();
  clearCookies();
  window.localStorage.clear();
}
