import type { Selectable } from 'kysely';
import type { Executor } from '../../db/schema';
import type { ProviderDeps } from '../../http/context';
import { ProviderError } from '../../http/errors';
import type { NewFactor, SecondFactorProof } from '../../services/sessions';
import type { WebauthnRegistrationsTable } from './tables';

export type RegistrationRow = Selectable<WebauthnRegistrationsTable>;

/** The name a new registration gets until its owner renames it. */
export function defaultRegistrationName(isPasskey: boolean): string {
  return isPasskey ? 'Passkey' : 'Security key';
}

/** The session factor a passkey proves: `webauthn_factor` with delivery `webauthn_registration`. */
export function webauthnFactor(row: RegistrationRow): NewFactor {
  return {
    type: 'webauthn',
    delivery_method: 'webauthn_registration',
    webauthn_factor: {
      webauthn_registration_id: row.webauthn_registration_id,
      domain: row.rp_id,
      user_agent: row.user_agent,
    },
  };
}

/** The registration holding a credential id in this project, if any. */
export async function findRegistrationByCredential(
  deps: ProviderDeps,
  credentialId: string,
): Promise<RegistrationRow | undefined> {
  return deps.db
    .selectFrom('webauthn_registrations')
    .selectAll()
    .where('project_id', '=', deps.config.project.projectId)
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
}

/** The user's registrations for one relying-party id, oldest first. */
export async function registrationsOf(db: Executor, userId: string, rpId: string): Promise<RegistrationRow[]> {
  return db
    .selectFrom('webauthn_registrations')
    .selectAll()
    .where('user_id', '=', userId)
    .where('rp_id', '=', rpId)
    .orderBy('created_at')
    .orderBy('webauthn_registration_id')
    .execute();
}

/** The refusal of a rename or delete of a registration the caller does not have (unknown, or another user's). */
export function registrationNotFound(): ProviderError {
  return new ProviderError('webauthn_registration_not_found', { message: 'WebAuthn registration not found.' });
}

/** The transports a registration recorded, for `allowCredentials` / `excludeCredentials`. */
export function transportsOf(row: RegistrationRow): string[] {
  const value: unknown = JSON.parse(row.transports);
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/**
 * Under `project.mfa.required`, whether a session's passkey factor proves a second factor (services/sessions.ts
 * `assertSecondFactorProved`): when the session holds another factor as well (the passkey completed or joined a sign-in
 * another factor started, or the other way round: only the user's own credential joins their session, and a new
 * registration, which joins it too, needs this proof first), or when it is multi-factor on its own: a passkey
 * (`is_passkey`: every assertion must verify the user) whose authenticator verified the user at registration
 * (`uv_initialized`), still the user's. A security key's factor alone does not count: whether that assertion verified
 * the user is not recorded, and without its PIN a key is a first factor. `db` is the caller's transaction when there is
 * one.
 */
export function passkeyProvesSecondFactor(db: Executor, userId: string): SecondFactorProof {
  return async (factor, factors) => {
    const registrationId = factor.webauthn_factor?.webauthn_registration_id;
    if (factor.type !== 'webauthn' || registrationId === undefined) return false;
    if (factors.length > 1) return true;
    const registration = await db
      .selectFrom('webauthn_registrations')
      .select(['is_passkey', 'uv_initialized'])
      .where('webauthn_registration_id', '=', registrationId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return registration?.is_passkey === 1 && registration.uv_initialized === 1;
  };
}
