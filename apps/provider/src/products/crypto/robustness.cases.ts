// The robustness battery's cases for crypto wallets (collected by test/robustnessCases.ts): addresses, types,
// signatures and SIWE fields of every wrong kind.
import type { RobustnessCases } from '../../../test/robustnessCases';

const ETHEREUM_ZERO = '0x0000000000000000000000000000000000000000';
const SOLANA_ZERO = '11111111111111111111111111111111';

/** A wallet body: the fields of a start or authenticate call, then `extra`. */
function walletBody(type: string, address: unknown, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ crypto_wallet_type: type, crypto_wallet_address: address, ...extra });
}

export const robustness: RobustnessCases = {
  routes: [
    ['POST', '/crypto_wallets/authenticate/start/primary'],
    ['POST', '/crypto_wallets/authenticate/start/secondary'],
    ['POST', '/crypto_wallets/authenticate'],
    ['DELETE', '/users/crypto_wallets/crypto-wallet-test-nope'],
    ['DELETE', '/users/crypto_wallets/%E0%A4%A'],
  ],
  bodies: [
    walletBody('ethereum', ETHEREUM_ZERO),
    walletBody('solana', SOLANA_ZERO),
    walletBody('ethereum', { $ne: null }),
    walletBody('ethereum', `0x${'Ab'.repeat(20)}`),
    walletBody('solana', '0OIl'.repeat(10)),
    walletBody('solana', '1'.repeat(128)),
    walletBody('\u0000', ETHEREUM_ZERO),
    walletBody('__proto__', ETHEREUM_ZERO),
    walletBody('ethereum', ETHEREUM_ZERO, { siwe_params: null }),
    walletBody('ethereum', ETHEREUM_ZERO, { siwe_params: [] }),
    walletBody('ethereum', ETHEREUM_ZERO, { siwe_params: { uri: 'http://localhost:5173', chain_id: '1e308' } }),
    walletBody('ethereum', ETHEREUM_ZERO, {
      siwe_params: {
        uri: 'http://localhost:5173',
        issued_at: '9999-99-99T99:99:99Z',
        not_before: '0000-01-01T00:00:00+99:99',
        statement: '\u2028\u0000',
        message_request_id: '\ud800',
        resources: ['\u0000', 'http://[::1', `https://x/${'%'.repeat(100)}`],
      },
    }),
    walletBody('ethereum', ETHEREUM_ZERO, {
      siwe_params: { uri: `http://localhost:5173/${'a'.repeat(2_000)}`, not_before: '0001-01-01T00:00:00Z' },
    }),
    walletBody('ethereum', ETHEREUM_ZERO, {
      siwe_params: { uri: 'http://[::1]:5173', issued_at: '2026-11-21T12:00:00.0000000001Z' },
    }),
    walletBody('solana', SOLANA_ZERO, { siwe_params: { uri: 'javascript:alert(1)' } }),
    walletBody('ethereum', ETHEREUM_ZERO, { signature: `0x${'f'.repeat(130)}`, session_duration_minutes: 60 }),
    walletBody('ethereum', ETHEREUM_ZERO, { signature: `0x${'0'.repeat(128)}`, session_duration_minutes: 1e308 }),
    walletBody('ethereum', ETHEREUM_ZERO, { signature: 'x'.repeat(2_000) }),
    walletBody('solana', SOLANA_ZERO, { signature: '1'.repeat(88) }),
    walletBody('solana', SOLANA_ZERO, { signature: { $gt: '' } }),
    walletBody('solana', SOLANA_ZERO, { signature: '\ud800\udfff' }),
  ],
  unknownPaths: [['DELETE', '/users/crypto_wallets/%E0%A4%A']],
  config: () => ({ rateLimits: { cryptoWalletChallengesPerIp: { limit: 10_000, windowSeconds: 60 } } }),
};
