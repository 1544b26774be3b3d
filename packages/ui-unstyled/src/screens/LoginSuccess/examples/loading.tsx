import { Spinner } from '../../../components/Spinner';
import { LoginSuccessScreen } from '../LoginSuccessScreen';

/**
 * The success screen has no loading state of its own; a host that redirects on AUTHENTICATE_FLOW_COMPLETE can
 * add a spinner to it while the next page loads.
 */
export default function LoginSuccessLoadingExample() {
  return (
    <LoginSuccessScreen.Provider value={{}}>
      <LoginSuccessScreen.Root>
        <LoginSuccessScreen.Icon />
        <LoginSuccessScreen.Title />
        <LoginSuccessScreen.Description />
        <Spinner label="Redirecting" />
      </LoginSuccessScreen.Root>
    </LoginSuccessScreen.Provider>
  );
}
