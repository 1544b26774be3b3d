// What the WebAuthn namespace adds to `@latchkey/sdk` (the generated src/products/public.ts re-exports it).
export * from './webauthnMessages';
