// Sign-In with Ethereum (EIP-4361): the messages the provider asks every Ethereum wallet to sign, for the page that
// asked (announced by the bootstrap as siwe_required_for_crypto_wallets, so that SDKs send the page as the URI).
import { parseSiweMessage, validateSiweMessage } from 'viem/siwe';
import { describe, expect, it } from 'vitest';
import { errorBody, expectError } from '../../../test/expectError';
import { openProvider } from '../../../test/opsSupport';
import {
  BAD_SIGNATURE,
  challengeOf,
  nonceOf,
  signWith,
  walletAuthenticate,
  walletStart,
} from '../../../test/walletSteps';
import { iso, ORIGIN, PUBLIC_TOKEN, START, startProvider, type TestProvider } from '../../../testing/harness';
import { TestEthereumWallet, TestSolanaWallet } from '../../../testing/testWallets';
import type { ProviderConfigInput } from '../../config';

const FIVE_MINUTES = 5 * 60_000;

const start = (t: TestProvider, wallet: TestEthereumWallet, siwe_params: Record<string, unknown> = { uri: ORIGIN }) =>
  walletStart(t, wallet, { siwe_params });

/**
 * The provider of `t` started again with `config`, on the same database, keys and clock (a configuration change),
 * and a POST to it as the SDK on the playground's page sends it.
 */
