// The token an app redeems with `oauth/authenticate` after the redirect back (`?stytch_token_type=oauth&token=…`):
// 256 random bits, stored as its SHA-256 only, single use, 10 minutes, bound to the PKCE challenge of the flow. An
// "error token" carries a refusal instead of a user, so every failure of the flow reaches the app by the one path.
import type { AccountReset, OAuthProviderValues } from '@latchkey/sdk/contract';
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/schema';
import type { ProviderDeps } from '../../http/context';
import type { ErrorType } from '../../http/errors';
import { newId, randomToken, sha256Hex } from '../../services/secrets';
import { encryptProviderValues } from './flowSecrets';
import type { RegistrationRow } from './identities';
import type { OauthTokensTable } from './tables';

/** A stored oauth token. */
export type SocialTokenRow = Selectable<OauthTokensTable>;

/** How long the app has to redeem the token: 10 minutes. */
export const OAUTH_TOKEN_LIFETIME_MS = 10 * 60_000;

/**
 * The identity an attach flow links to its user once a session of that user redeems the token: what the registration
 * row will hold, and the email the upstream named (looked up at the redemption: the user's own address, if it is one).
 */
export interface PendingLink {
  provider_subject: string;
  email: string | null;
  profile_picture_url: string;
  locale: string;
}

/** What a token is issued for: a signed-in identity, an identity to link to `userId`, or a refusal. */
export type TokenContent =
  | {
      kind: 'identity';
      registration: RegistrationRow;
      providerValues: OAuthProviderValues;
      /** What the pre-hijacking reset removed at the callback (identities.ts), for the answer's `account_reset`. */
      accountReset?: AccountReset | undefined;
    }
  | { kind: 'link'; userId: string; link: PendingLink; providerValues: OAuthProviderValues }
  | { kind: 'error'; errorType: ErrorType; message: string };

/** Issues a token (in the caller's transaction, if any) and answers its value. */
export async function issueSocialToken(
  db: Executor,
  deps: ProviderDeps,
  options: { provider: string; codeChallenge: string | null; content: TokenContent },
): Promise<string> {
  const token = randomToken(32);
  const now = deps.clock.now();
  const tokenId = newId('oauth-token', deps.environment);
  const { content } = options;
  await db
    .deleteFrom('oauth_tokens')
    .where('expires_at', '<=', now - OAUTH_TOKEN_LIFETIME_MS)
    .execute();
  await db
    .insertInto('oauth_tokens')
    .values({
      token_id: tokenId,
      project_id: deps.config.project.projectId,
      token_hash: sha256Hex(token),
      provider: options.provider,
      user_id:
        content.kind === 'identity' ? content.registration.user_id : content.kind === 'link' ? content.userId : null,
      oauth_user_registration_id: content.kind === 'identity' ? content.registration.oauth_user_registration_id : null,
      code_challenge: options.codeChallenge,
      provider_values:
        content.kind === 'error' ? null : encryptProviderValues(deps.encryptionKey, tokenId, content.providerValues),
      pending_link: content.kind === 'link' ? JSON.stringify(content.link) : null,
      account_reset:
        content.kind === 'identity' && content.accountReset !== undefined ? JSON.stringify(content.accountReset) : null,
      error_type: content.kind === 'error' ? content.errorType : null,
      error_message: content.kind === 'error' ? content.message : null,
      created_at: now,
      expires_at: now + OAUTH_TOKEN_LIFETIME_MS,
      consumed_at: null,
    })
    .execute();
  return token;
}

/** The live (unused, unexpired) token with this value, if any. */
export async function findLiveSocialToken(deps: ProviderDeps, token: string): Promise<SocialTokenRow | undefined> {
  return deps.db
    .selectFrom('oauth_tokens')
    .selectAll()
    .where('project_id', '=', deps.config.project.projectId)
    .where('token_hash', '=', sha256Hex(token))
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', deps.clock.now())
    .executeTakeFirst();
}

/**
 * Uses a token up: one conditional UPDATE that changes its row only while it is unused and unexpired (and drops the
 * encrypted provider values, which are handed out once), so of any number of parallel redemptions exactly one wins.
 */
export async function consumeSocialToken(db: Executor, tokenId: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('oauth_tokens')
    .set({ consumed_at: now, provider_values: null })
    .where('token_id', '=', tokenId)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The redirect URL with `stytch_token_type=oauth&token=…` added (its own query kept). */
export function oauthRedirect(redirectUrl: string, token: string): string {
  const url = new URL(redirectUrl);
  url.searchParams.set('stytch_token_type', 'oauth');
  url.searchParams.set('token', token);
  return url.toString();
}
