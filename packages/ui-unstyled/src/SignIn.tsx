import {
  type AvailableProduct,
  configuredProducts,
  createSignInStore,
  resolveSignInConfig,
  type SignInCallbacks,
  type SignInConfig,
  signInConfigError,
  useLatchkeyClient,
} from '@latchkey/hooks';
import { type ComponentType, forwardRef, useEffect, useRef, useState } from 'react';
import type { Strings } from './messages/index';
import { createPart, type PartProps } from './primitives/createPart';
import { PRODUCT_KITS } from './products/registry';
import { loadOutcomeScreens } from './screenLoaders';
import { MainScreen, preloadProductForms } from './screens/Main/MainScreen';
import { formProductsOf } from './screens/Main/useMainScreen';
import { type Toaster, ToasterProvider } from './toast';
import { ToastProvider, type ToastProviderProps } from './toastProvider';
import { WidgetRoot } from './WidgetRoot';

// Every screen but Main is lazy (screenLoaders.ts): an email-magic-link-only page downloads Main and nothing else
// until the user moves on (bundle budget). `preloadSignIn` fetches the chunks ahead of time through the same loaders.

/** Options of `preloadSignIn`. */
export interface PreloadSignInOptions {
  /** Loads the toaster's code (the themed kit passes sonner's); called when the configuration can show a toast. */
  loadToaster?: () => Promise<unknown>;
}

/**
 * Downloads every chunk `<SignIn config>` can show (its screens, the phone form, and the toaster
 * with `loadToaster`) and resolves once they are all in, so no later screen waits on the network. Only the
 * configuration's own: a magic-link-only widget loads no password or passcode screen. Call it when the page is idle
 * or a sign-in is likely; the widget works the same without it.
 */
export async function preloadSignIn(config?: SignInConfig, options: PreloadSignInOptions = {}): Promise<void> {
  const resolved = resolveSignInConfig(config);
  if (signInConfigError(resolved, config) !== null) return;
  const formProducts = formProductsOf(resolved);
  // Error and LoginSuccess can follow any flow; each product's own screens are in its one chunk.
  const loads: Promise<unknown>[] = [loadOutcomeScreens()];
  let canToast = false;
  for (const product of configuredProducts(resolved)) {
    const kit = PRODUCT_KITS[product.key as AvailableProduct];
    // A product that adds no tab here (passcodes without methods) and draws no form or block has nothing to show.
    const drawsForm = Object.values(formProducts).includes(product.key as AvailableProduct) || !!kit.mainBlock;
    if (!drawsForm && product.tabs(resolved).length === 0) continue;
    // Its screens and its forms share its one chunk (products/<key>/chunk.ts).
    loads.push(kit.load());
    // The forms themselves, not only the chunk: then they render without a Suspense fallback, on the server too.
    if (drawsForm) loads.push(preloadProductForms(product.key as AvailableProduct));
    if (kit.toastingScreens?.length) canToast = true;
  }
  if (options.loadToaster && canToast) loads.push(options.loadToaster());
  await Promise.all(loads);
}

const SignInRoot = createPart('sign-in', 'root', 'div');

/** Props of `SignIn`. */
export interface SignInProps extends Omit<PartProps<'div'>, 'children'> {
  /** Products and their options; read once, when the widget mounts. */
  config?: SignInConfig;
  /** Replacement texts by message id (to translate or reword); inserted as text, never HTML. */
  strings?: Strings;
  /** The host's `onEvent` / `onError`. */
  callbacks?: SignInCallbacks;
  /** Your own toaster (the themed kit passes a sonner-backed one); default: a polite live region. */
  toaster?: Toaster;
}

// `@__PURE__` on both widgets: a page that imports `SignInWithToaster` only (the themed kit) drops `SignIn` and the
// built-in toaster with it, and a page of the unstyled kit drops `SignInWithToaster`.

/**
 * The login widget: every sign-in screen, switched by one sign-in store created when it mounts. Render it
 * inside `<LatchkeyProvider client>`. Root element: `data-scope="sign-in" data-part="root"` with
 * `data-screen="<Screen>"`; a configuration error shows as `data-part="config-error"` (role alert) instead of
 * the forms; the watermark follows the project's `displayWatermark`.
 */
export const SignIn = /* @__PURE__ */ forwardRef<HTMLDivElement, SignInProps>(function SignIn(props, ref) {
  return <SignInWidget {...props} toastProvider={ToastProvider} ref={ref} />;
});

/** Props of `SignInWithToaster`: those of `SignIn`, with `toaster` required. */
export interface SignInWithToasterProps extends SignInProps {
  toaster: Toaster;
}

/**
 * `SignIn` for a kit that always brings its own toaster (the themed kit's sonner-backed one): the same widget,
 * without the built-in live-region toaster in the bundle.
 */
export const SignInWithToaster = /* @__PURE__ */ forwardRef<HTMLDivElement, SignInWithToasterProps>(
  function SignInWithToaster(props, ref) {
    return <SignInWidget {...props} toastProvider={GivenToasterProvider} ref={ref} />;
  },
);

function GivenToasterProvider({ toaster, children }: ToastProviderProps) {
  return <ToasterProvider value={toaster ?? null}>{children}</ToasterProvider>;
}

const SignInWidget = forwardRef<HTMLDivElement, SignInProps & { toastProvider: ComponentType<ToastProviderProps> }>(
  function SignInWidget({ config, strings, callbacks, toaster, toastProvider, ...props }, ref) {
    const client = useLatchkeyClient();
    const [store] = useState(() => createSignInStore(config, callbacks));
    useEffect(() => store.getState().setCallbacks(callbacks ?? {}), [store, callbacks]);

    // The login screen logs 'render_login_screen' (options, bootstrap), once per mount.
    const hasLogged = useRef(false);
    useEffect(() => {
      if (hasLogged.current) return;
      hasLogged.current = true;
      client.events.log('render_login_screen', { options: config ?? {}, bootstrap: client.bootstrap.getSync() });
    }, [client, config]);

    return (
      <WidgetRoot
        {...props}
        store={store}
        strings={strings}
        toaster={toaster}
        toastProvider={toastProvider}
        root={SignInRoot}
        initialScreen="Main"
        initialScreenComponent={MainScreen}
        showsConfigError
        ref={ref}
      />
    );
  },
);
