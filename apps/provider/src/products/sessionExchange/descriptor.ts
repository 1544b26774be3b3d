import { expired, olderThan } from '../../ops/purgeRules';
import type { ProductDescriptor } from '../descriptor';
import { checkSessionExchangeConfig, sessionExchangeProjectConfig } from './config';
import { sessionExchangeErrors } from './errors';
import { sessionExchangeMigrations } from './migrations';
// Its tables' rows, merged into the core's Database (a type-only import: the declarations are all it needs).
import type {} from './tables';

/**
 * Sessions from other credentials: the purge deletes expired impersonation tokens (the sessions exchanged are
 * ordinary sessions, which the pre-hijacking reset revokes with the others).
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
  purge: [
    { table: 'impersonation_tokens', run: olderThan('impersonation_tokens', 'token_hash', 'expires_at', expired) },
  ],
  errors: sessionExchangeErrors,
  config: { project: sessionExchangeProjectConfig, check: checkSessionExchangeConfig },
} satisfies ProductDescriptor;
