import { type SqlBool, sql } from 'kysely';
import { deleteInBatches, expired, type Query } from '../../ops/purgeRules';
import type { ProductDescriptor } from '../descriptor';
import { changed } from '../descriptorHelpers';
import { checkIdpConfig, idpProjectConfig } from './config';
import { idpErrors } from './errors';
import { idpMigrations } from './migrations';
import { revokeTokens } from './oauth2/tokenStore';
import { ID_TOKEN_KEYS } from './signingKeys';
import { replaceSubject } from './subjects';
// Its tables' rows, merged into the core's Database (a type-only import: the declarations are all it needs).
import type {} from './tables';

/**
 * The sessions exchanged from access tokens (`sessions/exchange_access_token`) that may still be live at `cutoff`: not
 * revoked, not expired before it. Such a session outlives its token by up to `idp.exchangedSessionMinutes`, and
 * revoking the token or its family finds it only through the token's row (oauth2/tokenStore.ts): the row must stay
 * while the session may live. The sessions themselves are asked, not the configuration, so a changed
 * `exchangedSessionMinutes` keeps the sessions exchanged before the change covered. An expired session can no longer
 * be refreshed, so one found ended stays ended.
 */
function exchangedSessions(eb: Query, cutoff: number): Query {
  return eb
    .selectFrom('sessions as s')
    .select('s.session_id')
    .where('s.exchanged_token_id', 'is not', null)
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', cutoff);
}

/**
 * Does the family (the tokens of one authorization code) `familyColumn` names still matter at `cutoff`: has it a live
 * token, or a token some session was exchanged from that may still be live? Either way its replayed code, a reused
 * refresh token or a revocation must still find every token row of it (and revoke those sessions with it).
 */
function familyMatters(eb: Query, familyColumn: string, cutoff: number): Query {
  return eb.or([
    eb.exists(
      eb
        .selectFrom('idp_tokens as live')
        .select('live.token_id')
        .whereRef('live.family_id', '=', familyColumn)
        .where('live.expires_at', '>', cutoff)
        .where('live.revoked_at', 'is', null),
    ),
    eb.exists(
      exchangedSessions(eb, cutoff)
        .innerJoin('idp_tokens as exchanged', 'exchanged.token_id', 's.exchanged_token_id')
        .whereRef('exchanged.family_id', '=', familyColumn),
    ),
  ]);
}

/**
 * The identity provider. The pre-hijacking reset removes the consents (grants), revokes the access and refresh tokens
 * (refresh tokens keep minting otherwise) and deletes the codes not yet redeemed: the answer's `connected_apps`. The
 * purge deletes an expired access token on its own (nothing detects its replay), every token of a grant (family) once
 * none of them is live, rotated refresh tokens included, and authorization codes past their expiry once no token
 * issued from them lives (a replay revokes those): tokens before the codes they descend from. None of these goes while
 * a session exchanged from a token of the family may be live: revoking the family (or the token) must end that
 * session, and finds it only through the token rows.
 */
