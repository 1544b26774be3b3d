// The Main screen's 'or' divider: shown when a configured product draws a block it sets off from the forms.
import { describe, expect, it } from 'vitest';
import { resolveSignInConfig, type SignInConfig } from '../signInStore';
import { hasDividedBlock, hasSocialOrCryptoBlock } from './mainBlocks';

const divided = (config: SignInConfig) => hasDividedBlock(resolveSignInConfig(config));

describe('hasDividedBlock', () => {
  it('is true for wallets and for social sign-in with a provider, false for forms alone or no provider', () => {
    expect(divided({ products: ['emailMagicLinks'] })).toBe(false);
    expect(divided({ products: ['emailMagicLinks', 'passkeys'] })).toBe(false);
    expect(divided({ products: ['crypto', 'emailMagicLinks'] })).toBe(true);
    expect(divided({ products: ['oauth', 'emailMagicLinks'], oauthOptions: { providers: [] } })).toBe(false);
    expect(divided({ products: ['oauth', 'emailMagicLinks'], oauthOptions: { providers: [{ type: 'google' }] } })).toBe(
      true,
    );
  });

  it('keeps its former name as a deprecated alias', () => {
    expect(hasSocialOrCryptoBlock).toBe(hasDividedBlock);
  });
});
