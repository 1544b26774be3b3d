// What the OAuth namespace adds to `@latchkey/sdk` (the generated src/products/public.ts re-exports it).
export type { OAuthProviderStart } from './oauth';
export * from './oauthProviders';
