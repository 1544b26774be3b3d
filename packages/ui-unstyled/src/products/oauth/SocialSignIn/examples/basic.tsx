import { SocialSignIn } from '../SocialSignIn';
import { exampleSocialSignIn } from './fixtures';

/** Three providers: a 'Continue with {provider}' button each, in the configured order, with its icon. */
export default function SocialSignInBasicExample() {
  return (
    <SocialSignIn.Provider value={exampleSocialSignIn()}>
      <SocialSignIn.Layout />
    </SocialSignIn.Provider>
  );
}
