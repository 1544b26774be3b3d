import { describe, expect, it } from 'vitest';
import { preloadSignIn } from './preloadSignIn';

describe('preloadSignIn (themed kit)', () => {
  it('loads every chunk a configuration can show (sonner not among them: it loads with a screen that toasts)', async () => {
    await expect(preloadSignIn({ products: ['emailMagicLinks'] })).resolves.toBeUndefined();
    await expect(
      preloadSignIn({ products: ['emailMagicLinks', 'otp', 'passwords'], otpOptions: { methods: ['sms'] } }),
    ).resolves.toBeUndefined();
  });
});
