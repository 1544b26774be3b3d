import type { Screen } from '@latchkey/hooks';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

// Shared by <SignIn> and <ResetPassword> (WidgetRoot.tsx) and by `preloadSignIn`: each screen's chunk is fetched
// by one loader, so rendering a screen after preloading it downloads nothing more. Screens are grouped by product
// (screens/passwordScreens.ts, screens/otpScreens.ts, screens/outcomeScreens.ts): a configuration downloads one
// chunk per product instead of one per screen (BENCHMARKS.md, kit bundle size).

/** Calls `load` once and shares its promise (forgotten if it fails, so a failed chunk download is retried). */
function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let promise: Promise<T> | null = null;
  return () => {
    promise ??= load().catch((error: unknown) => {
      promise = null;
      throw error;
    });
    return promise;
  };
}

const loadPasswordScreens = loadOnce(() => import('./screens/passwordScreens'));
const loadOtpScreens = loadOnce(() => import('./screens/otpScreens'));
const loadOutcomeScreens = loadOnce(() => import('./screens/outcomeScreens'));

/** The loader of each screen's chunk: `LAZY_SCREENS` and `preloadSignIn` call these same functions. */
export const SCREEN_LOADERS: Record<Screen, () => Promise<ComponentType>> = {
  Main: loadOnce(async () => (await import('./screens/Main/MainScreen')).MainScreen),
  EmailConfirmation: loadOnce(
    async () => (await import('./screens/EmailConfirmation/EmailConfirmationScreen')).EmailConfirmationScreen,
  ),
  OTPAuthenticate: async () => (await loadOtpScreens()).OtpScreen,
  OTPConfirmation: async () => (await loadOtpScreens()).OtpConfirmationScreen,
  LoginSuccess: async () => (await loadOutcomeScreens()).LoginSuccessScreen,
  Error: async () => (await loadOutcomeScreens()).ErrorScreen,
  PasswordCreateOrLogin: async () => (await loadPasswordScreens()).PasswordCreateOrLoginScreen,
  PasswordForgot: async () => (await loadPasswordScreens()).PasswordForgotScreen,
  PasswordBreached: async () => (await loadPasswordScreens()).PasswordBreachedScreen,
  PasswordSetNew: async () => (await loadPasswordScreens()).PasswordSetNewScreen,
  PasswordDedupe: async () => (await loadPasswordScreens()).PasswordDedupeScreen,
  PasswordConfirmation: async () => (await loadPasswordScreens()).PasswordConfirmationScreen,
  PasswordResetForm: async () => (await loadPasswordScreens()).PasswordResetFormScreen,
};

/** The Main screen's own lazy parts (MainScreen.tsx imports the same modules, so they are the same chunks). */
export const MAIN_PART_LOADERS = {
  methodTabs: loadOnce(() => import('./screens/Main/MethodTabs')),
  phoneForm: loadOtpScreens,
  otpEmailForm: loadOtpScreens,
  passwordEmailForm: loadPasswordScreens,
};

/** Each screen as a `React.lazy` component over its loader; a widget renders its first screen eagerly instead. */
export const LAZY_SCREENS = Object.fromEntries(
  Object.entries(SCREEN_LOADERS).map(([screen, load]) => [screen, lazy(async () => ({ default: await load() }))]),
) as Record<Screen, LazyExoticComponent<ComponentType>>;
