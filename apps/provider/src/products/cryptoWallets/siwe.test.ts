// Sign-In with Ethereum (EIP-4361): the messages the provider asks Ethereum wallets to sign when the project requires
// it (`project.cryptoWallets.siweRequired`, announced by the bootstrap) or the caller sends `siwe_params`.
import { parseSiweMessage } from 'viem/siwe';
import { describe, expect, it } from 'vitest';
import { errorBody, expectError } from '../../../test/expectError';
import { iso, ORIGIN, PUBLIC_TOKEN, START, startProvider, type TestProvider } from '../../../test/harness';
import { TestEthereumWallet, TestSolanaWallet } from '../../../test/testWallets';
import {
  BAD_SIGNATURE,
  challengeOf,
  nonceOf,
  signWith,
  walletAuthenticate,
  walletSignIn,
  walletStart,
} from '../../../test/walletSteps';
import type { ProviderConfigInput } from '../../config';
import { createProvider } from '../../provider';

const FIVE_MINUTES = 5 * 60_000;
const SIWE: ProviderConfigInput = { project: { cryptoWallets: { siweRequired: true } } };

const start = (t: TestProvider, wallet: TestEthereumWallet, siwe_params: Record<string, unknown> = { uri: ORIGIN }) =>
  walletStart(t, wallet, { siwe_params });

/**
 * The provider of `t` started again with `config`, on the same database, keys and clock (a configuration change),
 * and a POST to it as the SDK on the playground's page sends it.
 */
