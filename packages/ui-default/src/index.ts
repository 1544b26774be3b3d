'use client';
// The themed kit: the unstyled widgets inside a .lk-Root driven by CSS variables (styles.css), sonner toasts and
// the mount points (functions and custom elements).
export * from './customElements';
export * from './IdentityProvider';
export * from './identityProviderStylesText';
export * from './mount';
export * from './PasskeyRegistration';
export * from './preloadSignIn';
export * from './ResetPassword';
export * from './SignIn';
export * from './shadow';
export * from './stylesText';
export * from './ThemeRoot';
export * from './TotpEnrollment';
export * from './theme';
export * from './toaster';
export * from './widgets/index';
export type { ShadowDomConfig } from './widgets/WidgetFrame';
