import type { BootstrapData, LatchkeyClient, PasswordsStrengthCheckResponse, User } from '@latchkey/sdk';
import { queryOptions } from '@tanstack/react-query';

/** The react-query keys of Latchkey's server state, all under `['latchkey', …]`. */
export const latchkeyQueryKeys = {
  all: ['latchkey'] as const,
  bootstrap: ['latchkey', 'bootstrap'] as const,
  user: ['latchkey', 'user'] as const,
  passwordStrength: (email: string, password: string) => ['latchkey', 'passwordStrength', email, password] as const,
};

/** The project's settings (`client.bootstrap.getAsync()`); they do not change while the page lives. */
export function bootstrapQueryOptions(client: LatchkeyClient) {
  return queryOptions<BootstrapData>({
    queryKey: latchkeyQueryKeys.bootstrap,
    queryFn: () => client.bootstrap.getAsync(),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The signed-in user (`GET /users/me`). Runs only while the client holds a session; starts from the stored
 * user when there is one. `null` after sign-out (`useUser` writes it).
 */
export function userQueryOptions(client: LatchkeyClient) {
  return queryOptions<User | null>({
    queryKey: latchkeyQueryKeys.user,
    queryFn: () => client.user.get(),
    enabled: () => client.session.getSync() !== null,
    initialData: () => client.user.getSync() ?? undefined,
  });
}

/**
 * The provider's strength check of a password being typed. The password is part of the key (it is what the
 * answer is about) but only in memory: `gcTime: 0` drops each answer once nothing reads it, and a failed check
 * is not retried. Disabled for an empty password.
 */
export function passwordStrengthQueryOptions(client: LatchkeyClient, input: { password: string; email?: string }) {
  const { password, email } = input;
  return queryOptions<PasswordsStrengthCheckResponse>({
    queryKey: latchkeyQueryKeys.passwordStrength(email ?? '', password),
    queryFn: () => client.passwords.strengthCheck(email === undefined ? { password } : { password, email }),
    enabled: password !== '',
    gcTime: 0,
    retry: 0,
  });
}
