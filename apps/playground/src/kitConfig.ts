import type { OtpMethod, Product, SignInConfig } from '@latchkey/hooks';

/** The products the configuration switcher offers (the ones the reference provider implements). */
export const SWITCHABLE_PRODUCTS = ['emailMagicLinks', 'otp', 'passwords'] as const satisfies readonly Product[];
/** The passcode methods, in the switcher's default order. */
export const OTP_METHODS = ['sms', 'whatsapp', 'email'] as const satisfies readonly OtpMethod[];

export type SwitchableProduct = (typeof SWITCHABLE_PRODUCTS)[number];

/** What the switcher controls; everything else in the kit's config is fixed by the playground. */
export interface KitSettings {
  products: SwitchableProduct[];
  /** Passcode methods in tab order (used when `otp` is among the products). */
  methods: OtpMethod[];
  hideHeaderText: boolean;
}

/** What `/` shows with no query: every product, passcodes by text and WhatsApp. */
export const DEFAULT_SETTINGS: KitSettings = {
  products: ['emailMagicLinks', 'otp', 'passwords'],
  methods: ['sms', 'whatsapp'],
  hideHeaderText: false,
};

function listParam<T extends string>(value: string | null, allowed: readonly T[]): T[] | null {
  if (value === null) return null;
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter((item): item is T => (allowed as readonly string[]).includes(item));
  return [...new Set(items)];
}

/** Reads the settings from a query string such as `?products=otp&methods=sms,whatsapp&hideHeaderText=1`. */
export function settingsFromSearch(search: string): KitSettings {
  const params = new URLSearchParams(search);
  const products = listParam(params.get('products'), SWITCHABLE_PRODUCTS) ?? DEFAULT_SETTINGS.products;
  const methods = listParam(params.get('methods'), OTP_METHODS) ?? DEFAULT_SETTINGS.methods;
  const hide = params.get('hideHeaderText');
  return { products, methods, hideHeaderText: hide === '1' || hide === 'true' };
}

/** The query string for `settings` (always complete, so a copied URL reproduces the widget exactly). */
export function searchFromSettings(settings: KitSettings): string {
  const params = new URLSearchParams();
  params.set('products', settings.products.join(','));
  params.set('methods', settings.methods.join(','));
  if (settings.hideHeaderText) params.set('hideHeaderText', '1');
  // Commas are legal in a query; keep them readable.
  return `?${params.toString().replaceAll('%2C', ',')}`;
}

/**
 * The kit configuration for `settings`. Emailed links come back to this origin's `/authenticate`, which the
 * provider's default redirect-URL allowlist contains for both http://localhost:5173 and http://127.0.0.1:5173.
 */
export function signInConfig(settings: KitSettings, origin: string = window.location.origin): SignInConfig {
  const landing = `${origin}/authenticate`;
  const config: SignInConfig = { products: settings.products };
  if (settings.products.includes('emailMagicLinks')) {
    config.emailMagicLinksOptions = { loginRedirectURL: landing, signupRedirectURL: landing };
  }
  if (settings.products.includes('otp')) config.otpOptions = { methods: settings.methods, expirationMinutes: 5 };
  if (settings.products.includes('passwords')) {
    config.passwordOptions = { loginRedirectURL: landing, resetPasswordRedirectURL: landing };
  }
  config.sessionOptions = { sessionDurationMinutes: 60 };
  if (settings.hideHeaderText) config.style = { hideHeaderText: true };
  return config;
}
