// The social sign-in product's Main-screen block and icons (public exports).
export * from './kit';
export * from './messages';
export * from './ProviderIcon';
export * from './SocialSignIn/SocialSignIn';
