import {
  type Screen,
  type SignInStore,
  SignInStoreProvider,
  sdkNamespacesOf,
  useLatchkeyClient,
  useSignInStore,
} from '@latchkey/hooks';
import {
  type ComponentType,
  type CSSProperties,
  forwardRef,
  type RefObject,
  Suspense,
  useEffect,
  useRef,
  useState,
} from 'react';
import { Spinner } from './components/Spinner';
import { Watermark } from './components/Watermark';
import { loadErrorMessages, MessagesProvider, type Strings, type Translate, useMessages } from './messages/index';
import { productConfigMessages } from './messages/productConfigMessages';
import { createPart, type PartProps } from './primitives/createPart';
import { lazyScreen } from './screenLoaders';
import type { Toaster } from './toast';
import type { ToastProviderProps } from './toastProvider';

// Internal: the body <SignIn> and <ResetPassword> share (providers, screen switch, focus, watermark). Not exported
// from index.ts.

/**
 * A configuration error's text: the catalogue's (each product's `config.*`, honouring `strings`) for the hooks'
 * English text, or the error as it is.
 */
function configErrorText(t: Translate, error: string): string {
  const id = (Object.keys(productConfigMessages) as (keyof typeof productConfigMessages)[]).find(
    (key) => productConfigMessages[key] === error,
  );
  return id ? t(id) : error;
}

const SignInConfigError = createPart('sign-in', 'config-error', 'p');
const Announcer = createPart('sign-in', 'announcer', 'span');

// Read by screen readers, not shown (the unstyled kit ships no CSS, so the hiding is inline).
const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/** The root part of a widget (`data-scope="<widget>" data-part="root"`). */
type WidgetRootPart = ReturnType<typeof createPart<'div'>>;

export interface WidgetRootProps extends Omit<PartProps<'div'>, 'children'> {
  store: SignInStore;
  strings?: Strings;
  toaster?: Toaster;
  /** The widget's root element. */
  root: WidgetRootPart;
  /** The screen the widget opens on, rendered from `initialScreenComponent` (in the entry chunk, no Suspense wait). */
  initialScreen: Screen;
  initialScreenComponent: ComponentType;
  /** Main, when the widget does not open on it (<ResetPassword> reaches Main by an error's back arrow). */
  mainScreen?: ComponentType;
  /**
   * Provides `toaster` (or a built-in one) to the screens: `ToastProvider`, or `ToasterProvider` adapted by a widget
   * whose toaster is always given (then the built-in live region is not in its bundle).
   */
  toastProvider: ComponentType<ToastProviderProps>;
  /** Shows the store's configuration error (role alert) instead of the screens. */
  showsConfigError?: boolean;
}

/** The store, messages and toasts providers around the screen switch. */
export const WidgetRoot = forwardRef<HTMLDivElement, WidgetRootProps>(function WidgetRoot(
  { store, strings, toaster, toastProvider: ToastProvider, ...props },
  ref,
) {
  // The SDK code of the configured products' flows comes in right after the first render, so the first submit
  // does not wait for it (the SDK loads each product's namespace on its first call otherwise).
  const client = useLatchkeyClient();
  useEffect(() => {
    const namespaces = sdkNamespacesOf(store.getState().config);
    if (namespaces.length > 0) client.preload(namespaces).catch(() => {});
  }, [client, store]);
  return (
    <SignInStoreProvider store={store}>
      <MessagesProvider strings={strings}>
        <ToastProvider toaster={toaster}>
          <WidgetBody {...props} ref={ref} />
        </ToastProvider>
      </MessagesProvider>
    </SignInStoreProvider>
  );
});

type WidgetBodyProps = Omit<WidgetRootProps, 'store' | 'strings' | 'toaster' | 'toastProvider'>;

const WidgetBody = forwardRef<HTMLDivElement, WidgetBodyProps>(function WidgetBody(
  { root: Root, initialScreen, initialScreenComponent, mainScreen, showsConfigError = false, ...props },
  forwardedRef,
) {
  const t = useMessages();
  const screen = useSignInStore((state) => state.screen);
  const configError = useSignInStore((state) => (showsConfigError ? state.configError : null));
  // The screens after the first are looked up in the chunks of the store's products first (`productKeys`: the
  // configured ones, those the widget adds, its second factors).
  const products = useSignInStore((state) => state.productKeys);
  const container = useRef<HTMLDivElement | null>(null);
  const setRef = (element: HTMLDivElement | null) => {
    container.current = element;
    if (typeof forwardedRef === 'function') forwardedRef(element);
    else if (forwardedRef) forwardedRef.current = element;
  };
  // The first screen does not take focus (it would steal it from the host page); every later one does.
  const screenCount = useRef(0);
  const previousScreen = useRef(screen);
  if (previousScreen.current !== screen) {
    previousScreen.current = screen;
    screenCount.current += 1;
  }
  const isFirstScreen = screenCount.current === 0;
  // The heading of a screen whose first field takes the focus (the passcode boxes), for screen readers.
  const [announcement, setAnnouncement] = useState('');
  // No error can show before the user acts: the error catalogue's chunk comes right after the first render.
  useEffect(() => {
    void loadErrorMessages();
  }, []);

  const ScreenComponent =
    screen === initialScreen ? initialScreenComponent : screen === 'Main' ? mainScreen : lazyScreen(screen, products);
  return (
    <Root data-screen={screen} {...props} ref={setRef}>
      {configError !== null ? (
        <SignInConfigError role="alert">{configErrorText(t, configError)}</SignInConfigError>
      ) : (
        <Suspense fallback={<Spinner />}>
          {ScreenComponent ? <ScreenComponent key={screen} /> : null}
          <FocusHeading
            key={`focus-${screen}`}
            container={container}
            isEnabled={!isFirstScreen}
            onAnnounce={setAnnouncement}
          />
        </Suspense>
      )}
      {/* In the page from the start, so what is put in it later is announced. */}
      <Announcer role="status" aria-live="polite" style={VISUALLY_HIDDEN}>
        {announcement}
      </Announcer>
      <Watermark />
    </Root>
  );
});

/**
 * Moves focus into the new screen once it is in the page (after its lazy chunk loaded): to the field a screen marks
 * `data-initial-focus` (the first passcode box: the user's next step is typing), whose heading then goes to the
 * live region; else to its heading.
 */
function FocusHeading({
  container,
  isEnabled,
  onAnnounce,
}: {
  container: RefObject<HTMLElement | null>;
  isEnabled: boolean;
  onAnnounce: (text: string) => void;
}) {
  useEffect(() => {
    if (!isEnabled) return;
    const root = container.current;
    const heading = root?.querySelector<HTMLElement>('h1, h2, h3, h4, h5, h6, [role="heading"]');
    const field = root?.querySelector<HTMLElement>('[data-initial-focus]');
    if (field) {
      field.focus();
      onAnnounce(heading?.textContent ?? '');
      return;
    }
    onAnnounce('');
    // A screen without a heading (Main with `style.hideHeaderText`) focuses its own root instead.
    const target = heading ?? root?.querySelector<HTMLElement>('[data-part="root"]');
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus();
  }, [container, isEnabled, onAnnounce]);
  return null;
}
