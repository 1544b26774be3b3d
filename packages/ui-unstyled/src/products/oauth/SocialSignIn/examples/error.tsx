import { SocialSignIn } from '../SocialSignIn';
import { exampleOneTap, exampleSocialSignIn } from './fixtures';

/**
 * One Tap could not render on a test project: the plain Google button and 'One Tap could not load:
 * unregistered_origin' for the developer.
 */
export default function SocialSignInErrorExample() {
  return (
    <SocialSignIn.Provider
      value={exampleSocialSignIn({
        oneTap: exampleOneTap({ status: 'fallback', explanation: 'unregistered_origin' }),
      })}
    >
      <SocialSignIn.Layout />
    </SocialSignIn.Provider>
  );
}
