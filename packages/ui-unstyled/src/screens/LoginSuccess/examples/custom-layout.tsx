import { LoginSuccessScreen } from '../LoginSuccessScreen';

/** A re-arranged success screen: the title first, no graphic, a link of the host's own. */
export default function LoginSuccessCustomLayoutExample() {
  return (
    <LoginSuccessScreen.Provider value={{}}>
      <LoginSuccessScreen.Root>
        <LoginSuccessScreen.Title />
        <LoginSuccessScreen.Description />
        <a href="/dashboard">Go to your dashboard</a>
      </LoginSuccessScreen.Root>
    </LoginSuccessScreen.Provider>
  );
}
