import type { LatchkeyClient, WebAuthnRegistration } from '@latchkey/sdk';
import { queryOptions } from '@tanstack/react-query';

/** The passkey product's react-query keys (`latchkeyQueryKeys` holds them too). */
export const passkeysQueryKeys = {
  passkeys: ['latchkey', 'passkeys'] as const,
};

/**
 * The signed-in user's passkeys ('Existing Passkeys'): `webauthn_registrations` of `GET /users/me`, each with its
 * `name` and, from Latchkey's provider, `created_at`. Runs only while the client holds a session; starts from the
 * stored user's list. `usePasskeys` keeps it in step with every user the client sees (a new passkey, a delete).
 */
export function passkeysQueryOptions(client: LatchkeyClient) {
  return queryOptions<WebAuthnRegistration[]>({
    queryKey: passkeysQueryKeys.passkeys,
    queryFn: async () => (await client.user.get()).webauthn_registrations ?? [],
    enabled: () => client.session.getSync() !== null,
    initialData: () => client.user.getSync()?.webauthn_registrations,
  });
}
