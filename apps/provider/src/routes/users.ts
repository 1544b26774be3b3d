import type { Hono } from 'hono';
import { z } from 'zod';
import { clientIp, ok, type ProviderContext, type ProviderEnv, readBody } from '../http/context';
import { ProviderError, SchemaError } from '../http/errors';
import { protectionFields } from '../http/fields';
import { PRODUCT_DESCRIPTORS } from '../products/descriptors';
import { assertEmail, limitPerIp } from '../services/guards';
import { assertRecentAuthentication, requireSession } from '../services/sessions';
import { findEmail, requireUser } from '../services/users';

const MAX_METADATA_BYTES = 4096;

/** The products' fields of the user that `PUT /users/me` repeats (their descriptors' `users.updateAnswer`). */
const UPDATE_ANSWER_FIELDS = PRODUCT_DESCRIPTORS.flatMap((descriptor) => descriptor.users?.updateAnswer ?? []);

/** The products' `userType`s of `POST /users/search`, asked in the descriptors' order. */
const USER_SEARCHES = PRODUCT_DESCRIPTORS.flatMap((descriptor) =>
  descriptor.users?.search ? [descriptor.users.search] : [],
);

const nameField = z.string().max(256).optional();
const updateSchema = z.object({
  name: z.object({ first_name: nameField, middle_name: nameField, last_name: nameField }).optional(),
  untrusted_metadata: z.record(z.string(), z.unknown()).optional(),
});

const searchSchema = z.object({ email: z.string(), ...protectionFields });

/** Factor kinds whose registrations later issues add; until then a user has none, so deleting one finds nothing. */
const LATER_FACTORS: Record<string, string> = {
  biometric_registrations: 'Biometric registration',
};

/**
 * Removes one of the caller's own emails or phone numbers (a sensitive change: it needs a recent sign-in);
 * what was already sent to it stops working.
 */
async function deleteIdentifier(c: ProviderContext, kind: 'email' | 'phone'): Promise<Response> {
  const deps = c.get('deps');
  const { row } = await requireSession(c);
  await assertRecentAuthentication(deps, row);
  const id = c.req.param('id') ?? '';
  const now = deps.clock.now();
  const deleted = await deps.db.transaction().execute(async (trx) => {
    // Only the caller's own: another user's id is "not found", never deleted.
    const result =
      kind === 'email'
        ? await trx
            .deleteFrom('emails')
            .where('email_id', '=', id)
            .where('user_id', '=', row.user_id)
            .executeTakeFirst()
        : await trx
            .deleteFrom('phone_numbers')
            .where('phone_id', '=', id)
            .where('user_id', '=', row.user_id)
            .executeTakeFirst();
    if (Number(result.numDeletedRows) !== 1) return false;
    if (kind === 'email') {
      await trx
        .updateTable('email_tokens')
        .set({ consumed_at: now })
        .where('email_id', '=', id)
        .where('consumed_at', 'is', null)
        .execute();
    }
    for (const descriptor of PRODUCT_DESCRIPTORS) await descriptor.users?.identifierRemoved?.(trx, id, now);
    return true;
  });
  if (!deleted) throw new ProviderError(kind === 'email' ? 'email_not_found' : 'phone_number_not_found');
  const user = await requireUser(deps.db, row.user_id);
  return ok(c, { user_id: user.user_id, __user: user });
}

/** `GET`/`PUT /users/me`, the delete-factor calls and `POST /users/search`. */
export function registerUserRoutes(app: Hono<ProviderEnv>): void {
  app.get('/sdk/v1/users/me', async (c) => {
    const { row } = await requireSession(c);
    // The SDK's user.get reads the user object itself from `data`, not from `{ user }`.
    return ok(c, await requireUser(c.get('deps').db, row.user_id));
  });

  app.put('/sdk/v1/users/me', async (c) => {
    const body = await readBody(c, updateSchema);
    const deps = c.get('deps');
    const { row } = await requireSession(c);
    const updates: Record<string, string> = {};
    if (body.name?.first_name !== undefined) updates.first_name = body.name.first_name;
    if (body.name?.middle_name !== undefined) updates.middle_name = body.name.middle_name;
    if (body.name?.last_name !== undefined) updates.last_name = body.name.last_name;
    if (body.untrusted_metadata !== undefined) {
      const current = (await requireUser(deps.db, row.user_id)).untrusted_metadata;
      // Top-level keys are merged; a key set to null is removed.
      const merged: Record<string, unknown> = { ...current };
      for (const [key, value] of Object.entries(body.untrusted_metadata)) {
        if (value === null) delete merged[key];
        else merged[key] = value;
      }
      const json = JSON.stringify(merged);
      if (Buffer.byteLength(json) > MAX_METADATA_BYTES) {
        throw new SchemaError('body', [
          { dataPath: '.untrusted_metadata', message: `must be at most ${MAX_METADATA_BYTES} bytes of JSON` },
        ]);
      }
      updates.untrusted_metadata = json;
    }
    if (Object.keys(updates).length > 0)
      await deps.db.updateTable('users').set(updates).where('user_id', '=', row.user_id).execute();
    const user = await requireUser(deps.db, row.user_id);
    return ok(c, {
      user_id: user.user_id,
      emails: user.emails,
      phone_numbers: user.phone_numbers,
      ...Object.fromEntries(UPDATE_ANSWER_FIELDS.map((field) => [field, user[field]])),
      __user: user,
    });
  });

  app.delete('/sdk/v1/users/emails/:id', (c) => deleteIdentifier(c, 'email'));
  app.delete('/sdk/v1/users/phone_numbers/:id', (c) => deleteIdentifier(c, 'phone'));

  for (const [segment, label] of Object.entries(LATER_FACTORS)) {
    app.delete(`/sdk/v1/users/${segment}/:id`, async (c) => {
      const { row } = await requireSession(c);
      await assertRecentAuthentication(c.get('deps'), row);
      throw new ProviderError('not_found', { message: `${label} not found.` });
    });
  }

  app.post('/sdk/v1/users/search', async (c) => {
    const deps = c.get('deps');
    // Counted before anything is read: probing for accounts is throttled per IP.
    await limitPerIp(deps, 'userSearchesPerIp', clientIp(c));
    const body = await readBody(c, searchSchema);
    assertEmail(body.email);
    const email = await findEmail(deps.db, deps.config.project.projectId, body.email);
    if (!email) return ok(c, { userType: 'new' });
    for (const search of USER_SEARCHES) {
      if (await search.holds(deps.db, email.user_id)) return ok(c, { userType: search.userType });
    }
    return ok(c, { userType: 'passwordless' });
  });
}
