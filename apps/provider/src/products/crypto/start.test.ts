// `crypto_wallets/authenticate/start/*`: the challenge a wallet signs, what binds it, and what is (never) stored.
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { errorBody, expectError, expectSchemaError, REQUEST_ID } from '../../../test/expectError';
import {
  challengeOf,
  nonceOf,
  signedIn,
  signWith,
  typeOf,
  walletAuthenticate,
  walletStart,
} from '../../../test/walletSteps';
import { signIn } from '../../../testing/fixtures';
import { iso, ORIGIN, START, startProvider, type TestProvider } from '../../../testing/harness';
import { TestEthereumWallet, TestSolanaWallet } from '../../../testing/testWallets';

const FIVE_MINUTES = 5 * 60_000;

/** Every table a wallet call could write, as JSON text: to look for a secret anywhere in the database. */
async function databaseText(t: TestProvider): Promise<string> {
  const db = t.provider.database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const tables = [
    'crypto_wallet_challenges',
    'crypto_wallets',
    'users',
    'sessions',
    'auth_failures',
    'guess_counters',
    'rate_limits',
    'events',
  ];
  const rows = await Promise.all(tables.map((table) => db.selectFrom(table).selectAll().execute()));
  return JSON.stringify(rows);
}

describe('crypto_wallets/authenticate/start', () => {
  it('answers an Ethereum wallet a Sign-In with Ethereum message for the page that asked (EIP-4361), by default', async () => {
    const t = await startProvider();
    const wallet = new TestEthereumWallet();
    const response = await walletStart(t, wallet);
    expect(response.status).toBe(200);
    expect(response.json).toEqual({
      data: { request_id: REQUEST_ID, status_code: 200, challenge: expect.any(String) },
    });
    const challenge = challengeOf(response);
    const nonce = nonceOf(challenge);
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    // The page is http (a development machine), so its scheme is written: EIP-4361 assumes https without one.
    expect(challenge).toBe(
      [
        `${ORIGIN} wants you to sign in with your Ethereum account:`,
        wallet.address,
        '',
        '',
        `URI: ${ORIGIN}`,
        'Version: 1',
        'Chain ID: 1',
        `Nonce: ${nonce}`,
        `Issued At: ${iso(START)}`,
        `Expiration Time: ${iso(START + FIVE_MINUTES)}`,
      ].join('\n'),
    );
    // Every start has its own nonce.
    expect(nonceOf(challengeOf(await walletStart(t, wallet)))).not.toBe(nonce);
  });

  it('answers a Solana wallet a Sign-In With Solana message for the page that asked, naming the cluster', async () => {
    const t = await startProvider();
    const wallet = new TestSolanaWallet();
    const challenge = challengeOf(await walletStart(t, wallet));
    const nonce = nonceOf(challenge);
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(challenge).toBe(
      [
        'localhost:5173 wants you to sign in with your Solana account:',
        wallet.address,
        '',
        `URI: ${ORIGIN}`,
        'Version: 1',
        'Chain ID: mainnet',
        `Nonce: ${nonce}`,
        `Issued At: ${iso(START)}`,
        `Expiration Time: ${iso(START + FIVE_MINUTES)}`,
      ].join('\n'),
    );
    expect(nonceOf(challengeOf(await walletStart(t, wallet)))).not.toBe(nonce);
  });

  it('refuses a start from no page (no Origin header: a server relaying for another page), storing nothing', async () => {
    const t = await startProvider();
    const ada = await signIn(t, { email: 'ada@example.com' });
    for (const wallet of [new TestEthereumWallet(), new TestSolanaWallet()]) {
      for (const mode of ['primary', 'secondary'] as const) {
        const relayed = await t.call('POST', `/crypto_wallets/authenticate/start/${mode}`, {
          body: { crypto_wallet_address: wallet.address, crypto_wallet_type: typeOf(wallet) },
          sessionToken: mode === 'secondary' ? ada.sessionToken : undefined,
          origin: null,
        });
        expect(relayed.json, `${typeOf(wallet)} ${mode}`).toEqual(
          errorBody(
            403,
            'origin_not_allowed',
            "A wallet challenge names the page that asks for it, so it must be asked for from a page on one of the project's allowed origins: this call sent no Origin header.",
          ),
        );
      }
      // A page on another origin is refused as every call from it is.
      const phishing = await t.call('POST', '/crypto_wallets/authenticate/start/primary', {
        body: { crypto_wallet_address: wallet.address, crypto_wallet_type: typeOf(wallet) },
        origin: 'https://evil.example',
      });
      expect(phishing.json).toEqual(errorBody(403, 'origin_not_allowed'));
    }
    expect(await t.provider.database.db.selectFrom('crypto_wallet_challenges').selectAll().execute()).toEqual([]);
  });

  it('keeps no nonce in the database: neither the nonce nor the message appears in any row', async () => {
    const t = await startProvider();
    const ethereum = new TestEthereumWallet();
    const solana = new TestSolanaWallet();
    const challenges = [
      challengeOf(await walletStart(t, ethereum)),
      challengeOf(await walletStart(t, solana)),
      challengeOf(await walletStart(t, ethereum, { siwe_params: { uri: ORIGIN, chain_id: '10' } })),
    ];
    const stored = await databaseText(t);
    for (const challenge of challenges) {
      expect(stored).not.toContain(nonceOf(challenge));
      expect(stored).not.toContain(challenge);
    }
    // The rows keep what binds the challenge (type, normalised address, expiry) and a salt, never the nonce.
    const rows = await t.provider.database.db
      .selectFrom('crypto_wallet_challenges')
      .selectAll()
      .orderBy('created_at')
      .orderBy('format')
      .execute();
    expect(rows).toHaveLength(3);
    expect(
      rows.map(({ wallet_type, address, format, expires_at, consumed_at }) => ({
        wallet_type,
        address,
        format,
        expires_at,
        consumed_at,
      })),
    ).toEqual(
      expect.arrayContaining([
        {
          wallet_type: 'ethereum',
          address: ethereum.address.toLowerCase(),
          format: 'siwe',
          expires_at: START + FIVE_MINUTES,
          consumed_at: null,
        },
        {
          wallet_type: 'solana',
          address: solana.address,
          format: 'siws',
          expires_at: START + FIVE_MINUTES,
          consumed_at: null,
        },
        {
          wallet_type: 'ethereum',
          address: ethereum.address.toLowerCase(),
          format: 'siwe',
          expires_at: START + FIVE_MINUTES,
          consumed_at: null,
        },
      ]),
    );
    // The signed messages still verify: the provider rebuilds them from the fields and its key.
    expect(
      signedIn(await walletAuthenticate(t, solana, await signWith(solana, challenges[1] as string))).userId,
    ).toMatch(/^user-test-/);
  });

  it('refuses addresses that are not of their type with invalid_crypto_wallet_address, and unknown types, writing nothing', async () => {
    const t = await startProvider();
    const ethereum = new TestEthereumWallet();
    const solana = new TestSolanaWallet();
    const mixed = ethereum.address.slice(2);
    // The checksum broken by one letter's case: a mistyped address (40 digits without a letter are vanishingly rare).
    const letter = mixed.search(/[a-fA-F]/);
    const char = mixed.charAt(letter);
    const flipped = `0x${mixed.slice(0, letter)}${char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase()}${mixed.slice(letter + 1)}`;
    const refused: [type: string, address: string][] = [
      ['ethereum', flipped],
      ['ethereum', ethereum.address.slice(0, 41)],
      ['ethereum', `${ethereum.address}00`],
      ['ethereum', ethereum.address.slice(2)],
      ['ethereum', `0X${mixed.toLowerCase()}`],
      ['ethereum', `0x${'g'.repeat(40)}`],
      ['ethereum', solana.address],
      ['ethereum', ''],
      ['solana', ethereum.address],
      ['solana', `${solana.address.slice(0, -1)}0`],
      ['solana', '1'.repeat(31)],
      ['solana', solana.address.slice(0, 30)],
      ['solana', `${solana.address}${solana.address}`],
      ['solana', ` ${solana.address}`],
      ['solana', ''],
      // Keys of small order (the identity, y = 0, y = p − 1): a signature with R of small order and S = 0 verifies
      // for any message under them, so anyone could sign in as such an address.
      ['solana', '4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM'],
      ['solana', '11111111111111111111111111111111'],
      ['solana', 'Gx9dDNxzpALCowVuZb7pBceBLJugLA8sPa6TJDXrpfeW'],
      // Not a point of the curve (a program-derived address): no key signs for it.
      ['solana', '8opHzTAnfzRpPEx21XtnrVTX28YQuCpAjcn1PczScKh'],
    ];
    for (const [type, address] of refused) {
      const response = await walletStart(t, ethereum, { type, address });
      expect(response.json, `${type} ${address}`).toEqual(errorBody(400, 'invalid_crypto_wallet_address'));
    }
    for (const type of ['bitcoin', 'Ethereum', '', 'solana ']) {
      expectError(await walletStart(t, ethereum, { type }), 400, 'invalid_wallet_type');
    }
    expect(await t.provider.database.db.selectFrom('crypto_wallet_challenges').selectAll().execute()).toEqual([]);
  });

  it('takes a lower-case and an upper-case Ethereum address (no checksum) and answers the checksummed form', async () => {
    const t = await startProvider();
    const wallet = new TestEthereumWallet();
    const hex = wallet.address.slice(2);
    for (const address of [`0x${hex.toLowerCase()}`, `0x${hex.toUpperCase()}`, wallet.address]) {
      const challenge = challengeOf(await walletStart(t, wallet, { address }));
      expect(challenge.split('\n')[1]).toBe(wallet.address);
    }
  });

  it('refuses a wallet type the project switched off with method_not_enabled', async () => {
    const t = await startProvider({ project: { cryptoWallets: { types: ['solana'] } } });
    const ethereum = new TestEthereumWallet();
    expectError(await walletStart(t, ethereum), 403, 'method_not_enabled');
    expectError(await walletAuthenticate(t, ethereum, '0x00'), 403, 'method_not_enabled');
    expect((await walletStart(t, new TestSolanaWallet())).status).toBe(200);
    const off = await startProvider({ project: { cryptoWallets: { types: [] } } });
    expectError(await walletStart(off, new TestSolanaWallet()), 403, 'method_not_enabled');
  });

  it('refuses wrong field types with a schema error naming each field', async () => {
    const t = await startProvider();
    expectSchemaError(await t.post('/crypto_wallets/authenticate/start/primary', {}), [
      '.crypto_wallet_address',
      '.crypto_wallet_type',
    ]);
    expectSchemaError(
      await t.post('/crypto_wallets/authenticate/start/primary', {
        crypto_wallet_address: 1,
        crypto_wallet_type: ['ethereum'],
        siwe_params: { uri: 5, resources: 'x' },
      }),
      ['.crypto_wallet_address', '.crypto_wallet_type', '.siwe_params.uri', '.siwe_params.resources'],
    );
    expectSchemaError(
      await t.post('/crypto_wallets/authenticate', {
        crypto_wallet_address: 'x',
        crypto_wallet_type: 'ethereum',
        signature: null,
        session_duration_minutes: 1,
      }),
      ['.signature', '.session_duration_minutes'],
    );
  });

  it('limits primary starts per client IP with 429 too_many_requests', async () => {
    const t = await startProvider({ rateLimits: { cryptoWalletChallengesPerIp: { limit: 3, windowSeconds: 60 } } });
    const wallet = new TestSolanaWallet();
    for (let index = 0; index < 3; index += 1) expect((await walletStart(t, wallet)).status).toBe(200);
    const refused = await walletStart(t, wallet);
    expect(refused.status).toBe(429);
    expect(refused.json.error_type).toBe('too_many_requests');
    expect(refused.headers.get('retry-after')).toBe('60');
    // Another client is not affected.
    const other = await t.call('POST', '/crypto_wallets/authenticate/start/primary', {
      body: { crypto_wallet_address: wallet.address, crypto_wallet_type: 'solana' },
      remoteAddress: '203.0.113.9',
    });
    expect(other.status).toBe(200);
  });
});
