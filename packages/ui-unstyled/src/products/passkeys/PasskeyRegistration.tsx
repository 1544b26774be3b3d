import { createSignInStore, type SignInCallbacks, type SignInConfig, useSession, useUser } from '@latchkey/hooks';
import { forwardRef, useEffect, useState } from 'react';
import { type Strings, useMessages } from '../../messages/index';
import { createPart, type PartProps } from '../../primitives/createPart';
import { preloadable } from '../../screens/Main/lazyForms';
import type { Toaster } from '../../toast';
import { ToastProvider } from '../../toastProvider';
import { WidgetRoot } from '../../WidgetRoot';
import { withProductMessages } from '../defineProductKit';
import { passkeyMessages } from './messages';

const PasskeyRegistrationRoot = createPart('passkey-registration', 'root', 'div');
const NoUser = createPart('passkey-registration', 'no-user', 'p');

/** Props of `PasskeyRegistration`. */
export interface PasskeyRegistrationProps extends Omit<PartProps<'div'>, 'children'> {
  /**
   * Options as for `<SignIn>` (its `sessionOptions` set the session's lifetime after a passkey is added); read once,
   * when it mounts. Its `products` are not read: this widget shows passkeys only.
   */
  config?: SignInConfig;
  /** Replacement texts by message id (to translate or reword); inserted as text, never HTML. */
  strings?: Strings;
  /** The host's `onEvent` / `onError`. */
  callbacks?: SignInCallbacks;
  /** Your own toaster (the themed kit passes a sonner-backed one); default: a polite live region. */
  toaster?: Toaster;
}

/**
 * PasskeyRegistrationStart, from the registration screens' chunk (registrationScreens.ts, which `<SignIn>` never
 * fetches). Once `preloadPasskeyRegistration()` has resolved it renders at once, with no Suspense fallback: on the
 * server too, so a signed-in visitor's first screen is in the server's HTML, and the browser hydrates it.
 */
const RegistrationStart = /* @__PURE__ */ preloadable(async () =>
  withProductMessages((await import('./registrationScreens')).PasskeyRegistrationStartScreen, passkeyMessages),
);

/**
 * Downloads `<PasskeyRegistration>`'s first screen (PasskeyRegistrationStart) ahead of time; the widget works the
 * same without it. Await it before a server render and before hydrating, so a signed-in visitor's 'Set up a new
 * Passkey' screen is in the server's HTML rather than a spinner.
 */
export function preloadPasskeyRegistration(): Promise<void> {
  return RegistrationStart.preload().then(() => {});
}

/**
 * The widget's first screen: PasskeyRegistrationStart, or 'Error: Cannot use PasskeyRegistration component without
 * active user authenticated.' (role alert) when nobody is signed in or the user cannot be fetched
 * (checked by fetching the user).
 */
function StartOrNoUser() {
  const t = useMessages(passkeyMessages);
  const hasSession = useSession((snapshot) => snapshot.session !== null);
  const { status } = useUser();
  if (hasSession && status !== 'error') return <RegistrationStart />;
  return <NoUser role="alert">{t('error.passkey_no_user')}</NoUser>;
}

/**
 * The passkey-registration mount point: PasskeyRegistrationStart ('Set up a new Passkey'), then
 * PasskeyRegistrationSuccess (the user's passkeys, rename, delete), for the signed-in user. Render it inside
 * `<LatchkeyProvider client>`. Root element: `data-scope="passkey-registration" data-part="root"` with
 * `data-screen="<Screen>"`; with nobody signed in it shows 'Error: Cannot use PasskeyRegistration component without
 * active user authenticated.' (`data-part="no-user"`, role alert) instead of the screens. Its screens come in the
 * passkey chunk.
 */
export const PasskeyRegistration = forwardRef<HTMLDivElement, PasskeyRegistrationProps>(function PasskeyRegistration(
  { config, strings, callbacks, toaster, ...props },
  ref,
) {
  const [store] = useState(() =>
    createSignInStore({ ...config, products: ['passkeys'] }, callbacks, 'PasskeyRegistrationStart'),
  );
  useEffect(() => store.getState().setCallbacks(callbacks ?? {}), [store, callbacks]);
  return (
    <WidgetRoot
      {...props}
      store={store}
      strings={strings}
      toaster={toaster}
      toastProvider={ToastProvider}
      root={PasskeyRegistrationRoot}
      initialScreen="PasskeyRegistrationStart"
      initialScreenComponent={StartOrNoUser}
      ref={ref}
    />
  );
});
