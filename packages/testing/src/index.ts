// The real provider in-process, and a real SDK client whose fetch calls it, for the hooks' and kits' tests
// (style.md §8: real parts, no mocks of our own code). The client runs on the test's jsdom window: its
// localStorage, document.cookie and location (http://localhost:5173/, an origin the provider allows).
import { type CreateProviderOptions, createProvider, type InboxMessage, type Provider } from '@latchkey/provider';
import { type ClientOptions, createClient, type LatchkeyClient } from '@latchkey/sdk';
import { registerCleanup } from './cleanup';

export { expectNoAxeViolations } from './axe';
export { registerCleanup } from './cleanup';

/** The public token of the provider's default project. */
export const PUBLIC_TOKEN = 'public-token-test-latchkey-playground';
/** The origin the tests' pages run on (jsdom's URL), allowed by the provider's default configuration. */
export const ORIGIN = 'http://localhost:5173';
/** Where the SDK thinks the provider lives; the in-process fetch ignores the host. */
export const API_BASE_URL = 'http://localhost:8787';

/** One request the client sent, as the provider answered it. */
export interface SentRequest {
  method: string;
  /** The path after `/sdk/v1`. */
  path: string;
  body: unknown;
  status: number;
}

/** A provider clock the test can move forward; it follows `Date.now()`, so vitest's fake timers move it too. */
export interface AdjustableClock {
  now(): number;
  advance(ms: number): void;
}

export interface TestEnvironment {
  provider: Provider;
  client: LatchkeyClient;
  clock: AdjustableClock;
  /** Every request the client sent except telemetry, in order, with the provider's status. */
  requests: SentRequest[];
  /** Telemetry batches (`POST /events`). */
  telemetry: SentRequest[];
  /** Resolves once every request the client started has been answered (and any follow-up it caused). */
  settled(): Promise<void>;
  /** The messages the development inbox holds for `to`, oldest first. */
  inbox(to?: string): Promise<InboxMessage[]>;
  /** The last passcode sent to `to`. */
  lastCode(to: string): Promise<string>;
  /** The last link sent to `to` whose URL contains `contains`. */
  lastLink(to: string, contains?: string): Promise<string>;
}

export interface TestEnvironmentSetup {
  /** Provider configuration (as in latchkey.config.json); the defaults suit the tests. */
  config?: CreateProviderOptions['config'];
  /** Extra options for `createClient`. */
  clientOptions?: ClientOptions;
}

/**
 * Starts a provider on a fresh in-memory SQLite database and a client wired to it. Both are closed, and the
 * page's storage and cookies cleared, after the test.
 */
export async function startTestEnvironment(setup: TestEnvironmentSetup = {}): Promise<TestEnvironment> {
  let offset = 0;
  const clock: AdjustableClock = {
    now: () => Date.now() + offset,
    advance: (ms) => {
      offset += ms;
    },
  };
  const provider = await createProvider({ db: ':memory:', config: setup.config ?? {}, clock });
  const requests: SentRequest[] = [];
  const telemetry: SentRequest[] = [];
  const inFlight = new Set<Promise<unknown>>();
  const fetch: typeof globalThis.fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('origin', ORIGIN);
    const request = new Request(String(input), { ...init, headers });
    const sent: SentRequest = {
      method: request.method,
      path: new URL(request.url).pathname.replace(/^\/sdk\/v1/, ''),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      status: 0,
    };
    (sent.path === '/events' ? telemetry : requests).push(sent);
    const answer = provider.fetch(request, { remoteAddress: '127.0.0.1' }).then((response) => {
      sent.status = response.status;
      return response;
    });
    inFlight.add(answer);
    void answer.finally(() => inFlight.delete(answer)).catch(() => {});
    return answer;
  };
  const client = createClient(provider.config.project.publicToken, {
    apiBaseUrl: API_BASE_URL,
    ...setup.clientOptions,
    environment: { fetch, ...setup.clientOptions?.environment },
  });
  const settled = async () => {
    do {
      await Promise.allSettled([...inFlight]);
      await new Promise((resolve) => setTimeout(resolve, 0));
    } while (inFlight.size > 0);
  };
  registerCleanup(async () => {
    client.destroy();
    await settled();
    await provider.close();
  });
  const inbox = async (to?: string) => {
    if (!provider.inbox) throw new Error('The development inbox is off');
    return provider.inbox.list(to);
  };
  await client.bootstrap.getAsync();
  await settled();
  return {
    provider,
    client,
    clock,
    requests,
    telemetry,
    settled,
    inbox,
    async lastCode(to) {
      const code = (await inbox(to)).flatMap((message) => message.codes).at(-1);
      if (code === undefined) throw new Error(`No passcode was sent to ${to}`);
      return code;
    },
    async lastLink(to, contains = '') {
      const link = (await inbox(to))
        .flatMap((message) => message.links)
        .filter((item) => item.includes(contains))
        .at(-1);
      if (link === undefined) throw new Error(`No link containing "${contains}" was sent to ${to}`);
      return link;
    },
  };
}

/** The `token` query parameter of an emailed link. */
export function tokenOf(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (token === null) throw new Error(`No token in ${link}`);
  return token;
}
