import { describe, expect, it } from 'vitest';
import {
  authenticateData,
  createProtectedTestClient,
  createTestClient,
  makeUser,
  ok,
  rejectionOf,
  signInWithTotp,
} from '../../test/fakes';
import { UsageError } from '../errors';

const ADDRESS = '0x6d9a3c8e5f0b2a1c4e7d9f0a3b5c7e9d1f2a4b6c';

describe('cryptoWallets.authenticateStart', () => {
  it('asks /primary for a challenge without a local session', async () => {
    const { client, transport } = createTestClient();
    transport.on('POST', '/crypto_wallets/authenticate/start/primary', ok({ challenge: 'Sign this: n-1' }));
    const response = await client.cryptoWallets.authenticateStart({
      crypto_wallet_address: ADDRESS,
      crypto_wallet_type: 'ethereum',
    });
    expect(response.challenge).toBe('Sign this: n-1');
    expect(transport.last()).toMatchObject({
      method: 'POST',
      path: '/crypto_wallets/authenticate/start/primary',
      body: { crypto_wallet_address: ADDRESS, crypto_wallet_type: 'ethereum' },
    });
    expect(transport.last().rawBody).not.toContain('siwe_params');
  });

  it('asks /secondary once this tab holds a session', async () => {
    const setup = createTestClient();
    await signInWithTotp(setup);
    setup.transport.on('POST', '/crypto_wallets/authenticate/start/secondary', ok({ challenge: 'c' }));
    await setup.client.cryptoWallets.authenticateStart({
      crypto_wallet_address: 'So1ana',
      crypto_wallet_type: 'solana',
    });
    expect(setup.transport.last()).toMatchObject({
      path: '/crypto_wallets/authenticate/start/secondary',
      body: { crypto_wallet_address: 'So1ana', crypto_wallet_type: 'solana' },
    });
  });

  it('adds siwe_params with the page origin as uri when the project requires SIWE and the wallet is ethereum', async () => {
    const { client, transport } = createTestClient({ bootstrap: { siwe_required_for_crypto_wallets: true } });
    transport.on('POST', '/crypto_wallets/authenticate/start/primary', ok({ challenge: 'c' }));
    await client.cryptoWallets.authenticateStart({ crypto_wallet_address: ADDRESS, crypto_wallet_type: 'ethereum' });
    expect(transport.last().body).toEqual({
      crypto_wallet_address: ADDRESS,
      crypto_wallet_type: 'ethereum',
      siwe_params: { uri: 'http://localhost:3000' },
    });
  });

  it("passes the caller's SIWE fields and uri through", async () => {
    const { client, transport } = createTestClient({ bootstrap: { siwe_required_for_crypto_wallets: true } });
    transport.on('POST', '/crypto_wallets/authenticate/start/primary', ok({ challenge: 'c' }));
    const siwe_params = {
      uri: 'https://app.example.com/login',
      chain_id: '1',
      statement: 'Sign in to Example',
      resources: ['https://app.example.com/terms'],
    };
    await client.cryptoWallets.authenticateStart({
      crypto_wallet_address: ADDRESS,
      crypto_wallet_type: 'ethereum',
      siwe_params,
    });
    expect(transport.last().body).toEqual({
      crypto_wallet_address: ADDRESS,
      crypto_wallet_type: 'ethereum',
      siwe_params,
    });
  });

  it.each([
    ['SIWE is not required', {}, 'ethereum'],
    ['the wallet is solana', { siwe_required_for_crypto_wallets: true }, 'solana'],
  ])('drops siwe_params when %s', async (_case, bootstrap, type) => {
    const { client, transport } = createTestClient({ bootstrap });
    transport.on('POST', '/crypto_wallets/authenticate/start/primary', ok({ challenge: 'c' }));
    await client.cryptoWallets.authenticateStart({
      crypto_wallet_address: ADDRESS,
      crypto_wallet_type: type,
      siwe_params: { uri: 'https://app.example.com', chain_id: '1' },
    });
    expect(transport.last().body).toEqual({ crypto_wallet_address: ADDRESS, crypto_wallet_type: type });
  });

  it('adds the captcha token, not the DFP id, when both are on', async () => {
    const { client, transport, providerCalls } = createProtectedTestClient();
    transport.on('POST', '/crypto_wallets/authenticate/start/primary', ok({ challenge: 'c' }));
    await client.cryptoWallets.authenticateStart({ crypto_wallet_address: ADDRESS, crypto_wallet_type: 'solana' });
    expect(transport.last().body).toEqual({
      crypto_wallet_address: ADDRESS,
      crypto_wallet_type: 'solana',
      captcha_token: 'captcha-1',
    });
    expect(providerCalls.dfp).toBe(0);
  });

  it.each([
    [{ crypto_wallet_type: 'ethereum' }, 'crypto_wallet_address must be a string'],
    [{ crypto_wallet_address: ADDRESS }, 'crypto_wallet_type must be a string'],
    [{ crypto_wallet_address: ADDRESS, crypto_wallet_type: 1 }, 'crypto_wallet_type must be a string'],
    [
      { crypto_wallet_address: ADDRESS, crypto_wallet_type: 'ethereum', siwe_params: 'x' },
      'siwe_params must be an object',
    ],
    [
      { crypto_wallet_address: ADDRESS, crypto_wallet_type: 'ethereum', siwe_params: { uri: 1 } },
      'siwe_params.uri must be a string',
    ],
    [
      { crypto_wallet_address: ADDRESS, crypto_wallet_type: 'ethereum', siwe_params: { resources: 'r' } },
      'siwe_params.resources must be an array of strings',
    ],
    [undefined, 'crypto_wallet_address must be a string'],
  ])('rejects %j without a request', async (options, reason) => {
    const { client, transport } = createTestClient();
    const error = await rejectionOf(client.cryptoWallets.authenticateStart(options as never));
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toBe(`Invalid call to cryptoWallets.authenticateStart: ${reason}`);
    expect(transport.calls).toEqual([]);
  });
});

