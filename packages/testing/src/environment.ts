// A real provider in-process and a real SDK client whose fetch calls it, for one test (`startTestEnvironment`).
// Its own module so the helpers built on it (oauth.ts) import it without importing the package's index, which
// re-exports them.
import type { Provider, ProviderConfigInput } from '@latchkey/provider';
import {
  type AdjustableClock,
  API_BASE_URL,
  FollowingClock,
  openTestProvider,
  type RecordingFetch,
  recordingFetch,
  type TestProvider,
} from '@latchkey/provider/testing';
import { type ClientOptions, createClient, type LatchkeyClient } from '@latchkey/sdk';
import { registerCleanup } from './cleanup';

/**
 * A provider and a client wired to it. `requests` / `telemetry`: what the client sent, with the provider's status;
 * `settled()`: resolves once every request has been answered; `clock`: the provider's clock (`advance(ms)`);
 * `inbox(to?)`, `lastCode(to)`, `lastLink(to, contains?)`: the development inbox.
 */
export interface TestEnvironment
  extends Pick<RecordingFetch, 'requests' | 'telemetry' | 'settled'>,
    Pick<TestProvider<AdjustableClock>, 'clock' | 'inbox' | 'lastCode' | 'lastLink'> {
  provider: Provider;
  client: LatchkeyClient;
}

export interface TestEnvironmentSetup {
  /** Provider configuration (as in latchkey.config.json); the defaults suit the tests. */
  config?: ProviderConfigInput;
  /** Extra options for `createClient`. */
  clientOptions?: ClientOptions;
  /**
   * Send the page's cookies (`document.cookie`) with each request, as a browser does when the provider is on the
   * page's own site: a multi-factor sign-in needs it (the provider reads the intermediate session token there).
   */
  sameSiteCookies?: boolean;
  /**
   * Changes the `data` of a JSON answer of `/sdk/v1{path}` before the client reads it: a provider answering what the
   * reference provider never would (another backend, a compromised one), to test what the client then does.
   */
  rewriteAnswer?: (path: string, data: Record<string, unknown>) => void;
}

/**
 * Starts a provider on a fresh database (in-memory SQLite; a throwaway PostgreSQL database when
 * LATCHKEY_TEST_POSTGRES_URL is set, as in the provider's tests) and a client wired to it. Both are closed, and the
 * page's storage and cookies cleared, after the test.
 */
export async function startTestEnvironment(setup: TestEnvironmentSetup = {}): Promise<TestEnvironment> {
  // Its time follows Date.now(), so a test's fake timers move the provider's clock with the client's.
  const { close, provider, clock, inbox, lastCode, lastLink } = await openTestProvider(setup.config ?? {}, {
    clock: new FollowingClock(),
  });
  const recording = recordingFetch(provider);
  const { requests, telemetry, settled } = recording;
  const fetch: typeof globalThis.fetch = setup.sameSiteCookies
    ? (input, init) => {
        const headers = new Headers(init?.headers);
        if (document.cookie !== '') headers.set('cookie', document.cookie);
        return recording.fetch(input, { ...init, headers });
      }
    : recording.fetch;
  const rewrite = setup.rewriteAnswer;
  const answering: typeof globalThis.fetch = rewrite
    ? async (input, init) => {
        const response = await fetch(input, init);
        if (!(response.headers.get('content-type') ?? '').includes('json')) return response;
        const body = (await response.json()) as { data?: unknown };
        const path = new URL(String(input)).pathname.replace(/^.*\/sdk\/v1/, '');
        if (typeof body.data === 'object' && body.data !== null) rewrite(path, body.data as Record<string, unknown>);
        return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
      }
    : fetch;
  const client = createClient(provider.config.project.publicToken, {
    apiBaseUrl: API_BASE_URL,
    ...setup.clientOptions,
    environment: { fetch: answering, ...setup.clientOptions?.environment },
  });
  // Runs after the rendered tree is unmounted (setup.ts): the client stops, then its provider closes.
  registerCleanup(async () => {
    client.destroy();
    await settled();
    await close();
  });
  await client.bootstrap.getAsync();
  await settled();
  return { provider, client, clock, requests, telemetry, settled, inbox, lastCode, lastLink };
}

/**
 * Holds the provider's answers to requests whose path ends with `path` until `release()`: a late answer, arriving
 * after whatever the test does meanwhile. `restore()` stops holding (later requests go straight through).
 */
export function holdAnswers(
  env: Pick<TestEnvironment, 'provider'>,
  path: string,
): { release(): void; restore(): void } {
  const providerFetch = env.provider.fetch;
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  env.provider.fetch = async (request, bindings) => {
    if (new URL(request.url).pathname.endsWith(path)) await held;
    return providerFetch(request, bindings);
  };
  return {
    release: () => release(),
    restore: () => {
      env.provider.fetch = providerFetch;
    },
  };
}
