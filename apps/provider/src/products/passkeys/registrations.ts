import type { Selectable } from 'kysely';
import type { Executor } from '../../db/schema';
import type { ProviderDeps } from '../../http/context';
import { ProviderError } from '../../http/errors';
import type { NewFactor } from '../../services/sessions';
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