describe('cryptoWallets.authenticate', () => {
  const options = {
    crypto_wallet_address: ADDRESS,
    crypto_wallet_type: 'ethereum',
    signature: '0xsigned',
    session_duration_minutes: 60,
  };

  it('signs in with the signature, stores the session and strips __user', async () => {
    const { client, transport, browser } = createTestClient();
    transport.on('POST', '/crypto_wallets/authenticate', ok(authenticateData({ __user: makeUser() })));
    const response = await client.cryptoWallets.authenticate(options);
    expect(transport.last()).toMatchObject({ method: 'POST', path: '/crypto_wallets/authenticate', body: options });
    expect(response).not.toHaveProperty('__user');
    expect(browser.cookies.get('stytch_session')).toBe('session-token-opaque-abc123');
  });

  it('adds the captcha token and the DFP telemetry id when the project enables them', async () => {
    const { client, transport } = createProtectedTestClient();
    transport.on('POST', '/crypto_wallets/authenticate', ok(authenticateData()));
    await client.cryptoWallets.authenticate(options);
    expect(transport.last().body).toEqual({ ...options, captcha_token: 'captcha-1', dfp_telemetry_id: 'dfp-1' });
  });

  it.each([
    ['signature', 'signature must be a string'],
    ['session_duration_minutes', 'session_duration_minutes must be a number'],
    ['crypto_wallet_address', 'crypto_wallet_address must be a string'],
    ['crypto_wallet_type', 'crypto_wallet_type must be a string'],
  ])('rejects a missing %s without a request', async (field, reason) => {
    const { client, transport } = createTestClient();
    const error = await rejectionOf(client.cryptoWallets.authenticate({ ...options, [field]: undefined }));
    expect(error.message).toBe(`Invalid call to cryptoWallets.authenticate: ${reason}`);
    expect(transport.calls).toEqual([]);
  });
});
