import { deleteInBatches, expired, type Query } from '../../ops/purgeRules';
import type { ProductDescriptor } from '../descriptor';
import { changed } from '../descriptorHelpers';
import { checkIdpConfig, idpProjectConfig } from './config';
import { idpErrors } from './errors';
import { idpMigrations } from './migrations';
import { ID_TOKEN_KEYS } from './signingKeys';
// Its tables' rows, merged into the core's Database (a type-only import: the declarations are all it needs).
import type {} from './tables';

/**
 * The identity provider. The pre-hijacking reset removes the consents (grants), revokes the access and refresh tokens
 * (refresh tokens keep minting otherwise) and deletes the codes not yet redeemed: the answer's `connected_apps`. The
 * purge deletes an expired access token on its own (nothing detects its replay), every token of a grant (family) once
 * none of them is live, rotated refresh tokens included, and authorization codes past their expiry once no token
 * issued from them lives (a replay revokes those): tokens before the codes they descend from.
 */
export const idpDescriptor = {
  key: 'idp',
  tables: ['idp_grants', 'idp_authorization_codes', 'idp_tokens', 'idp_signing_keys'],
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
        const tokens = await trx
          .updateTable('idp_tokens')
          .set({ revoked_at: now })
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', now)
          .executeTakeFirst();
        const codes = await trx
          .deleteFrom('idp_authorization_codes')
          .where('user_id', '=', userId)
          .where('consumed_at', 'is', null)
          .executeTakeFirst();
        // Expired tokens are revoked too, without being worth a mention.
        await trx
          .updateTable('idp_tokens')
          .set({ revoked_at: now })
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .execute();
        return changed(grants) + changed(tokens) + changed(codes);
      },
    },
  ],
  purge: [
    {
      table: 'idp_tokens',
      run: async (context) => {
        const cutoff = expired(context);
        const accessTokens = await deleteInBatches(context, 'idp_tokens', 'token_id', (query) =>
          query.where('t.kind', '=', 'access').where('t.expires_at', '<=', cutoff),
        );
        const families = await deleteInBatches(context, 'idp_tokens', 'token_id', (query) =>
          query.where((eb: Query) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('idp_tokens as live')
                  .select('live.token_id')
                  .whereRef('live.family_id', '=', 't.family_id')
                  .where('live.expires_at', '>', cutoff)
                  .where('live.revoked_at', 'is', null),
              ),
            ),
          ),
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
            .where((eb: Query) =>
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('idp_tokens as live')
                    .select('live.token_id')
                    .whereRef('live.family_id', '=', 't.code_id')
                    .where('live.expires_at', '>', cutoff)
                    .where('live.revoked_at', 'is', null),
                ),
              ),
            ),
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
