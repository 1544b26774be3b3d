import type { ProviderConfig } from '../../config';
import { digestsEqual, sha256Hex } from '../../services/secrets';
import type { IdpClientConfig } from './config';

/** The issuer of the project's ID tokens and authorization responses (RFC 9207 `iss`): the provider's public URL. */
export function idpIssuer(config: ProviderConfig): string {
  return config.publicUrl;
}

/** The configured client with this id, if any. */
export function findIdpClient(config: ProviderConfig, clientId: string): IdpClientConfig | undefined {
  return config.project.idp.clients.find((client) => client.clientId === clientId);
}

// SHA-256 of each confidential client's secret, read from its environment variable once; the secret itself is not kept.
const secretHashes = new WeakMap<IdpClientConfig, string | null>();

function secretHash(client: IdpClientConfig): string | null {
  let hash = secretHashes.get(client);
  if (hash === undefined) {
    const secret = client.clientSecretEnv === undefined ? undefined : process.env[client.clientSecretEnv];
    hash = secret ? sha256Hex(secret) : null;
    secretHashes.set(client, hash);
  }
  return hash;
}

/**
 * Whether `secret` is the confidential client's secret (RFC 6749 §2.3.1), compared as SHA-256 digests in constant
 * time. A confidential client whose environment variable is unset accepts no secret.
 */
export function clientSecretMatches(client: IdpClientConfig, secret: string): boolean {
  const expected = secretHash(client);
  return expected !== null && digestsEqual(sha256Hex(secret), expected);
}
