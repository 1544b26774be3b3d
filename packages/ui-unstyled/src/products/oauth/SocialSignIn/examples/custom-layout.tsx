import { ProviderIcon } from '../../ProviderIcon';
import { SocialSignIn } from '../SocialSignIn';
import { exampleSocialSignIn } from './fixtures';

/** A re-arranged block: a line of the host's own, then icon-only buttons in a row (each named by aria-label). */
export default function SocialSignInCustomLayoutExample() {
  const value = exampleSocialSignIn();
  return (
    <SocialSignIn.Provider value={value}>
      <SocialSignIn.Root>
        <p>Sign in with an account you already have</p>
        <SocialSignIn.ProviderList style={{ display: 'flex', gap: 8 }}>
          {value.providers.map((provider) => (
            <SocialSignIn.ProviderButton
              key={provider.type}
              provider={provider}
              aria-label={`Continue with ${provider.name}`}
            >
              <ProviderIcon provider={provider.type} />
            </SocialSignIn.ProviderButton>
          ))}
        </SocialSignIn.ProviderList>
      </SocialSignIn.Root>
    </SocialSignIn.Provider>
  );
}
