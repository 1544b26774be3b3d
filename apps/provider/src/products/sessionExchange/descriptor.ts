import { deleteInBatches, expired, type Query, type RuleContext } from '../../ops/purgeRules';
import type { ProductDescriptor } from '../descriptor';
import { checkSessionExchangeConfig, sessionExchangeProjectConfig } from './config';
import { sessionExchangeErrors } from './errors';
import { exchangedSessionStands } from './exchangedSessions';
import { sessionExchangeMigrations } from './migrations';
// Its tables' rows, merged into the core's Database (a type-only import: the declarations are all it needs).
import type {} from './tables';

/**
 * The impersonation tokens the purge deletes. One never redeemed goes 5 minutes after its expiry, like every
 * single-use row. A redeemed one is the record of who impersonated whom, when and why (`impersonator_id`, `user_id`,
 * `consumed_at`, `reason`): it stays `purge.authFailuresDays` after its use, the retention of the provider's other
 * audit trail (`auth_failures`), and never less than 5 minutes past its expiry. Nothing in it needs erasing before
 * then: `token_hash` is the SHA-256 of 256 random bits already used up (a used token is refused whether its row is
 * there or not), so it neither opens a session nor can be turned back into the token.
 */
function purgeImpersonationTokens(context: RuleContext): Promise<number> {
  const recordKeptUntil = context.now - context.retention.authFailuresMs;
  return deleteInBatches(context, 'impersonation_tokens', 'token_hash', (query: Query) =>
    query
      .where('t.expires_at', '<=', expired(context))
      .where((eb: Query) => eb.or([eb('t.consumed_at', 'is', null), eb('t.consumed_at', '<=', recordKeptUntil)])),
  );
}

/**
 * Sessions from other credentials: the purge deletes expired impersonation tokens, and redeemed ones once their
 * record's retention has passed (the sessions exchanged are ordinary sessions, which the pre-hijacking reset revokes
 * with the others).
 */
export const sessionExchangeDescriptor = {
  key: 'sessionExchange',
  signInRoutes: {
    'POST /sdk/v1/sessions/exchange_access_token': 'access_token_exchange',
    'POST /sdk/v1/sessions/attest': 'trusted_token',
    'POST /sdk/v1/impersonation/authenticate': 'impersonation',
  },
  tables: ['impersonation_tokens'],
  migrations: sessionExchangeMigrations,
  purge: [{ table: 'impersonation_tokens', run: purgeImpersonationTokens }],
  errors: sessionExchangeErrors,
  config: { project: sessionExchangeProjectConfig, check: checkSessionExchangeConfig },
  sessionStands: exchangedSessionStands,
  // A password change (someone else may have held the old one) ends the user's impersonation tokens not redeemed yet:
  // one leaked before the change would open a session after it. A redemption in flight holds its token's row, so the
  // delete waits for it; the session it started is then revoked with the user's other sessions. Redeemed tokens stay:
  // they are the record of who impersonated the user.
  afterCredentialChange: async (trx, userId) => {
    await trx
      .deleteFrom('impersonation_tokens')
      .where('user_id', '=', userId)
      .where('consumed_at', 'is', null)
      .execute();
  },
} satisfies ProductDescriptor;
