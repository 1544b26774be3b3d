// Migration 0024_webauthn_uv_initialized on a database an older release left, with registrations in it: a passkey
// (its registration required user verification) gets uv_initialized 1, a security key 0 (not known to have verified
// the user), so that a PIN set on such a key later does not make it both factors (routes.ts). On SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { bare, emptyTarget } from '../../../test/emptyDatabases';
import { START } from '../../../testing/harness';
import { migrateToLatest, migrateUpTo } from '../../db/migrations';

describe('migration 0024_webauthn_uv_initialized on an existing database', () => {
  it('marks the passkeys as having verified the user at registration, and the security keys as not', async () => {
    const db = bare(await emptyTarget());
    await migrateUpTo(db, '0023_signing_key_retention');
    await db
      .insertInto('projects')
      .values({
        project_id: 'project-test-upgrade',
        public_token: 'public-token-test-upgrade',
        name: 'Upgrade',
        created_at: START,
      })
      .execute();
    await db
      .insertInto('users')
      .values({ user_id: 'user-test-ada', project_id: 'project-test-upgrade', created_at: START, status: 'active' })
      .execute();
    const registration = (id: string, isPasskey: number) => ({
      webauthn_registration_id: id,
      user_id: 'user-test-ada',
      project_id: 'project-test-upgrade',
      credential_id: `credential-${id}`,
      public_key: 'cHVibGlj',
      sign_count: 0,
      user_handle: 'dXNlcg',
      rp_id: 'localhost',
      is_passkey: isPasskey,
      name: isPasskey === 1 ? 'Passkey' : 'Security key',
      created_at: START,
    });
    await db
      .insertInto('webauthn_registrations')
      .values([registration('passkey', 1), registration('key', 0)])
      .execute();

    await migrateToLatest(db);
    const rows = await db
      .selectFrom('webauthn_registrations')
      .select(['webauthn_registration_id', 'uv_initialized'])
      .orderBy('webauthn_registration_id')
      .execute();
    expect(rows.map((row) => [row.webauthn_registration_id, Number(row.uv_initialized)])).toEqual([
      ['key', 0],
      ['passkey', 1],
    ]);
  });
});
