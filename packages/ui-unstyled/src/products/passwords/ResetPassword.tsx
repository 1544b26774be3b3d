import { createSignInStore, type SignInCallbacks, type SignInConfig } from '@latchkey/hooks';
import { forwardRef, useEffect, useState } from 'react';
import type { Strings } from '../../messages/index';
import { createPart, type PartProps } from '../../primitives/createPart';
import { MainScreen } from '../../screens/Main/MainScreen';
import type { Toaster } from '../../toast';
import { ToastProvider } from '../../toastProvider';
import { WidgetRoot } from '../../WidgetRoot';
import { PasswordResetFormScreen } from './PasswordResetForm/PasswordResetFormScreen';

const ResetPasswordRoot = createPart('reset-password', 'root', 'div');

/** Props of `ResetPassword`. */
export interface ResetPasswordProps extends Omit<PartProps<'div'>, 'children'> {
  /** Products and their options, as for `<SignIn>`; read once, when it mounts. */
  config?: SignInConfig;
  /** Replacement texts by message id (to translate or reword); inserted as text, never HTML. */
  strings?: Strings;
  /** The host's `onEvent` / `onError`. */
  callbacks?: SignInCallbacks;
  /** Your own toaster (the themed kit passes a sonner-backed one); default: a polite live region. */
  toaster?: Toaster;
  /**
   * The reset link's token. Default: the page URL's `token`, with its `stytch_token_type` (`reset_password`
   * shows the form, `login` signs in at once); the token leaves the address bar once consumed.
   */
  passwordResetToken?: string;
}

/**
 * The reset-password mount point: the sign-in screens, starting at
 * PasswordResetForm, with one sign-in store created when it mounts. Render it inside `<LatchkeyProvider client>` on
 * the page the reset email links to. Root element: `data-scope="reset-password" data-part="root"` with
 * `data-screen="<Screen>"`; the watermark follows the project's `displayWatermark`.
 */
export const ResetPassword = forwardRef<HTMLDivElement, ResetPasswordProps>(function ResetPassword(
  { config, strings, callbacks, toaster, passwordResetToken, ...props },
  ref,
) {
  const [store] = useState(() => {
    // The reset page offers passwords whatever the configuration: their chunk's screens (the confirmation) join
    // the look-up, with those of the configured products. Their rows come with the reset form's hook.
    const created = createSignInStore(config, callbacks, 'PasswordResetForm', { additionalProducts: ['passwords'] });
    if (passwordResetToken) {
      created
        .getState()
        .dispatch({ type: 'resetTokenReceived', token: passwordResetToken, tokenType: 'reset_password' });
    }
    return created;
  });
  useEffect(() => store.getState().setCallbacks(callbacks ?? {}), [store, callbacks]);

  // The reset page opens on PasswordResetForm, in the entry chunk; every later screen (confirmation, login success,
  // error, and the sign-in screens an error's back arrow can lead to) is loaded when reached (screenLoaders.ts),
  // but Main, which is in the entry chunk as well: a dynamic import of Main anywhere in the package would put Main
  // in a chunk of its own on every sign-in page, whose first load would then pay for one more file.
  return (
    <WidgetRoot
      {...props}
      store={store}
      strings={strings}
      toaster={toaster}
      toastProvider={ToastProvider}
      root={ResetPasswordRoot}
      initialScreen="PasswordResetForm"
      initialScreenComponent={PasswordResetFormScreen}
      mainScreen={MainScreen}
      ref={ref}
    />
  );
});
