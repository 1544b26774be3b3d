import { SocialSignIn } from '../SocialSignIn';
import { exampleOneTap, exampleSocialSignIn } from './fixtures';

/** Google One Tap loading in its embedded container (a spinner), and GitHub's start navigating (its spinner). */
export default function SocialSignInLoadingExample() {
  return (
    <SocialSignIn.Provider
      value={exampleSocialSignIn({ oneTap: exampleOneTap({ status: 'loading' }), pendingProvider: 'github' })}
    >
      <SocialSignIn.Layout />
    </SocialSignIn.Provider>
  );
}
