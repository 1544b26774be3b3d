'use client';
// The themed kit: the unstyled widgets inside a .lk-Root driven by CSS variables (styles.css), sonner toasts and
// the mount points (functions and custom elements). Each product widget's exports come from its folder, through the
// generated products/index.ts.
export * from './customElements';
export * from './mount';
export * from './preloadSignIn';
export * from './products/index';
export * from './SignIn';
export * from './shadow';
export * from './stylesText';
export * from './ThemeRoot';
export * from './theme';
export * from './toaster';
export * from './widgets/index';
export type { ShadowDomConfig } from './widgets/WidgetFrame';
