'use client';
// Components shared by the screens
export * from './components/AccountResetNotice';
export * from './components/BackButton';
export * from './components/ErrorMessage';
export * from './components/Spinner';
export * from './components/Watermark';
export * from './messages/accountReset';
export * from './messages/errors';
export * from './messages/identifierVerification';
// Messages, parts, toasts
export * from './messages/index';
export * from './messages/main';
export * from './primitives/createPart';
// The product registry and each product's slice (products/<key>/: its screens, parts and widget roots), through the
// generated products/index.ts
export * from './products/index';
// Roots (the product widgets' roots are in their product's folder)
export * from './SignIn';
// Shared screens
export * from './screens/Error/ErrorScreen';
export * from './screens/Error/useErrorScreen';
export * from './screens/LoginSuccess/LoginSuccessScreen';
export * from './screens/LoginSuccess/useLoginSuccessScreen';
export * from './screens/Main/EmailForm';
export * from './screens/Main/MainScreen';
export * from './screens/Main/useMainScreen';
export * from './toast';
export * from './toastProvider';