async function restarted(t: TestProvider, config: ProviderConfigInput) {
  // Closed after the test (opsSupport's clean-up), before the provider of `t` and its database.
  const provider = await openProvider({
    db: t.provider.database,
    config,
    clock: t.clock,
    hmacKey: t.hmacKey,
    encryptionKey: t.encryptionKey,
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
  it('announces it in the bootstrap (siwe_required_for_crypto_wallets), always', async () => {
    const t = await startProvider();
    expect((await t.call('GET', `/projects/bootstrap/${PUBLIC_TOKEN}`)).json.data).toMatchObject({
      siwe_required_for_crypto_wallets: true,
    });
  });

  it('asks for an EIP-4361 message: scheme, domain and URI of the page, chain 1, a fresh nonce, issued now, expiring with the challenge', async () => {
    const t = await startProvider();
    const wallet = new TestEthereumWallet();
    const challenge = challengeOf(await start(t, wallet));
    const nonce = nonceOf(challenge);
    expect(challenge).toBe(
      [
        'http://localhost:5173 wants you to sign in with your Ethereum account:',
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
      scheme: 'http',
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

  it('writes the URI, chain, statement, request id, resources and times the caller gives (the domain stays the page’s), and signs in with them', async () => {
    const t = await startProvider();
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
        'http://localhost:5173 wants you to sign in with your Ethereum account:',
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

  it('takes the URI from the Origin header when the caller sends no siwe_params, and writes no scheme for an https page', async () => {
    const t = await startProvider({ project: { allowedOrigins: ['https://app.example.com', ORIGIN] } });
    const wallet = new TestEthereumWallet();
    expect(parseSiweMessage(challengeOf(await walletStart(t, wallet)))).toMatchObject({
      scheme: 'http',
      domain: 'localhost:5173',
      uri: ORIGIN,
    });
    const secure = await t.call('POST', '/crypto_wallets/authenticate/start/primary', {
      body: { crypto_wallet_address: wallet.address, crypto_wallet_type: 'ethereum' },
      origin: 'https://app.example.com',
    });
    // EIP-4361 "Message Fields": without a scheme, HTTPS is assumed.
    const challenge = challengeOf(secure);
    expect(challenge.split('\n')[0]).toBe('app.example.com wants you to sign in with your Ethereum account:');
    expect(parseSiweMessage(challenge)).toMatchObject({ domain: 'app.example.com', uri: 'https://app.example.com' });
    expect(parseSiweMessage(challenge)).not.toHaveProperty('scheme');
    expect((await walletAuthenticate(t, wallet, await signWith(wallet, challenge))).status).toBe(200);
  });

  it('refuses a URI that is not a page of the project’s allowed origins with invalid_siwe_uri, storing nothing', async () => {
    const t = await startProvider();
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
    // A page on an allowed origin whose host an EIP-4361 domain cannot spell (IPv6) cannot be named at all.
    const ipv6 = await startProvider({ project: { allowedOrigins: ['http://[::1]:5173'] } });
    const fromIpv6 = await ipv6.call('POST', '/crypto_wallets/authenticate/start/primary', {
      body: {
        crypto_wallet_address: wallet.address,
        crypto_wallet_type: 'ethereum',
        siwe_params: { uri: 'http://[::1]:5173' },
      },
      origin: 'http://[::1]:5173',
    });
    expect(fromIpv6.json).toEqual(
      errorBody(
        403,
        'origin_not_allowed',
        'Sign-In with Ethereum cannot name this page: an EIP-4361 domain is a DNS name, an IPv4 address or localhost. Open the page by one of those.',
      ),
    );
    expect(await t.provider.database.db.selectFrom('crypto_wallet_challenges').selectAll().execute()).toEqual([]);
  });

  it('refuses malformed SIWE fields, each with the error naming it', async () => {
    const t = await startProvider();
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

  it('refuses a field with a character EIP-4361’s ABNF forbids (strict parsers would not read it as SIWE), storing nothing', async () => {
    const t = await startProvider();
    const wallet = new TestEthereumWallet();
    const cases: [Record<string, unknown>, Parameters<typeof errorBody>[1]][] = [
      // statement = *( reserved / unreserved / " " ): no "%", no quote.
      [{ statement: 'Claim 100% of your "reward"' }, 'invalid_siwe_statement'],
      [{ statement: 'a <b> {c} |d| \\e ^f `g`' }, 'invalid_siwe_statement'],
      // request-id = *pchar.
      [{ message_request_id: 'a"b' }, 'invalid_siwe_message_request_id'],
      [{ message_request_id: 'a/b' }, 'invalid_siwe_message_request_id'],
      [{ message_request_id: '100%' }, 'invalid_siwe_message_request_id'],
      // uri = URI, resource = "- " URI (RFC 3986): "[" and "]" only around an IP-literal host.
      [{ resources: ['https://x.example/a[b]'] }, 'invalid_siwe_resource'],
      [{ resources: ['https://x.example/a#b#c'] }, 'invalid_siwe_resource'],
      [{ resources: ['https://x.example/a"b'] }, 'invalid_siwe_resource'],
      [{ resources: ['https://x.example/a{b}|c^d`e<f>'] }, 'invalid_siwe_resource'],
      [{ resources: ['https://x.example/é'] }, 'invalid_siwe_resource'],
      [{ resources: ['https://x.example/100%'] }, 'invalid_siwe_resource'],
      [{ uri: `${ORIGIN}/a[b]` }, 'invalid_siwe_uri'],
      [{ uri: `${ORIGIN}/a"b` }, 'invalid_siwe_uri'],
      // No authority to RFC 3986, or another host than the one the WHATWG parser reads.
      [{ uri: 'http:localhost:5173' }, 'invalid_siwe_uri'],
      [{ uri: 'http://local%68ost:5173' }, 'invalid_siwe_uri'],
    ];
    for (const [params, type] of cases) {
      expect((await start(t, wallet, { uri: ORIGIN, ...params })).json, JSON.stringify(params)).toEqual(
        errorBody(400, type),
      );
    }
    expect(await t.provider.database.db.selectFrom('crypto_wallet_challenges').selectAll().execute()).toEqual([]);
  });

  it('takes a statement with every punctuation EIP-4361 allows, pchar request ids and URIs with an IP-literal, and signs in', async () => {
    const t = await startProvider();
    const wallet = new TestEthereumWallet();
    const siwe_params = {
      uri: `${ORIGIN}/login?next=%2Fhome&a=(1)#top`,
      statement: "Sign in: terms at https://x.example/t?a=1&b=[2]; ok! ~$'*+,=@_.-",
      message_request_id: "req:42@acme!$&'()*+,;=-._~%20",
      resources: ['https://[2001:db8::7]:8443/c=GB?objectClass?one', 'urn:isbn:0451450523'],
    };
    const challenge = challengeOf(await start(t, wallet, siwe_params));
    expect(parseSiweMessage(challenge)).toMatchObject({
      domain: 'localhost:5173',
      uri: siwe_params.uri,
      statement: siwe_params.statement,
      requestId: siwe_params.message_request_id,
      resources: siwe_params.resources,
    });
    expect(
      validateSiweMessage({ message: parseSiweMessage(challenge), domain: 'localhost:5173', time: new Date(START) }),
    ).toBe(true);
    const response = await walletAuthenticate(t, wallet, await signWith(wallet, challenge));
    expect(response.status).toBe(200);
  });

  it('refuses the signature of the same message for another domain or URI (a phishing page’s copy)', async () => {
    const t = await startProvider();
    const wallet = new TestEthereumWallet();
    const challenge = challengeOf(await start(t, wallet));
    const phished = challenge.replace('http://localhost:5173 wants', 'evil.example wants');
    const https = challenge.replace('http://localhost:5173 wants', 'localhost:5173 wants');
    const otherUri = challenge.replace(`URI: ${ORIGIN}`, 'URI: https://evil.example');
    const otherChain = challenge.replace('Chain ID: 1', 'Chain ID: 5');
    for (const message of [phished, https, otherUri, otherChain]) {
      expect(message).not.toBe(challenge);
      expect((await walletAuthenticate(t, wallet, await signWith(wallet, message))).json).toEqual(BAD_SIGNATURE);
    }
    expect((await walletAuthenticate(t, wallet, await signWith(wallet, challenge))).status).toBe(200);
  });

  it('refuses the signature of a plain text carrying a live challenge’s nonce (the format of earlier versions)', async () => {
    const t = await startProvider();
    const wallet = new TestEthereumWallet();
    const siwe = challengeOf(await start(t, wallet));
    const plain = [
      'Sign in to Latchkey Playground with your Ethereum wallet.',
      `Wallet: ${wallet.address}`,
      `Nonce: ${nonceOf(siwe)}`,
      `Issued At: ${iso(START)}`,
      `Expiration Time: ${iso(START + FIVE_MINUTES)}`,
    ].join('\n');
    expect((await walletAuthenticate(t, wallet, await signWith(wallet, plain))).json).toEqual(BAD_SIGNATURE);
    expect((await walletAuthenticate(t, wallet, await signWith(wallet, siwe))).status).toBe(200);
  });

  it('refuses a signature for a page the project no longer allows (origins changed since the start)', async () => {
    const t = await startProvider();
    const wallet = new TestEthereumWallet();
    const challenge = challengeOf(
      await start(t, wallet, { uri: 'http://127.0.0.1:5173', not_before: iso(START + 60_000) }),
    );
    const call = await restarted(t, { project: { allowedOrigins: [ORIGIN] } });
    const answer = await call('/crypto_wallets/authenticate', {
      crypto_wallet_address: wallet.address,
      crypto_wallet_type: 'ethereum',
      signature: await signWith(wallet, challenge),
      session_duration_minutes: 60,
    });
    expect(answer.json).toEqual(BAD_SIGNATURE);
  });

  it('keeps a message that is not valid yet for later: siwe_message_not_valid_yet, then a sign-in once its time comes', async () => {
    const t = await startProvider();
    const wallet = new TestEthereumWallet();
    const challenge = challengeOf(await start(t, wallet, { uri: ORIGIN, not_before: iso(START + 60_000) }));
    const signature = await signWith(wallet, challenge);
    expectError(await walletAuthenticate(t, wallet, signature), 400, 'siwe_message_not_valid_yet');
    expect(await t.provider.database.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
    t.clock.advance(60_000);
    expect((await walletAuthenticate(t, wallet, signature)).status).toBe(200);
  });

  it('refuses siwe_params for a Solana wallet (its challenge is Sign-In With Solana)', async () => {
    const t = await startProvider();
    const wallet = new TestSolanaWallet();
    expectError(
      await walletStart(t, wallet, { siwe_params: { uri: ORIGIN } }),
      400,
      'crypto_wallet_type_incompatible_with_siwe',
    );
    expect(challengeOf(await walletStart(t, wallet))).toMatch(/^localhost:5173 wants you to sign in with your Solana/);
  });
});
