// Who an upstream identity signs in as. Identities are keyed by (provider, subject), never by email. A new identity
// joins an existing user by email only when the upstream asserts the email verified (README, "Security": Social
// sign-in): if that user has not verified the address yet, the upstream's assertion is the first proof of it, and runs
// the pre-hijacking reset as a code or link sent to it would. A new identity whose email belongs to a user and that the
// upstream does not assert verified is refused (never merged, never a duplicate account). A new user gets the email as
// verified only when the upstream said so.
import type { AccountReset, UserProvider } from '@latchkey/sdk/contract';
import type { Selectable } from 'kysely';
import { dialectOf } from '../../db/dialect';
import type { Executor } from '../../db/schema';
import type { ProviderDeps } from '../../http/context';
import { ProviderError } from '../../http/errors';
import { newId } from '../../services/secrets';
import type { NewFactor } from '../../services/sessions';
import { findEmail, insertIdentifier, newUserRow } from '../../services/users';
import { markIdentifierVerified } from '../../services/verification';
import type { OAuthProvider } from './config';
import type { PendingLink } from './oauthTokens';
import type { SocialProfile } from './profiles';
import { PROVIDER_NAMES } from './providerNames';
import type { OauthRegistrationsTable } from './tables';

/** A stored social identity of a user. */
export type RegistrationRow = Selectable<OauthRegistrationsTable>;

/** Where an identity signed in: the registration, and whether the user was created for it (the signup redirect). */
export interface ResolvedIdentity {
  registration: RegistrationRow;
  isNewUser: boolean;
  /** What the pre-hijacking reset removed, when this identity was the first proof of the account's email. */
  accountReset?: AccountReset | undefined;
}

/** An identity that must not sign in: the error its token (or One Tap's answer) carries. */
export class IdentityRefused extends Error {
  constructor(readonly error: ProviderError) {
    super(error.message);
  }
}

/** The session factor a social sign-in proves: `<provider>_oauth_factor`, delivery `oauth_<provider>`. */
export function oauthFactor(row: RegistrationRow): NewFactor {
  const factor: NewFactor = { type: 'oauth', delivery_method: `oauth_${row.provider}` };
  factor[`${row.provider}_oauth_factor`] = {
    id: row.oauth_user_registration_id,
    ...(row.email_id === null ? {} : { email_id: row.email_id }),
    provider_subject: row.provider_subject,
  };
  return factor;
}

/** A registration as the user object lists it (`providers[]`). */
export function serializeRegistration(
  row: Pick<
    RegistrationRow,
    'oauth_user_registration_id' | 'provider' | 'provider_subject' | 'profile_picture_url' | 'locale'
  >,
): UserProvider {
  return {
    oauth_user_registration_id: row.oauth_user_registration_id,
    provider_subject: row.provider_subject,
    provider_type: row.provider,
    profile_picture_url: row.profile_picture_url,
    locale: row.locale,
  };
}

/** The registration of this project holding (provider, subject), if any. */
export async function findRegistration(
  db: Executor,
  projectId: string,
  provider: string,
  subject: string,
): Promise<RegistrationRow | undefined> {
  return db
    .selectFrom('oauth_registrations')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('provider', '=', provider)
    .where('provider_subject', '=', subject)
    .executeTakeFirst();
}

/**
 * A new identity whose upstream asserts verified an email that an account holds unverified (a sign-up by password,
 * or a send to the address, that nobody has proved): the assertion is the address's first proof, made without a session
 * of that account, so it runs the pre-hijacking reset (services/verification.ts, markIdentifierVerified) before the
 * identity joins the account. Until 2026-12 it was refused, and the address's owner could not sign in with the
 * upstream until she had proved the address by a code or link: a stranger's unverified sign-up with her address
 * locked her out of her first social sign-in. Locks the user's row first, as every proof of an address does
 * (services/emailTokens.ts, consumeEmailToken), and reads the address again under it: a reset that committed
 * meanwhile (its owner proving another address of the account) may have removed it.
 */
