import {
  createSignInStore,
  resolveSignInConfig,
  type Screen,
  type SignInCallbacks,
  type SignInConfig,
  signInConfigError,
  signInMethodTabs,
  useLatchkeyClient,
} from '@latchkey/hooks';
import { forwardRef, useEffect, useRef, useState } from 'react';
import type { Strings } from './messages/index';
import { createPart, type PartProps } from './primitives/createPart';
import { MAIN_PART_LOADERS, SCREEN_LOADERS } from './screenLoaders';
import { MainScreen } from './screens/Main/MainScreen';
import type { Toaster } from './toast';
import { WidgetRoot } from './WidgetRoot';

// Every screen but Main is lazy (screenLoaders.ts): an email-magic-link-only page downloads Main and nothing else
// until the user moves on (bundle budget). `preloadSignIn` fetches the chunks ahead of time through the same loaders.
type LazyScreen = Exclude<Screen, 'Main'>;

// The screens each product can lead to (spec §4 transitions). Error and LoginSuccess can follow any flow.
const ANY_PRODUCT_SCREENS: LazyScreen[] = ['Error', 'LoginSuccess'];
const MAGIC_LINK_SCREENS: LazyScreen[] = ['EmailConfirmation'];
const OTP_SCREENS: LazyScreen[] = ['OTPAuthenticate', 'OTPConfirmation'];
const PASSWORD_SCREENS: LazyScreen[] = [
  'PasswordCreateOrLogin',
  'PasswordForgot',
  'PasswordBreached',
  'PasswordSetNew',
  'PasswordDedupe',
  'PasswordConfirmation',
  'PasswordResetForm',
];
// The screens that show a toast (PasswordForgot: 'Email resent').
const TOASTING_SCREENS: LazyScreen[] = ['PasswordForgot'];

/** Options of `preloadSignIn`. */
export interface PreloadSignInOptions {
  /** Loads the toaster's code (the themed kit passes sonner's); called when the configuration can show a toast. */
  loadToaster?: () => Promise<unknown>;
}

/**
 * Downloads every chunk `<SignIn config>` can show (its screens, the method tabs, the phone form, and the toaster
 * with `loadToaster`) and resolves once they are all in, so no later screen waits on the network. Only the
 * configuration's own: a magic-link-only widget loads no password or passcode screen. Call it when the page is idle
 * or a sign-in is likely; the widget works the same without it.
 */
export async function preloadSignIn(config?: SignInConfig, options: PreloadSignInOptions = {}): Promise<void> {
  const resolved = resolveSignInConfig(config);
  if (signInConfigError(resolved) !== null) return;
  const { products } = resolved;
  const tabs = signInMethodTabs(resolved);
  const hasOtp = products.includes('otp') && resolved.otpOptions.methods.length > 0;
  const hasEmailOtp = hasOtp && resolved.otpOptions.methods.includes('email');
  const hasPasswords = products.includes('passwords');

  const screens = new Set<LazyScreen>(ANY_PRODUCT_SCREENS);
  // A passwordless user of the password flow is sent a magic link or an email passcode when configured.
  if (products.includes('emailMagicLinks')) for (const screen of MAGIC_LINK_SCREENS) screens.add(screen);
  if (hasOtp) for (const screen of OTP_SCREENS) screens.add(screen);
  if (hasPasswords) for (const screen of PASSWORD_SCREENS) screens.add(screen);

  const loads: Promise<unknown>[] = [...screens].map((screen) => SCREEN_LOADERS[screen]());
  if (tabs.length > 1) loads.push(MAIN_PART_LOADERS.methodTabs());
  if (tabs.includes('sms') || tabs.includes('whatsapp')) loads.push(MAIN_PART_LOADERS.phoneForm());
  // The email tab's form (useMainScreen): passwords first, then email passcodes; the magic-link form is in Main.
  if (hasPasswords) loads.push(MAIN_PART_LOADERS.passwordEmailForm());
  else if (hasEmailOtp) loads.push(MAIN_PART_LOADERS.otpEmailForm());
  if (options.loadToaster && TOASTING_SCREENS.some((screen) => screens.has(screen))) loads.push(options.loadToaster());
  await Promise.all(loads);
}

const SignInRoot = createPart('sign-in', 'root', 'div');

/** Props of `SignIn`. */
export interface SignInProps extends Omit<PartProps<'div'>, 'children'> {
  /** Products and their options (spec §3 Configuration); read once, when the widget mounts. */
  config?: SignInConfig;
  /** Replacement texts by message id (to translate or reword); inserted as text, never HTML. */
  strings?: Strings;
  /** The host's `onEvent` / `onError`. */
  callbacks?: SignInCallbacks;
  /** Your own toaster (the themed kit passes a sonner-backed one); default: a polite live region. */
  toaster?: Toaster;
}

/**
 * The login widget: every sign-in screen, switched by one sign-in store created when it mounts. Render it
 * inside `<LatchkeyProvider client>`. Root element: `data-scope="sign-in" data-part="root"` with
 * `data-screen="<Screen>"`; a configuration error shows as `data-part="config-error"` (role alert) instead of
 * the forms; the watermark follows the project's `displayWatermark`.
 */
export const SignIn = forwardRef<HTMLDivElement, SignInProps>(function SignIn(
  { config, strings, callbacks, toaster, ...props },
  ref,
) {
  const client = useLatchkeyClient();
  const [store] = useState(() => createSignInStore(config, callbacks));
  useEffect(() => store.getState().setCallbacks(callbacks ?? {}), [store, callbacks]);

  // sdk-and-idp §2: the login screen logs 'render_login_screen' (options, bootstrap), once per mount.
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
      root={SignInRoot}
      initialScreen="Main"
      initialScreenComponent={MainScreen}
      showsConfigError
      ref={ref}
    />
  );
});
