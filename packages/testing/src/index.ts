// The real provider in-process, and a real SDK client whose fetch calls it, for the hooks' and kits' tests
// (style.md §8: real parts, no mocks of our own code). The client runs on the test's jsdom window: its
// localStorage, document.cookie and location (http://localhost:5173/, an origin the provider allows).
//
// The provider side is the provider's own test harness (`@latchkey/provider/testing`, apps/provider/test/harness.ts):
// one copy of the code that starts a provider on a fresh database, reads its inbox and wires a client to it.
import type { Provider, ProviderConfigInput } from '@latchkey/provider';
import {
  type AdjustableClock,
  API_BASE_URL,
  FollowingClock,
  ORIGIN,
  openTestProvider,
  PUBLIC_TOKEN,
  type RecordingFetch,
  recordingFetch,
  type SentRequest,
  SoftAuthenticator,
  type TestProvider,
  tokenOf,
} from '@latchkey/provider/testing';
import { type ClientOptions, createClient, type LatchkeyClient } from '@latchkey/sdk';
import { registerCleanup } from './cleanup';

export type { CeremonyTweaks, SoftCredential, WebAuthnLibrary } from '@latchkey/provider/testing';
/** Wallets that sign with real keys (Ethereum through viem, Solana through tweetnacl), and EIP-6963 announcing. */
/** Social sign-in through the provider's development upstream (its identity page, One Tap's credential). */
export {
  announceEip6963,
  completeAtDevelopmentUpstream,
  type DevelopmentGoogleCredentialOptions,
  type DevelopmentIdentity,
  type DevelopmentUpstreamOptions,
  type Eip6963Info,
  requestDevelopmentGoogleCredential,
  TEST_IDENTITIES,
  TestEthereumWallet,
  TestSolanaWallet,
  UserRejectedError,
  type WalletBehaviour,
} from '@latchkey/provider/testing';
export { expectNoAxeViolations } from './axe';
export { registerCleanup } from './cleanup';
export {
  providerFetch,
  removeGoogle,
  StandInGoogle,
  type StandInGoogleConfiguration,
  StandInResizeObserver,
  socialEnvironment,
  startUrlOf,
} from './oauth';
export { ASYNC_TIMEOUT, TEST_TIMEOUT } from './timeouts';
export { HeldPopUps, installEthereumWallet, installSolanaWallet } from './wallets';
export type { AdjustableClock, SentRequest };
/** A software WebAuthn authenticator (the provider's): pass `authenticator.library()` as `environment.loadWebAuthn`. */
export { API_BASE_URL, ORIGIN, PUBLIC_TOKEN, SoftAuthenticator, tokenOf };

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
  const client = createClient(provider.config.project.publicToken, {
    apiBaseUrl: API_BASE_URL,
    ...setup.clientOptions,
    environment: { fetch, ...setup.clientOptions?.environment },
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
