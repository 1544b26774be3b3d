import type { Screen } from '@latchkey/hooks';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { loadErrorMessages } from './messages/index';
import { loadOnce, type ProductChunk, withProductMessages } from './products/defineProductKit';
import { PRODUCT_KITS, SECOND_FACTOR_KITS } from './products/registry';

// Shared by <SignIn>, <ResetPassword> and <PasskeyRegistration> (WidgetRoot.tsx) and by `preloadSignIn`. Screens come
// in one chunk per product (products/<key>/chunk.ts, its `screens`) plus one for the screens any product can end on
// (screens/outcomeScreens.ts): a configuration downloads one chunk per product instead of one per screen. No list of
// which product holds which screen is in the first load (it would carry every available product's screen names): a
// screen is looked up in the chunks of the widget's own products (its store's `productKeys`: the configured ones,
// those the widget adds), the chunks its Main screen and `preloadSignIn` download anyway, then in its second
// factors' chunks, and only then in the other products' chunks. Nothing here changes at run time.

/** A screen that is loaded when reached: every screen but Main (in the entry chunk). */
export type LazyScreen = Exclude<Screen, 'Main'>;

/** The outcome screens (LoginSuccess, Error) with the error catalogue, which the error screen shows a text of. */
export const loadOutcomeScreens = loadOnce(async () => {
  const [screens] = await Promise.all([import('./screens/outcomeScreens'), loadErrorMessages()]);
  return screens;
});

/**
 * The component of `screen`, inside its product's texts: from the outcome chunk or the chunks of the widget's own
 * first factors (`products`, its store's `productKeys`), then from its second factors' chunks (a second factor's
 * screens follow a partial authentication only: no other screen waits for, or downloads, their chunk), else from
 * another product's chunk. Each group downloads at once and is searched in order, so an outcome screen never waits
 * for a product chunk.
 */
export async function loadScreen(screen: LazyScreen, products: readonly string[]): Promise<ComponentType> {
  /** The loaders of a registry's kits whose key is among the products (`configured`), or is not. */
  const loaders = (kits: Record<string, { load: () => Promise<ProductChunk> }>, configured: boolean) =>
    Object.entries(kits)
      .filter(([key]) => products.includes(key) === configured)
      .map(([, kit]) => kit.load);
  const groups = [
    [loadOutcomeScreens, ...loaders(PRODUCT_KITS, true)],
    loaders(SECOND_FACTOR_KITS, true),
    loaders(PRODUCT_KITS, false),
  ];
  for (const group of groups) {
    const chunks: Promise<ProductChunk>[] = group.map((load) => load());
    // A chunk that is not searched (the screen was found before it) fails unheard.
    for (const chunk of chunks) chunk.catch(() => {});
    for (const chunk of chunks) {
      const { screens, messages } = await chunk;
      if (screens[screen]) return withProductMessages(screens[screen], messages);
    }
  }
  throw new Error(`No chunk has the screen ${screen}`);
}

const lazyScreens = new Map<LazyScreen, LazyExoticComponent<ComponentType>>();

/**
 * `screen` as a `React.lazy` component over `loadScreen`, one per screen (each screen is in one chunk, whichever
 * widget asks); a widget renders its first screen eagerly instead, and passes Main (`WidgetRoot`'s `mainScreen`)
 * when it does not open on Main.
 */
export function lazyScreen(screen: LazyScreen, products: readonly string[]): LazyExoticComponent<ComponentType> {
  let component = lazyScreens.get(screen);
  if (!component) {
    component = lazy(async () => ({ default: await loadScreen(screen, products) }));
    lazyScreens.set(screen, component);
  }
  return component;
}
