import type { LatchkeyClient, PasswordsStrengthCheckResponse } from '@latchkey/sdk';
import { queryOptions } from '@tanstack/react-query';

/** The password product's react-query keys (`latchkeyQueryKeys` holds them too). */
export const passwordsQueryKeys = {
  passwordStrength: (email: string, password: string) => ['latchkey', 'passwordStrength', email, password] as const,
};

/**
 * The provider's strength check of a password being typed. The password is part of the key (it is what the
 * answer is about) but only in memory: `gcTime: 0` drops each answer once nothing reads it, and a failed check
 * is not retried. Disabled for an empty password.
 */
export function passwordStrengthQueryOptions(client: LatchkeyClient, input: { password: string; email?: string }) {
  const { password, email } = input;
  return queryOptions<PasswordsStrengthCheckResponse>({
    queryKey: passwordsQueryKeys.passwordStrength(email ?? '', password),
    queryFn: () => client.passwords.strengthCheck(email === undefined ? { password } : { password, email }),
    enabled: password !== '',
    gcTime: 0,
    retry: 0,
  });
}
