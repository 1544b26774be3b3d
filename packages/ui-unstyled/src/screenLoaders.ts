import type { Screen } from '@latchkey/hooks';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { loadOnce, withProductMessages } from './products/defineProductKit';
import { PRODUCT_KITS } from './products/registry';

// Shared by <SignIn> and <ResetPassword> (WidgetRoot.tsx) and by `preloadSignIn`: each screen's chunk is fetched
// by one loader, so rendering a screen after preloading it downloads nothing more. Screens come in one chunk per
// product (products/<key>/chunk.ts, declared in products/<key>/kit.ts) plus one for the screens any product can
// end on (screens/outcomeScreens.ts): a configuration downloads one chunk per product instead of one per screen.

const loadOutcomeScreens = loadOnce(() => import('./screens/outcomeScreens'));

const loaders: Partial<Record<Screen, () => Promise<ComponentType>>> = {
  Main: loadOnce(async () => (await import('./screens/Main/MainScreen')).MainScreen),
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

/** The loader of each screen's chunk, from the product registry: `LAZY_SCREENS` and `preloadSignIn` call these. */
export const SCREEN_LOADERS = loaders as Record<Screen, () => Promise<ComponentType>>;

/** The method tabs (MainScreen.tsx imports the same module, so it is the same chunk). */
export const loadMethodTabs = loadOnce(() => import('./screens/Main/MethodTabs'));

/** Each screen as a `React.lazy` component over its loader; a widget renders its first screen eagerly instead. */
export const LAZY_SCREENS = Object.fromEntries(
  Object.entries(SCREEN_LOADERS).map(([screen, load]) => [screen, lazy(async () => ({ default: await load() }))]),
) as Record<Screen, LazyExoticComponent<ComponentType>>;