async function proveHolderEmail(
  trx: Executor,
  deps: ProviderDeps,
  options: { provider: OAuthProvider; profile: SocialProfile; holder: { user_id: string; email_id: string } },
): Promise<ResolvedIdentity> {
  const { holder } = options;
  const now = deps.clock.now();
  await trx.updateTable('users').set({ status: 'active' }).where('user_id', '=', holder.user_id).execute();
  const email = await trx
    .selectFrom('emails')
    .select('verified')
    .where('email_id', '=', holder.email_id)
    .where('user_id', '=', holder.user_id)
    .executeTakeFirst();
  if (!email) throw new IdentityRefused(new ProviderError('oauth_account_link_refused'));
  const accountReset = await markIdentifierVerified(trx, {
    userId: holder.user_id,
    kind: 'email',
    methodId: holder.email_id,
    sameUserSession: false,
    now,
    alreadyVerified: email.verified === 1,
  });
  const registration = await insertRegistration(trx, deps, {
    userId: holder.user_id,
    provider: options.provider,
    fields: registrationFields(options.profile),
    emailId: holder.email_id,
  });
  return { registration, isNewUser: false, accountReset };
}

/** Picture and locale are the upstream's to change; kept as it last said. */
const MAX_PICTURE_URL = 2048;
const trimmedPicture = (url: string) => (url.length <= MAX_PICTURE_URL && /^https?:\/\//.test(url) ? url : '');

/** What a registration row keeps of an upstream profile: its subject, picture and locale (trimmed). */
function registrationFields(profile: SocialProfile): Omit<PendingLink, 'email'> {
  return {
    provider_subject: profile.subject,
    profile_picture_url: trimmedPicture(profile.pictureUrl),
    locale: profile.locale.slice(0, 35),
  };
}

/** Adds the identity to `userId`; answers the row that holds it (this one, or a parallel winner's). */
async function insertRegistration(
  db: Executor,
  deps: ProviderDeps,
  options: {
    userId: string;
    provider: OAuthProvider;
    fields: Omit<PendingLink, 'email'>;
    emailId: string | null;
  },
): Promise<RegistrationRow> {
  const now = deps.clock.now();
  const row: RegistrationRow = {
    oauth_user_registration_id: newId('oauth-user-registration', deps.environment),
    project_id: deps.config.project.projectId,
    user_id: options.userId,
    provider: options.provider,
    provider_subject: options.fields.provider_subject,
    email_id: options.emailId,
    profile_picture_url: options.fields.profile_picture_url,
    locale: options.fields.locale,
    created_at: now,
    updated_at: now,
  };
  const inserted = await db
    .insertInto('oauth_registrations')
    .values(row)
    .onConflict((conflict) => conflict.columns(['project_id', 'provider', 'provider_subject']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) return row;
  const holder = await findRegistration(db, row.project_id, row.provider, row.provider_subject);
  if (!holder) throw new Error('OAuth registration missing after a conflicting insert');
  return holder;
}

function splitName(name: string): { first_name: string; last_name: string } {
  const trimmed = name.trim().slice(0, 256);
  const space = trimmed.lastIndexOf(' ');
  return space <= 0
    ? { first_name: trimmed, last_name: '' }
    : { first_name: trimmed.slice(0, space), last_name: trimmed.slice(space + 1) };
}

/** The refusal of an identity another user holds. */
function linkedToAnotherUser(provider: OAuthProvider): IdentityRefused {
  return new IdentityRefused(
    new ProviderError('duplicate_oauth_registration', {
      message: `This ${PROVIDER_NAMES[provider]} account is linked to another user.`,
    }),
  );
}

/**
 * An attach flow's callback, inside the caller's transaction: the identity to link to `attachUserId`, refused
 * (`duplicate_oauth_registration`) when another user holds it. Nothing is written: the link is made by `completeLink`
 * when a session of that user redeems the token. The user who asked for the attach token is not necessarily the
 * person at the upstream (a start URL carrying an attacker's attach token can be sent to anyone), so linking here
 * would join that person's identity to the attacker's account (the README's "Security": a link an attacker sends
 * signs nobody in to, and links nothing to, the attacker's account).
 */
export async function resolveAttach(
  trx: Executor,
  deps: ProviderDeps,
  options: { provider: OAuthProvider; profile: SocialProfile; attachUserId: string },
): Promise<PendingLink> {
  const { provider, profile } = options;
  const existing = await findRegistration(trx, deps.config.project.projectId, provider, profile.subject);
  if (existing && existing.user_id !== options.attachUserId) throw linkedToAnotherUser(provider);
  return { ...registrationFields(profile), email: profile.email };
}

/**
 * Links a pending identity to `userId` (the redemption of an attach flow's token by a session of that user), inside
 * the caller's transaction; answers its registration. Refused (`duplicate_oauth_registration`) when another user
 * took the identity since the callback. The registration names the user's email only when the upstream's address is
 * one of the user's own.
 */
export async function completeLink(
  trx: Executor,
  deps: ProviderDeps,
  options: { userId: string; provider: OAuthProvider; link: PendingLink },
): Promise<RegistrationRow> {
  const { userId, provider, link } = options;
  const own = link.email === null ? undefined : await findEmail(trx, deps.config.project.projectId, link.email);
  const registration = await insertRegistration(trx, deps, {
    userId,
    provider,
    fields: link,
    emailId: own?.user_id === userId ? own.email_id : null,
  });
  if (registration.user_id !== userId) throw linkedToAnotherUser(provider);
  return registration;
}

/**
 * The identity `profile` of `provider` signs in as, inside the caller's transaction: the identity's user; else the
 * user whose email the upstream asserts verified (proving it, with the pre-hijacking reset, if nobody had: see
 * proveHolderEmail); else a new user. A new identity whose email belongs to a user and that the upstream does not
 * assert verified throws IdentityRefused (`oauth_account_link_refused`). (An attach flow: `resolveAttach`.)
 */
export async function resolveIdentity(
  trx: Executor,
  deps: ProviderDeps,
  options: { provider: OAuthProvider; profile: SocialProfile },
): Promise<ResolvedIdentity> {
  const { provider, profile } = options;
  const projectId = deps.config.project.projectId;
  const label = PROVIDER_NAMES[provider];
  const existing = await findRegistration(trx, projectId, provider, profile.subject);
  if (existing) {
    // The user's row first, as every writer of the account takes it (the registration's write below bumps it through
    // its `methods_version` trigger): a pre-hijacking reset of this account holds it and then deletes the registration,
    // so the opposite order deadlocked with it on PostgreSQL (a 500 for one of the two).
    if (dialectOf(trx) === 'postgres') {
      await trx
        .selectFrom('users')
        .select('user_id')
        .where('user_id', '=', existing.user_id)
        .forNoKeyUpdate()
        .execute();
    }
    const updated = await trx
      .updateTable('oauth_registrations')
      .set({
        profile_picture_url: trimmedPicture(profile.pictureUrl),
        locale: profile.locale.slice(0, 35),
        updated_at: deps.clock.now(),
      })
      .where('oauth_user_registration_id', '=', existing.oauth_user_registration_id)
      .returningAll()
      .executeTakeFirst();
    return { registration: updated ?? existing, isNewUser: false };
  }
  if (profile.email !== null) {
    const holder = await findEmail(trx, projectId, profile.email);
    if (holder) {
      if (profile.emailVerified && holder.verified === 1) {
        const registration = await insertRegistration(trx, deps, {
          userId: holder.user_id,
          provider,
          fields: registrationFields(profile),
          emailId: holder.email_id,
        });
        return { registration, isNewUser: false };
      }
      if (profile.emailVerified) return proveHolderEmail(trx, deps, { provider, profile, holder });
      throw new IdentityRefused(
        new ProviderError('oauth_account_link_refused', {
          message: `An account with this email already exists, and ${label} does not confirm that the email is verified. Sign in to that account another way, then link ${label} from it.`,
        }),
      );
    }
  }
  const userId = newId('user', deps.environment);
  await trx
    .insertInto('users')
    .values({ ...newUserRow(userId, projectId, deps.clock.now(), 'active'), ...splitName(profile.name) })
    .execute();
  let emailId: string | null = null;
  if (profile.email !== null) {
    emailId = await insertIdentifier(
      trx,
      deps,
      userId,
      { kind: 'email', email: profile.email },
      { verified: profile.emailVerified },
    );
    // A parallel sign-up took the address between the look-up and the insert: refuse as if it had been there.
    if (emailId === null) {
      throw new IdentityRefused(new ProviderError('oauth_account_link_refused'));
    }
  }
  const registration = await insertRegistration(trx, deps, {
    userId,
    provider,
    fields: registrationFields(profile),
    emailId,
  });
  if (registration.user_id !== userId) {
    // A parallel first sign-in of the same identity won: sign in as its user, drop the one made here.
    await trx.deleteFrom('users').where('user_id', '=', userId).execute();
    return { registration, isNewUser: false };
  }
  return { registration, isNewUser: true };
}
