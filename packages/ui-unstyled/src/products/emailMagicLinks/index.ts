// The magic-link product's screens and form (public exports).
export * from './EmailConfirmation/EmailConfirmationScreen';
export * from './EmailConfirmation/useEmailConfirmationScreen';
export * from './kit';
export * from './MagicLinkEmailForm';
