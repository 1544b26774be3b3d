import { PasskeyLoginForm } from '../../PasskeyLogin';

/**
 * The success screen has no loading state of its own: this is the moment before it, 'Login with a Passkey'
 * waiting for the authenticator (disabled, with a spinner).
 */
export default function PasskeyConfirmationLoadingExample() {
  return (
    <PasskeyLoginForm.Provider value={{ showButton: true, isPending: true, warning: null, login: () => {} }}>
      <PasskeyLoginForm.Layout />
    </PasskeyLoginForm.Provider>
  );
}
