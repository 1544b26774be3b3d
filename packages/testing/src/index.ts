// The real provider in-process, and a real SDK client whose fetch calls it, for the hooks' and kits' tests
// (real parts, no mocks of our own code). The client runs on the test's jsdom window: its
// localStorage, document.cookie and location (http://localhost:5173/, an origin the provider allows).
//
// The provider side is the provider's own test harness (`@latchkey/provider/testing`, apps/provider/testing):
// one copy of the code that starts a provider on a fresh database, reads its inbox and wires a client to it.
import {
  type AdjustableClock,
  API_BASE_URL,
  ORIGIN,
  PUBLIC_TOKEN,
  type SentRequest,
  SoftAuthenticator,
  tokenOf,
} from '@latchkey/provider/testing';

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
export { holdAnswers, startTestEnvironment, type TestEnvironment, type TestEnvironmentSetup } from './environment';
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
