// The product namespaces of the client (`client.otps`, `client.magicLinks`, …), one line each,
// `[load, methods, user?, options?]`: the module that builds the namespace (its `create` export: one name for all,
// so no line carries its own `.then(…)` into the first chunk), imported on demand so it stays out of the first chunk
// (`load`), the async methods the client stubs until it has loaded (`methods`: space-separated, dots for
// sub-namespaces), the methods the product adds to `client.user` (`user`, loaded with the user namespace), and what
// the first chunk already holds that the namespace needs too (`options`, handed to `create(ctx, options)`: imported
// by the lazy module instead, it would be a chunk shared with every page's first load).
// client.ts makes the namespaces from this list and names no product; the core namespaces (`session`, `user`,
// `users`) are its own. Adding a product namespace is a line here, its name in `ProductNamespace`, and its files
// beside this one (`<namespace>.ts`, `<namespace>.contract.ts`, the README section `<namespace>.md`).
import type { ClientContext } from '../internal/context';
import { OAUTH_PROVIDERS } from './oauthProviders';

/** How the client makes one namespace (see the file's header). */
export type NamespaceEntry = readonly [
  // biome-ignore lint/suspicious/noExplicitAny: each module's factory names the type of its own options.
  load: () => Promise<{ create: (ctx: ClientContext, options?: any) => object }>,
  methods: string,
  user?: string,
  options?: unknown,
];

// Built by a call marked pure: the oauth line's template calls `join`, which a bundler cannot prove free of side
// effects, so without the mark it would keep this list (and its loaders) in every page that imports anything from the
// package, createClient or not (kit-bundle: +0.57 KB gzip on each sign-in page's first load).
export const PRODUCT_NAMESPACES = /* @__PURE__ */ (() =>
  ({
    otps: [
      () => import('./otps'),
      'authenticate email.loginOrCreate email.send sms.loginOrCreate sms.send whatsapp.loginOrCreate whatsapp.send',
    ],
    magicLinks: [() => import('./magicLinks'), 'authenticate email.loginOrCreate email.send'],
    passwords: [
      () => import('./passwords'),
      'create authenticate strengthCheck resetByEmailStart resetByEmail resetByExistingPassword resetBySession',
    ],
    oauth: [
      () => import('./oauth'),
      `getStartUrl authenticate attach googleOneTap.start googleOneTap.submit ${OAUTH_PROVIDERS.join('.start ')}.start`,
      'deleteOAuthRegistration',
      OAUTH_PROVIDERS,
    ],
    cryptoWallets: [() => import('./cryptoWallets'), 'authenticateStart authenticate', 'deleteCryptoWallet'],
    webauthn: [
      () => import('./webauthn'),
      'register authenticate update browserSupportsAutofill',
      'deleteWebauthnRegistration deleteBiometricRegistration',
    ],
    totps: [() => import('./totps'), 'create authenticate recoveryCodes recover', 'deleteTOTP'],
    idp: [() => import('./idp'), 'oauthAuthorizeStart oauthAuthorizeSubmit oauthLogoutStart'],
    impersonation: [() => import('./impersonation'), 'authenticate'],
  }) as const)();

/** A product namespace of the client (a literal union, so the published declarations read as one). */
export type ProductNamespace =
  | 'otps'
  | 'magicLinks'
  | 'passwords'
  | 'oauth'
  | 'cryptoWallets'
  | 'webauthn'
  | 'totps'
  | 'idp'
  | 'impersonation';

/** Compiles only while the list's keys are exactly `ProductNamespace` and each line is a `NamespaceEntry`. */
export type RegistryIsComplete = Exact<typeof PRODUCT_NAMESPACES, Record<ProductNamespace, NamespaceEntry>>;
type Exact<T extends U, U extends Record<keyof T, unknown>> = T;

/** Each product namespace of the client: what its module's factory returns. */
export type ProductNamespaces = {
  [K in ProductNamespace]: ReturnType<Awaited<ReturnType<(typeof PRODUCT_NAMESPACES)[K][0]>>['create']>;
};

/** The flows of the products that keep a proof-key pair between the start call and the authenticate call. */
export type PkceFlow = 'magic_links' | 'passwords' | 'oauth';
