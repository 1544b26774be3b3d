// The identity-provider widget's public exports: the themed `<IdentityProvider>`, its stylesheet's text and its mount
// points (`mountIdentityProvider`, `renderIdentityProvider`, `<latchkey-identity-provider>`'s type).
export * from './IdentityProvider';
export * from './identityProviderStylesText';
export * from './mountPoints';
