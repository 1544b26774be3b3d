import type { Screen } from '@latchkey/hooks';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { loadErrorMessages } from './messages/index';
import { loadOnce, withProductMessages } from './products/defineProductKit';
import { PRODUCT_KITS } from './products/registry';

// Shared by <SignIn> and <ResetPassword> (WidgetRoot.tsx) and by `preloadSignIn`: each screen's chunk is fetched
// by one loader, so rendering a screen after preloading it downloads nothing more. Screens come in one chunk per
// product (products/<key>/chunk.ts, declared in products/<key>/kit.ts) plus one for the screens any product can
// end on (screens/outcomeScreens.ts): a configuration downloads one chunk per product instead of one per screen.

// The error screen shows a text of the error catalogue (its own chunk): both come in before it renders.
const loadOutcomeScreens = loadOnce(async () => {
  const [screens] = await Promise.all([import('./screens/outcomeScreens'), loadErrorMessages()]);
  return screens;
});

// Main is no lazy screen here: <SignIn> opens on it (in its entry chunk), and <ResetPassword> passes it
// (ResetPassword.tsx). A dynamic import of Main here would put Main in a chunk of its own on every sign-in page.
const loaders: Partial<Record<Screen, () => Promise<ComponentType>>> = {
  LoginSuccess: async () => (await loadOutcomeScreens()).LoginSuccessScreen,
  Error: async () => (await loadOutcomeScreens()).ErrorScreen,
};
for (const kit of Object.values(PRODUCT_KITS)) {
  for (const screen of kit.product.screens) {
    loaders[screen] = async () => {
      const chunk = await kit.load();
      return withProductMessages(chunk.screens[screen] as ComponentType, chunk.messages);
    };
  }
}

/**
 * The loader of each screen's chunk but Main's, from the product registry: `LAZY_SCREENS` and `preloadSignIn` call
 * these.
 */
export const SCREEN_LOADERS = loaders as Record<Exclude<Screen, 'Main'>, () => Promise<ComponentType>>;

/**
 * Each screen but Main as a `React.lazy` component over its loader; a widget renders its first screen eagerly
 * instead, and passes Main (`WidgetRoot`'s `mainScreen`) when it does not open on Main.
 */
export const LAZY_SCREENS = Object.fromEntries(
  Object.entries(SCREEN_LOADERS).map(([screen, load]) => [screen, lazy(async () => ({ default: await load() }))]),
) as Record<Exclude<Screen, 'Main'>, LazyExoticComponent<ComponentType>>;