export const idpDescriptor = {
  key: 'idp',
  tables: ['idp_grants', 'idp_authorization_codes', 'idp_tokens', 'idp_signing_keys', 'idp_subjects'],
  migrations: idpMigrations,
  accountReset: [
    {
      stage: 'grant',
      item: 'connected_apps',
      holds: (eb, userId) => [
        eb.exists(eb.selectFrom('idp_grants').select('user_id').where('user_id', '=', userId)),
        eb.exists(
          eb.selectFrom('idp_tokens').select('user_id').where('user_id', '=', userId).where('revoked_at', 'is', null),
        ),
        eb.exists(
          eb
            .selectFrom('idp_authorization_codes')
            .select('user_id')
            .where('user_id', '=', userId)
            .where('consumed_at', 'is', null),
        ),
      ],
      run: async (trx, userId, now) => {
        const grants = await trx.deleteFrom('idp_grants').where('user_id', '=', userId).executeTakeFirst();
        // The codes before the tokens: a redemption in flight then commits its tokens before they are revoked below.
        const codes = await trx
          .deleteFrom('idp_authorization_codes')
          .where('user_id', '=', userId)
          .where('consumed_at', 'is', null)
          .executeTakeFirst();
        const tokens = await trx
          .updateTable('idp_tokens')
          .set({ revoked_at: now })
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', now)
          .executeTakeFirst();
        // Expired tokens are revoked too, without being worth a mention, and so is the successor of a refresh-token
        // rotation that was in flight (revokeTokens repeats until nothing is left; oauth2/tokenStore.ts).
        await revokeTokens(trx, now, (eb) => eb('user_id', '=', userId));
        return changed(grants) + changed(tokens) + changed(codes);
      },
    },
    {
      // A new subject whenever the reset runs, whether or not a grant is left: a relying party keeps the account it
      // set up under the old subject after its grant was revoked, and may have let whoever held the account before
      // in by other means since (OpenID Connect Core §5.7: `sub` is what it keys the account on). The owner is a new
      // End-User for every relying party; the old subject is never given to anyone again (./subjects.ts). Nothing
      // to tell: `connected_apps` says the apps were disconnected.
      stage: 'grant',
      // A subject given to a relying party (recorded with the first grant, ./subjects.ts recordSubject) is enough for
      // the reset to run, even once the grant is gone.
      holds: (eb, userId) => [eb.exists(eb.selectFrom('idp_subjects').select('user_id').where('user_id', '=', userId))],
      run: async (trx, userId, now) => {
        await replaceSubject(trx, userId, now);
        return 0;
      },
    },
  ],
  // A password change (someone else may have held the old one) revokes the tokens that can start a session without it:
  // `full_access` ones, which sessions/exchange_access_token turns into sessions, a refresh token renewing them for as
  // long as it is used. Other tokens only read what their scopes show, and stay. The password change revokes the
  // sessions after this, exchanged ones among them.
  // An unredeemed `full_access` code goes first, as in the account reset above: whoever held the old password could
  // have asked for one just before the change and redeemed it after (within the code's lifetime); a redemption in
  // flight holds the code's row, so the delete waits for it and the revocation below then sees its tokens.
  afterCredentialChange: async (trx, userId, now) => {
    const grantsFullAccess = sql<SqlBool>`' ' || ${sql.ref('scopes')} || ' ' like '% full_access %'`;
    await trx
      .deleteFrom('idp_authorization_codes')
      .where('user_id', '=', userId)
      .where('consumed_at', 'is', null)
      .where(grantsFullAccess)
      .execute();
    await revokeTokens(trx, now, (eb) => eb.and([eb('user_id', '=', userId), grantsFullAccess]));
  },
  purge: [
    {
      table: 'idp_tokens',
      run: async (context) => {
        const cutoff = expired(context);
        const accessTokens = await deleteInBatches(context, 'idp_tokens', 'token_id', (query) =>
          query
            .where('t.kind', '=', 'access')
            .where('t.expires_at', '<=', cutoff)
            .where((eb: Query) =>
              eb.not(eb.exists(exchangedSessions(eb, cutoff).whereRef('s.exchanged_token_id', '=', 't.token_id'))),
            ),
        );
        const families = await deleteInBatches(context, 'idp_tokens', 'token_id', (query) =>
          query.where((eb: Query) => eb.not(familyMatters(eb, 't.family_id', cutoff))),
        );
        return accessTokens + families;
      },
    },
    {
      table: 'idp_authorization_codes',
      run: (context) => {
        const cutoff = expired(context);
        return deleteInBatches(context, 'idp_authorization_codes', 'code_id', (query) =>
          query
            .where('t.expires_at', '<=', cutoff)
            .where((eb: Query) => eb.not(familyMatters(eb, 't.code_id', cutoff))),
        );
      },
    },
  ],
  signingKeys: [ID_TOKEN_KEYS],
  // The standard OAuth 2.1 / OpenID Connect endpoints (discovery, JWKS, token, userinfo, revocation): relying parties
  // may be browsers on any origin (oauth2/routes.ts), and the token, userinfo and revocation calls take bodies.
  http: {
    openCorsPaths: ['/oauth2/*', '/.well-known/openid-configuration', '/.well-known/oauth-authorization-server'],
    limitedBodies: ['/oauth2/*'],
  },
  errors: idpErrors,
  config: { project: idpProjectConfig, check: checkIdpConfig },
} satisfies ProductDescriptor;
