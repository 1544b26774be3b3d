// The identity provider's kind of signing key (its descriptor's `signingKeys`): the ID tokens' RS256 keys, kept in
// `idp_signing_keys` by the core's key store (services/signingKeys.ts) beside the session keys. Data only: the
// descriptor imports it, so it imports nothing that imports the core back.
import type { KeyKind } from '../descriptor';

/** The ID tokens' keys. A superseded one stays published an access token's lifetime (`idp.accessTokenMinutes`). */
export const ID_TOKEN_KEYS: KeyKind = {
  name: 'id_token',
  table: 'idp_signing_keys',
  alg: 'RS256',
  kidPrefix: 'idp-',
  algColumn: true,
  tokenLifetimeMs: (config) => (config.project.idp as { accessTokenMinutes: number }).accessTokenMinutes * 60_000,
};