async function restarted(t: TestProvider, config: ProviderConfigInput) {
  const provider = await createProvider({
    db: t.provider.database,
    config,
    clock: t.clock,
    passcodeKey: t.passcodeKey,
    totpKey: t.totpKey,
    secretKey: t.secretKey,
  });
  return async (path: string, body: unknown) => {
    const response = await provider.fetch(
      new Request(`http://provider.test/sdk/v1${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: ORIGIN,
          authorization: `Basic ${Buffer.from(`${PUBLIC_TOKEN}:${PUBLIC_TOKEN}`).toString('base64')}`,
        },
        body: JSON.stringify(body),
      }),
      { remoteAddress: '127.0.0.1' },
    );
    return { status: response.status, json: (await response.json()) as Record<string, any> };
  };
}

describe('Sign-In with Ethereum', () => {
  it('announces the project’s choice in the bootstrap (siwe_required_for_crypto_wallets)', async () => {
    const required = await startProvider(SIWE);
    expect((await required.call('GET', `/projects/bootstrap/${PUBLIC_TOKEN}`)).json.data).toMatchObject({
      siwe_required_for_crypto_wallets: true,
    });
    const plain = await startProvider();
    expect((await plain.call('GET', `/projects/bootstrap/${PUBLIC_TOKEN}`)).json.data).toMatchObject({
      siwe_required_for_crypto_wallets: false,
    });
  });

  it('asks for an EIP-4361 message: domain and URI of the page, chain 1, a fresh nonce, issued now, expiring with the challenge', async () => {
    const t = await startProvider(SIWE);
    const wallet = new TestEthereumWallet();
    const challenge = challengeOf(await start(t, wallet));
    const nonce = nonceOf(challenge);
    expect(challenge).toBe(
      [
        'localhost:5173 wants you to sign in with your Ethereum account:',
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
    expect(parseSiweMessage(challenge)).toEqual({
      domain: 'localhost:5173',
      address: wallet.address,
      uri: ORIGIN,
      version: '1',
      chainId: 1,
      nonce,
      issuedAt: new Date(START),
      expirationTime: new Date(START + FIVE_MINUTES),
    });
    expect(nonceOf(challengeOf(await start(t, wallet)))).not.toBe(nonce);
    expect((await walletAuthenticate(t, wallet, await signWith(wallet, challenge))).status).toBe(200);
  });

  it('writes the chain, statement, request id, resources and times the caller gives, and signs in with them', async () => {
    const t = await startProvider(SIWE);
    const wallet = new TestEthereumWallet();
    const siwe_params = {
      uri: 'http://127.0.0.1:5173/login?next=%2Fhome',
      chain_id: '137',
      statement: 'Sign in to Acme. No transaction, no fee.',
      issued_at: '2026-11-21T11:59:30Z',
      not_before: '2026-11-21T11:59:50.000Z',
      message_request_id: 'request-42',
      resources: ['https://example.com/terms', 'ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/'],
    };
    const challenge = challengeOf(await start(t, wallet, siwe_params));
    expect(challenge).toBe(
      [
        '127.0.0.1:5173 wants you to sign in with your Ethereum account:',
        wallet.address,
        '',
        siwe_params.statement,
        '',
        `URI: ${siwe_params.uri}`,
        'Version: 1',
        'Chain ID: 137',
        `Nonce: ${nonceOf(challenge)}`,
        'Issued At: 2026-11-21T11:59:30.000Z',
        `Expiration Time: ${iso(START + FIVE_MINUTES)}`,
        'Not Before: 2026-11-21T11:59:50.000Z',
        'Request ID: request-42',
        'Resources:',
        '- https://example.com/terms',
        '- ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/',
      ].join('\n'),
    );
    const response = await walletAuthenticate(t, wallet, await signWith(wallet, challenge));
    expect(response.status).toBe(200);
    expect(response.json.data.user.crypto_wallets[0].crypto_wallet_address).toBe(wallet.address);
  });

  it('takes the page from the Origin header when the caller sends no siwe_params, and refuses a call from no page', async () => {
    const t = await startProvider(SIWE);
    const wallet = new TestEthereumWallet();
    const challenge = challengeOf(await walletStart(t, wallet));
    expect(parseSiweMessage(challenge)).toMatchObject({ domain: 'localhost:5173', uri: ORIGIN });
    const noPage = await t.call('POST', '/crypto_wallets/authenticate/start/primary', {
      body: { crypto_wallet_address: wallet.address, crypto_wallet_type: 'ethereum' },
      origin: null,
    });
    expect(noPage.json).toEqual(
      errorBody(
        400,
        'invalid_siwe_uri',
        'This project requires Sign-In with Ethereum: name the page in siwe_params.uri.',
      ),
    );
  });

  it('refuses a URI that is not a page of the project’s allowed origins with invalid_siwe_uri, storing nothing', async () => {
    const t = await startProvider(SIWE);
    const wallet = new TestEthereumWallet();
    for (const uri of [
      'https://evil.example',
      'http://localhost:5174',
      'https://localhost:5173',
      'http://localhost:5173@evil.example',
      'http://user:pass@localhost:5173',
      'http://evil.example#http://localhost:5173',
      '//localhost:5173',
      'localhost:5173',
      'javascript:alert(1)',
      'data:text/html,hi',
      'http://localhost:5173/\\evil',
      'http://localhost:5173/ space',
      'http://localhost:5173/%zz',
      '',
    ]) {
      expect((await start(t, wallet, { uri })).json, uri).toEqual(errorBody(400, 'invalid_siwe_uri'));
    }
    // An allowed origin whose host an EIP-4361 domain cannot spell (IPv6) is refused the same way.
    const ipv6 = await startProvider({
      project: { allowedOrigins: ['http://[::1]:5173'], cryptoWallets: { siweRequired: true } },
    });
    const fromIpv6 = await ipv6.call('POST', '/crypto_wallets/authenticate/start/primary', {
      body: {
        crypto_wallet_address: wallet.address,
        crypto_wallet_type: 'ethereum',
        siwe_params: { uri: 'http://[::1]:5173' },
      },
      origin: 'http://[::1]:5173',
    });
    expectError(fromIpv6, 400, 'invalid_siwe_uri');
    expect(await t.provider.database.db.selectFrom('crypto_wallet_challenges').selectAll().execute()).toEqual([]);
  });

  it('refuses malformed SIWE fields, each with the error naming it', async () => {
    const t = await startProvider(SIWE);
    const wallet = new TestEthereumWallet();
    const cases: [Record<string, unknown>, Parameters<typeof errorBody>[1]][] = [
      [{ chain_id: '0' }, 'invalid_siwe_chain_id'],
      [{ chain_id: '0x1' }, 'invalid_siwe_chain_id'],
      [{ chain_id: '-1' }, 'invalid_siwe_chain_id'],
      [{ chain_id: '99999999999999999' }, 'invalid_siwe_chain_id'],
      [{ issued_at: 'yesterday' }, 'invalid_siwe_issued_at'],
      [{ issued_at: '2026-11-21 12:00:00' }, 'invalid_siwe_issued_at'],
      [{ issued_at: iso(START - FIVE_MINUTES - 1_000) }, 'invalid_siwe_issued_at'],
      [{ issued_at: iso(START + FIVE_MINUTES + 1_000) }, 'invalid_siwe_issued_at'],
      [{ not_before: 'soon' }, 'invalid_siwe_not_before'],
      [{ not_before: iso(START + FIVE_MINUTES) }, 'invalid_siwe_not_before'],
      [{ statement: 'two\nlines' }, 'invalid_siwe_statement'],
      [{ statement: 'Déjà vu' }, 'invalid_siwe_statement'],
      [{ statement: 'x'.repeat(1025) }, 'invalid_siwe_statement'],
      [{ message_request_id: 'has space' }, 'invalid_siwe_message_request_id'],
      [{ message_request_id: 'line\nbreak' }, 'invalid_siwe_message_request_id'],
      [{ resources: ['not a uri'] }, 'invalid_siwe_resource'],
      [{ resources: ['https://example.com/\nResources:'] }, 'invalid_siwe_resource'],
      [
        { resources: Array.from({ length: 17 }, (_, index) => `https://example.com/${index}`) },
        'invalid_siwe_resource',
      ],
    ];
    for (const [params, type] of cases) {
      expect((await start(t, wallet, { uri: ORIGIN, ...params })).json, JSON.stringify(params)).toEqual(
        errorBody(400, type),
      );
    }
    expect(await t.provider.database.db.selectFrom('crypto_wallet_challenges').selectAll().execute()).toEqual([]);
  });

  it('refuses the signature of the same message for another domain or URI (a phishing page’s copy)', async () => {
    const t = await startProvider(SIWE);
    const wallet = new TestEthereumWallet();
    const challenge = challengeOf(await start(t, wallet));
    const phished = challenge.replace('localhost:5173 wants', 'evil.example wants');
    const otherUri = challenge.replace(`URI: ${ORIGIN}`, 'URI: https://evil.example');
    const otherChain = challenge.replace('Chain ID: 1', 'Chain ID: 5');
    for (const message of [phished, otherUri, otherChain]) {
      expect(message).not.toBe(challenge);
      expect((await walletAuthenticate(t, wallet, await signWith(wallet, message))).json).toEqual(BAD_SIGNATURE);
    }
    expect((await walletAuthenticate(t, wallet, await signWith(wallet, challenge))).status).toBe(200);
  });

  it('refuses a plain signature when SIWE is required, and a plain challenge issued before it was required', async () => {
    // Before: the project asks plain messages; a wallet asks for one but does not answer yet.
    const t = await startProvider();
    const wallet = new TestEthereumWallet();
    const plain = challengeOf(await walletStart(t, wallet));
    expect(plain).toMatch(/^Sign in to /);
    const plainSignature = await signWith(wallet, plain);

    // The project now requires SIWE (a restart with the new configuration on the same database and keys).
    const call = await restarted(t, { project: { cryptoWallets: { siweRequired: true } } });
    const body = (signature: string) => ({
      crypto_wallet_address: wallet.address,
      crypto_wallet_type: 'ethereum',
      signature,
      session_duration_minutes: 60,
    });
    expect((await call('/crypto_wallets/authenticate', body(plainSignature))).json).toEqual(BAD_SIGNATURE);

    // A fresh challenge is SIWE; a plain text with its nonce, signed, does not answer it.
    const siwe = (await call('/crypto_wallets/authenticate/start/primary', body(''))).json.data.challenge as string;
    expect(parseSiweMessage(siwe).domain).toBe('localhost:5173');
    const lookalike = plain.replace(nonceOf(plain), nonceOf(siwe));
    expect((await call('/crypto_wallets/authenticate', body(await signWith(wallet, lookalike)))).json).toEqual(
      BAD_SIGNATURE,
    );
    expect((await call('/crypto_wallets/authenticate', body(await signWith(wallet, siwe)))).status).toBe(200);
  });

  it('refuses a signature for a page the project no longer allows (origins changed since the start)', async () => {
    const t = await startProvider(SIWE);
    const wallet = new TestEthereumWallet();
    const challenge = challengeOf(
      await start(t, wallet, { uri: 'http://127.0.0.1:5173', not_before: iso(START + 60_000) }),
    );
    const call = await restarted(t, {
      project: { allowedOrigins: [ORIGIN], cryptoWallets: { siweRequired: true } },
    });
    const answer = await call('/crypto_wallets/authenticate', {
      crypto_wallet_address: wallet.address,
      crypto_wallet_type: 'ethereum',
      signature: await signWith(wallet, challenge),
      session_duration_minutes: 60,
    });
    expect(answer.json).toEqual(BAD_SIGNATURE);
  });

  it('keeps a message that is not valid yet for later: siwe_message_not_valid_yet, then a sign-in once its time comes', async () => {
    const t = await startProvider(SIWE);
    const wallet = new TestEthereumWallet();
    const challenge = challengeOf(await start(t, wallet, { uri: ORIGIN, not_before: iso(START + 60_000) }));
    const signature = await signWith(wallet, challenge);
    expectError(await walletAuthenticate(t, wallet, signature), 400, 'siwe_message_not_valid_yet');
    expect(await t.provider.database.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
    t.clock.advance(60_000);
    expect((await walletAuthenticate(t, wallet, signature)).status).toBe(200);
  });

  it('uses SIWE for an Ethereum caller who sends siwe_params even when the project does not require it', async () => {
    const t = await startProvider();
    const wallet = new TestEthereumWallet();
    const response = await walletSignIn(t, wallet, { siwe_params: { uri: ORIGIN, chain_id: '10' } });
    expect(response.status).toBe(200);
    const challenge = challengeOf(await start(t, wallet, { uri: ORIGIN }));
    expect(parseSiweMessage(challenge)).toMatchObject({ domain: 'localhost:5173', chainId: 1 });
  });

  it('refuses siwe_params for a Solana wallet, and gives Solana its plain message when SIWE is required', async () => {
    const t = await startProvider(SIWE);
    const wallet = new TestSolanaWallet();
    expectError(
      await walletStart(t, wallet, { siwe_params: { uri: ORIGIN } }),
      400,
      'crypto_wallet_type_incompatible_with_siwe',
    );
    const response = await walletSignIn(t, wallet);
    expect(response.status).toBe(200);
  });
});
