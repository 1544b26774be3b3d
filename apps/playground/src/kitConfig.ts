import type { OtpMethod, Product, SignInConfig } from '@latchkey/hooks';
import { OAUTH_PROVIDERS, type OAuthProvider } from '@latchkey/sdk';
// Types only: this module is shared with the unstyled kit's page, which must not load the default kit.
import type { LatchkeyTheme } from '@latchkey/ui-default';
import { API_BASE_URL } from './client';

/** The products the configuration switcher offers (the ones the reference provider implements). */
export const SWITCHABLE_PRODUCTS = [
  'emailMagicLinks',
  'otp',
  'passwords',
  'passkeys',
  'crypto',
  'oauth',
] as const satisfies readonly Product[];
/** The passcode methods, in the switcher's default order. */
export const OTP_METHODS = ['sms', 'whatsapp', 'email'] as const satisfies readonly OtpMethod[];

export type SwitchableProduct = (typeof SWITCHABLE_PRODUCTS)[number];

/** The social providers, in the widget's order: what 'All 19 providers' configures. */
export const ALL_SOCIAL_PROVIDERS: readonly OAuthProvider[] = OAUTH_PROVIDERS;
/** The switcher's default social column: a few providers, Google first (it also offers One Tap). */
export const FEW_SOCIAL_PROVIDERS = [
  'google',
  'github',
  'microsoft',
  'discord',
] as const satisfies readonly OAuthProvider[];
/** Which providers the social column lists: a few, or all 19. */
export const SOCIAL_SETS = ['few', 'all'] as const;
export type SocialSet = (typeof SOCIAL_SETS)[number];
/** Google One Tap beside the Google button: inside the widget, floating over the page, or not at all. */
export const ONE_TAP_POSITIONS = ['embedded', 'floating', 'off'] as const;
export type OneTapPosition = (typeof ONE_TAP_POSITIONS)[number];

/**
 * Where the widget loads Google's One Tap script from (`oauthOptions.oneTapScriptURL`): `VITE_LATCHKEY_ONE_TAP_SCRIPT_URL` when set, else in development
 * the provider's stand-in (`GET /dev/oauth/gsi/client`, development mode only), which offers the development
 * upstream's test identities and hands back a credential that upstream signed, else Google's own script.
 */
export const ONE_TAP_SCRIPT_URL: string =
  import.meta.env.VITE_LATCHKEY_ONE_TAP_SCRIPT_URL ||
  (import.meta.env.DEV
    ? new URL('/dev/oauth/gsi/client', API_BASE_URL).toString()
    : 'https://accounts.google.com/gsi/client');

/** The default kit's colour themes, the default first. */
export const THEMES = ['light', 'dark', 'auto'] as const satisfies readonly LatchkeyTheme[];
/** The writing directions the switcher offers, the default first. */
export const DIRECTIONS = ['ltr', 'rtl'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** What the switcher controls; everything else in the kit's config is fixed by the playground. */
export interface KitSettings {
  products: SwitchableProduct[];
  /** Passcode methods in tab order (used when `otp` is among the products). */
  methods: OtpMethod[];
  hideHeaderText: boolean;
  /** The default kit's `theme` option (not configuration: the widget keeps its screen when it changes). */
  theme: LatchkeyTheme;
  /** The default kit's `dir` option. */
  dir: Direction;
  /** The social providers (used when `oauth` is among the products). */
  social: SocialSet;
  /** Google One Tap's position (used when `oauth` is among the products). */
  oneTap: OneTapPosition;
}

/** What `/` shows with no query: every product, passcodes by text and WhatsApp. */
export const DEFAULT_SETTINGS: KitSettings = {
  products: ['emailMagicLinks', 'otp', 'passwords'],
  methods: ['sms', 'whatsapp'],
  hideHeaderText: false,
  theme: 'light',
  dir: 'ltr',
  social: 'few',
  oneTap: 'embedded',
};

function listParam<T extends string>(value: string | null, allowed: readonly T[]): T[] | null {
  if (value === null) return null;
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter((item): item is T => (allowed as readonly string[]).includes(item));
  return [...new Set(items)];
}

/**
 * Reads the settings from a query string such as `?products=otp&methods=sms,whatsapp&hideHeaderText=1`, with
 * `theme=dark|auto` and `dir=rtl` for the default kit, and `social=all` and `oneTap=floating|off` for social sign-in.
 */
export function settingsFromSearch(search: string): KitSettings {
  const params = new URLSearchParams(search);
  const products = listParam(params.get('products'), SWITCHABLE_PRODUCTS) ?? DEFAULT_SETTINGS.products;
  const methods = listParam(params.get('methods'), OTP_METHODS) ?? DEFAULT_SETTINGS.methods;
  const hide = params.get('hideHeaderText');
  const theme = THEMES.find((item) => item === params.get('theme')) ?? DEFAULT_SETTINGS.theme;
  const dir = params.get('dir') === 'rtl' ? 'rtl' : DEFAULT_SETTINGS.dir;
  const social = params.get('social') === 'all' ? 'all' : DEFAULT_SETTINGS.social;
  const oneTap = ONE_TAP_POSITIONS.find((item) => item === params.get('oneTap')) ?? DEFAULT_SETTINGS.oneTap;
  return { products, methods, hideHeaderText: hide === '1' || hide === 'true', theme, dir, social, oneTap };
}

/** The query string for `settings` (always complete, so a copied URL reproduces the widget exactly). */
export function searchFromSettings(settings: KitSettings): string {
  const params = new URLSearchParams();
  params.set('products', settings.products.join(','));
  params.set('methods', settings.methods.join(','));
  if (settings.hideHeaderText) params.set('hideHeaderText', '1');
  // The look is in the URL only when it is not the default, so older links stay what they were.
  if (settings.theme !== DEFAULT_SETTINGS.theme) params.set('theme', settings.theme);
  if (settings.dir !== DEFAULT_SETTINGS.dir) params.set('dir', settings.dir);
  if (settings.social !== DEFAULT_SETTINGS.social) params.set('social', settings.social);
  if (settings.oneTap !== DEFAULT_SETTINGS.oneTap) params.set('oneTap', settings.oneTap);
  // Commas are legal in a query; keep them readable.
  return `?${params.toString().replaceAll('%2C', ',')}`;
}

/**
 * The kit configuration for `settings`. Emailed links, and the redirects back from social sign-in, come back to
 * this origin's `/authenticate`, which the provider's default redirect-URL allowlist contains for both
 * http://localhost:5173 and http://127.0.0.1:5173.
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
  if (settings.products.includes('oauth')) {
    const types = settings.social === 'all' ? ALL_SOCIAL_PROVIDERS : FEW_SOCIAL_PROVIDERS;
    config.oauthOptions = {
      providers: types.map((type) =>
        type === 'google' && settings.oneTap !== 'off'
          ? { type, one_tap: true, position: settings.oneTap, cancel_on_tap_outside: false }
          : { type },
      ),
      loginRedirectURL: landing,
      signupRedirectURL: landing,
      oneTapScriptURL: ONE_TAP_SCRIPT_URL,
    };
  }
  // `crypto` needs no options (spec: the wallet buttons come from the wallets the browser has).
  return config;
}
