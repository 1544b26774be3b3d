import type { SessionVerificationSource } from '../useSessionVerification';

/** A fixed verify step for the examples of the screens that show "Confirm it's you": nothing typed, nothing refused. */
export function exampleVerificationSource(
  overrides: Partial<SessionVerificationSource> = {},
): SessionVerificationSource {
  return {
    error: null,
    isVerifying: false,
    verifyAndRetry: async () => false,
    recoverAndRetry: async () => false,
    cancelVerification: () => {},
    ...overrides,
  };
}
