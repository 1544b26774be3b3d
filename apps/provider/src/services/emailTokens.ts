import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, EmailsTable, EmailTokensTable } from '../db/schema';
import type { ProviderDeps } from '../http/context';
import { ProviderError } from '../http/errors';
import { newId, pkceMatches, randomToken, sha256Hex } from './secrets';

type Executor = Kysely<Database> | Transaction<Database>;
type EmailTokenKind = EmailTokensTable['kind'];

/**
 * Stores a new single-use email token (magic link or password reset) and returns the token itself, which
 * goes only into the email: the database keeps its SHA-256 and the PKCE challenge its redemption must answer.
 */
export async function createEmailToken(
  deps: ProviderDeps,
  options: {
    kind: EmailTokenKind;
    userId: string;
    emailId: string;
    codeChallenge: string | null;
    expirationMinutes: number;
  },
): Promise<string> {
  const now = deps.clock.now();
  const token = randomToken(32);
  await deps.db
    .insertInto('email_tokens')
    .values({
      token_id: newId(options.kind === 'magic_link' ? 'magic-link' : 'password-reset', deps.environment),
      project_id: deps.config.project.projectId,
      kind: options.kind,
      token_hash: sha256Hex(token),
      user_id: options.userId,
      email_id: options.emailId,
      code_challenge: options.codeChallenge,
      expires_at: now + options.expirationMinutes * 60_000,
      consumed_at: null,
      created_at: now,
    })
    .execute();
  return token;
}

/**
 * The live token of one of `kinds` with this value, and the email it was sent to; else `unable_to_auth_magic_link`.
 * A token of another kind never matches, so a log-in link can never set a password.
 * A missing or wrong PKCE verifier is `pkce_mismatch` and leaves the token usable: the SDK retries with
 * its other stored verifier (contract §4).
 */
export async function findRedeemableEmailToken(
  deps: ProviderDeps,
  options: { token: string; kinds: EmailTokenKind[]; codeVerifier: string | undefined },
): Promise<{ token: Selectable<EmailTokensTable>; email: Selectable<EmailsTable> }> {
  const token = await deps.db
    .selectFrom('email_tokens')
    .selectAll()
    .where('project_id', '=', deps.config.project.projectId)
    .where('token_hash', '=', sha256Hex(options.token))
    .where('kind', 'in', options.kinds)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', deps.clock.now())
    .executeTakeFirst();
  if (!token) throw new ProviderError('unable_to_auth_magic_link');
  if (token.code_challenge !== null) {
    if (options.codeVerifier === undefined || !pkceMatches(token.code_challenge, options.codeVerifier)) {
      throw new ProviderError('pkce_mismatch');
    }
  }
  const email = await deps.db
    .selectFrom('emails')
    .selectAll()
    .where('email_id', '=', token.email_id)
    .where('user_id', '=', token.user_id)
    .executeTakeFirst();
  if (!email) throw new ProviderError('unable_to_auth_magic_link');
  return { token, email };
}

/**
 * Consumes the token in the caller's transaction (exactly one row must change, else another request won
 * the race: `unable_to_auth_magic_link`), and records what opening the email proved: the address is
 * verified and the user active.
 */
export async function consumeEmailToken(
  trx: Executor,
  redeemed: { token: Selectable<EmailTokensTable>; email: Selectable<EmailsTable> },
  now: number,
): Promise<void> {
  const consumed = await trx
    .updateTable('email_tokens')
    .set({ consumed_at: now })
    .where('token_id', '=', redeemed.token.token_id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  if (Number(consumed.numUpdatedRows) !== 1) throw new ProviderError('unable_to_auth_magic_link');
  await trx.updateTable('emails').set({ verified: 1 }).where('email_id', '=', redeemed.email.email_id).execute();
  await trx.updateTable('users').set({ status: 'active' }).where('user_id', '=', redeemed.token.user_id).execute();
}
