import { OAUTH_PROVIDERS } from '@latchkey/sdk';
import { SocialSignIn } from '../SocialSignIn';
import { socialProviderName } from '../useSocialSignIn';
import { exampleSocialSignIn } from './fixtures';

/** All 19 providers in the spec's order, and a type outside them (a button with no text, named by its type). */
export default function SocialSignInEveryProviderExample() {
  const providers = [...OAUTH_PROVIDERS, 'myspace'].map((type) => ({ type, name: socialProviderName(type) }));
  return (
    <SocialSignIn.Provider value={exampleSocialSignIn({ providers })}>
      <SocialSignIn.Layout />
    </SocialSignIn.Provider>
  );
}
