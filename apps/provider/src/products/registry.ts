import type { Hono } from 'hono';
import type { ProviderDeps, ProviderEnv } from '../http/context';
import { registerCryptoWalletRoutes } from './crypto/routes';
import { registerMagicLinkRoutes } from './emailMagicLinks/routes';
import { idpInstance } from './idp/instance';
import { registerIdpRoutes } from './idp/routes';
import { developmentUpstreamInstance } from './oauth/developmentUpstream/instance';
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
  /**
   * What the product runs beside its routes for one provider instance, made by `createProvider` once its `deps`
   * exist (before the routes): a development stand-in, a cache of signing keys.
   */
  instance?(deps: ProviderDeps): ProductInstance;
}

/** A product's part of one provider instance (`ProviderProduct.instance`). */
export interface ProductInstance {
  /** Adds the routes it serves for this instance outside `/sdk/v1` (a development stand-in's). */
  routes?(app: Hono<ProviderEnv>): void;
  /** Called after `keys rotate` on this instance: drops the signing keys it caches. */
  keysRotated?(): void;
  /** Called when the provider closes, after its background work stopped and before the database closes. */
  close?(): Promise<void>;
  /**
   * What it adds to the provider object `createProvider` answers (typed by declaration merging into `Provider`,
   * provider.ts).
   */
  provides?: Record<string, unknown>;
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
  { key: 'oauth', register: registerSocialRoutes, instance: developmentUpstreamInstance },
  // The project as an identity provider: also the standard OAuth/OIDC endpoints outside `/sdk/v1`.
  { key: 'idp', register: registerIdpRoutes, instance: idpInstance },
  // Sessions from other credentials: an IdP access token, a trusted issuer's JWT, an impersonation token.
  { key: 'sessionExchange', register: registerSessionExchangeRoutes },
];
