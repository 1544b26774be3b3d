// The social sign-in product's hooks and descriptor (`oauth` in SIGN_IN_PRODUCTS; the kits draw its block).

export type { GoogleAccountsId, GoogleIdConfiguration, PromptMomentNotification } from './googleScript';
export * from './oneTapConstants';
export * from './product';
export * from './providerLabels';
export * from './resolveProviders';
export * from './useGoogleOneTap';
export * from './useOAuth';
