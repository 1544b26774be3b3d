import type { AuthenticateByUrlResult } from '@latchkey/sdk';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { latchkeyQueryKeys } from '../queryOptions';
import { createSignInStore, resolveSignInConfig } from '../signInStore';
import type { DeferredUrlTokenType } from '../useAuthenticateByUrl';
import { DEFAULT_WALLET_OPTION } from './crypto/wallets';
import { passwordStrengthQueryOptions, passwordsQueryKeys } from './passwords/queryOptions';
import { DEFAULT_PRODUCTS, initialProductFormState } from './registry';

describe('the registry’s defaults', () => {
  it('DEFAULT_PRODUCTS is email magic links, used for a configuration with no products or an empty list, as a copy', () => {
    expect(DEFAULT_PRODUCTS).toEqual(['emailMagicLinks']);
    const resolved = resolveSignInConfig({});
    expect(resolved.products).toEqual(['emailMagicLinks']);
    expect(resolveSignInConfig({ products: [] }).products).toEqual(['emailMagicLinks']);
    // A host that edits its resolved list does not change the next store's default.
    (resolved.products as string[]).push('otp');
    expect(DEFAULT_PRODUCTS).toEqual(['emailMagicLinks']);
    expect(resolveSignInConfig().products).toEqual(['emailMagicLinks']);
  });

  it('initialProductFormState gives every store the products’ empty form parts, a new object each time', () => {
    const first = initialProductFormState();
    expect(first).toEqual({
      magicLinkState: { email: '' },
      otpState: { type: 'email', methodId: '', otpDestination: '' },
      cryptoState: { walletAddress: '', walletOption: 'Metamask', walletChallenge: '' },
      passwordState: { email: '', type: null },
      resetPasswordState: { token: '', tokenType: null },
    });
    // The wallet option is written out (the wallet list stays out of the first load): it must stay the default.
    expect(first.cryptoState.walletOption).toBe(DEFAULT_WALLET_OPTION);
    const second = initialProductFormState();
    expect(second).not.toBe(first);
    expect(second.magicLinkState).not.toBe(first.magicLinkState);

    // Two stores never share a part: one's sent link leaves the other's form empty.
    const one = createSignInStore();
    const other = createSignInStore();
    one.getState().dispatch({ type: 'magicLinkSent', email: 'ada@example.com' });
    expect(one.getState().formState.magicLinkState.email).toBe('ada@example.com');
    expect(other.getState().formState).toMatchObject(initialProductFormState());
    expect(first.magicLinkState.email).toBe('');
  });

  it('passwordsQueryKeys are the keys latchkeyQueryKeys exposes and the strength check caches under', () => {
    expect(passwordsQueryKeys.passwordStrength('ada@example.com', 'correct horse')).toEqual([
      'latchkey',
      'passwordStrength',
      'ada@example.com',
      'correct horse',
    ]);
    expect(latchkeyQueryKeys.passwordStrength).toBe(passwordsQueryKeys.passwordStrength);
    const client = {} as Parameters<typeof passwordStrengthQueryOptions>[0];
    expect(passwordStrengthQueryOptions(client, { password: 'hunter2' }).queryKey).toEqual([
      'latchkey',
      'passwordStrength',
      '',
      'hunter2',
    ]);
  });

  it('DeferredUrlTokenType is the token type the SDK leaves to the page (a reset link)', () => {
    expectTypeOf<DeferredUrlTokenType>().toEqualTypeOf<
      Extract<AuthenticateByUrlResult, { handled: false }>['tokenType']
    >();
    expectTypeOf<'reset_password'>().toMatchTypeOf<DeferredUrlTokenType>();
  });
});
