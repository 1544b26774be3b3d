import { describe, expect, it } from 'vitest';
import { CONTRACT_PRODUCTS, contractProductsOf, OTP_METHOD_PRODUCTS } from './vocabulary.public';

describe('the product vocabulary', () => {
  it('names each passcode method by its contract product', () => {
    expect(OTP_METHOD_PRODUCTS).toEqual({ email: 'email_otp', sms: 'sms_otp', whatsapp: 'whatsapp_otp' });
    for (const product of Object.values(OTP_METHOD_PRODUCTS)) expect(CONTRACT_PRODUCTS).toContain(product);
  });

  it('maps a widget configuration to the contract products it needs, each once', () => {
    expect(contractProductsOf(['emailMagicLinks', 'otp', 'passwords'], ['sms', 'email', 'sms'])).toEqual([
      'email_magic_links',
      'sms_otp',
      'email_otp',
      'passwords',
    ]);
    expect(contractProductsOf(['otp'])).toEqual([]);
    // Products without a slice yet have no contract product.
    expect(contractProductsOf(['oauth', 'passkeys'])).toEqual([]);
  });
});
