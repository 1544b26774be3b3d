'use client';
// The themed kit: the unstyled widgets inside a .lk-Root driven by CSS variables (styles.css), sonner toasts and
// the mount points (functions and custom elements).
export * from './customElements';
export * from './mount';
export * from './preloadSignIn';
export * from './products/idp/IdentityProvider';
export * from './products/idp/identityProviderStylesText';
export * from './products/passkeys/PasskeyRegistration';
export * from './products/passwords/ResetPassword';
export * from './products/totp/TotpEnrollment';
export * from './SignIn';
export * from './shadow';
export * from './stylesText';
export * from './ThemeRoot';
export * from './theme';
export * from './toaster';
export * from './widgets/index';
export type { ShadowDomConfig } from './widgets/WidgetFrame';
