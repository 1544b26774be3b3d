// preloadSignIn: which configurations load the toaster, and that every chunk a configuration can show loads.
// Which screens each configuration downloads is measured on the built bundles by `npm run bench` (BENCHMARKS.md,
// kit bundle size: "loads on demand").
import type { SignInConfig } from '@latchkey/hooks';
import { describe, expect, it, vi } from 'vitest';
import { preloadSignIn } from './SignIn';

const CONFIGURATIONS: [string, SignInConfig | undefined, boolean][] = [
  ['the default configuration (magic links)', undefined, false],
  [
    'passcodes by SMS, WhatsApp and email',
    { products: ['otp'], otpOptions: { methods: ['sms', 'whatsapp', 'email'] } },
    false,
  ],
  ['magic links and SMS passcodes', { products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['sms'] } }, false],
  ['passwords alone', { products: ['passwords'] }, true],
  [
    'magic links, SMS passcodes and passwords',
    { products: ['emailMagicLinks', 'otp', 'passwords'], otpOptions: { methods: ['sms'] } },
    true,
  ],
];

describe('preloadSignIn', () => {
  it.each(CONFIGURATIONS)('loads every chunk of %s', async (_name, config, canToast) => {
    const loadToaster = vi.fn(async () => ({}));
    await expect(preloadSignIn(config, { loadToaster })).resolves.toBeUndefined();
    // Only the password flow toasts ('Email resent' on PasswordForgot).
    expect(loadToaster).toHaveBeenCalledTimes(canToast ? 1 : 0);
  });

  it('loads nothing for a configuration error (the widget shows the error alone)', async () => {
    const loadToaster = vi.fn(async () => ({}));
    const config: SignInConfig = {
      products: ['emailMagicLinks', 'otp', 'passwords'],
      otpOptions: { methods: ['email'] },
    };
    await preloadSignIn(config, { loadToaster });
    await preloadSignIn({ products: ['passkeys'] }, { loadToaster });
    expect(loadToaster).not.toHaveBeenCalled();
  });

  it('rejects when a chunk fails to download, so the host can retry', async () => {
    const loadToaster = vi.fn(async () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    await expect(preloadSignIn({ products: ['passwords'] }, { loadToaster })).rejects.toThrow(
      'Failed to fetch dynamically imported module',
    );
  });
});
