import type { Hono } from 'hono';
import type { ProviderEnv } from '../http/context';
import { registerCryptoWalletRoutes } from './crypto/routes';
import { registerMagicLinkRoutes } from './emailMagicLinks/routes';
import { registerIdpRoutes } from './idp/routes';
import { registerSocialRoutes } from './oauth/routes';
import { registerOtpRoutes } from './otp/routes';
import { registerWebAuthnRoutes } from './passkeys/routes';
import { registerPasswordRoutes } from './passwords/routes';
import { registerSessionExchangeRoutes } from './sessionExchange/routes';
import { registerTotpRoutes } from './totp/routes';

/**
 * One sign-in product of the provider: its folder (`src/products/<key>/`, named after the widget's configuration
 * key) holds its routes, services and tests; `register` adds its routes under `/sdk/v1`.
 */
export interface ProviderProduct {
  /** The widget's configuration key for this product (`emailMagicLinks`, `otp`, `passwords`). */
  key: string;
  register(app: Hono<ProviderEnv>): void;
}

/** Every sign-in product the provider serves, one line each. Adding a product adds its folder and one line here. */
export const PROVIDER_PRODUCTS: readonly ProviderProduct[] = [
  { key: 'otp', register: registerOtpRoutes },
  { key: 'emailMagicLinks', register: registerMagicLinkRoutes },
  { key: 'passwords', register: registerPasswordRoutes },
  { key: 'passkeys', register: registerWebAuthnRoutes },
  { key: 'totp', register: registerTotpRoutes },
  { key: 'crypto', register: registerCryptoWalletRoutes },
  // Also the browser's `/v1/public/oauth/*` start and callback, which are navigations outside `/sdk/v1`.
  { key: 'oauth', register: registerSocialRoutes },
  // The project as an identity provider: also the standard OAuth/OIDC endpoints outside `/sdk/v1`.
  { key: 'idp', register: registerIdpRoutes },
  // Sessions from other credentials: an IdP access token, a trusted issuer's JWT, an impersonation token.
  { key: 'sessionExchange', register: registerSessionExchangeRoutes },
];
