import type { SocialOneTap, UseSocialSignInReturn } from '../useSocialSignIn';

/** Three configured providers, in the host's order. */
export const EXAMPLE_PROVIDERS = [
  { type: 'google', name: 'Google' },
  { type: 'github', name: 'GitHub' },
  { type: 'microsoft', name: 'Microsoft' },
];

/** The block's state with three providers and no One Tap; `overrides` replace parts of it. */
export function exampleSocialSignIn(overrides: Partial<UseSocialSignInReturn> = {}): UseSocialSignInReturn {
  return { providers: EXAMPLE_PROVIDERS, pendingProvider: null, start: () => {}, oneTap: null, ...overrides };
}

/** Google One Tap, embedded, in the state `overrides` give. */
export function exampleOneTap(overrides: Partial<SocialOneTap> = {}): SocialOneTap {
  return {
    provider: { type: 'google', name: 'Google' },
    position: 'embedded',
    status: 'shown',
    containerId: 'example-one-tap',
    height: 47,
    explanation: null,
    ...overrides,
  };
}
