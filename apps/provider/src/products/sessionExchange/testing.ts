// Test support for the session-exchange tests (this folder's, its sdk.e2e.test.ts among them); the
// provider never imports it. A trusted issuer with a real key pair (its JWKS served over HTTP, or its PEM), access
// tokens written straight into `idp_tokens` (the token endpoint is products/idp/oauth2's), and the server call that
// issues impersonation tokens.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, exportSPKI, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { randomToken, sha256Hex } from '../../services/secrets';

export const ISSUER = 'https://issuer.example';
export const AUDIENCE = 'latchkey-test-audience';
export const PROFILE_ID = 'trusted-test-profile';
/** The identity-provider client the tests' access tokens are issued to. */
export const IDP_CLIENT = {
  clientId: 'exchange-test-client',
  name: 'Exchange Test',
  type: 'public' as const,
  redirectUris: ['http://localhost:5173/callback'],
  scopes: ['openid', 'email', 'full_access'],
};

export type IssuerAlgorithm = 'RS256' | 'ES256' | 'EdDSA';

/** A trusted issuer: a fresh key pair, its public key as a JWK (with kid) and as SPKI PEM, and a signer. */
export interface TestIssuer {
  alg: IssuerAlgorithm;
  kid: string;
  publicJwk: JWK;
  publicPem: string;
  /**
   * Signs `claims` (defaults: iss, aud, sub, iat = `nowMs`, exp = `nowMs` + 5 minutes; `undefined` removes one) with
   * this issuer's key, or with `signWith` (another issuer's key under this kid, for a bad signature).
   */
  sign(claims: Record<string, unknown>, options: { nowMs: number; signWith?: TestIssuer }): Promise<string>;
}

export async function createTestIssuer(alg: IssuerAlgorithm = 'RS256'): Promise<TestIssuer> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const kid = `kid-${randomUUID()}`;
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' };
  const issuer: TestIssuer & { privateKey: typeof privateKey } = {
    alg,
    kid,
    publicJwk,
    publicPem: await exportSPKI(publicKey),
    privateKey,
    async sign(claims, options) {
      const seconds = Math.floor(options.nowMs / 1000);
      const payload: Record<string, unknown> = {
        iss: ISSUER,
        aud: AUDIENCE,
        sub: 'issuer-subject-1',
        iat: seconds,
        exp: seconds + 300,
        ...claims,
      };
      for (const [name, value] of Object.entries(payload)) if (value === undefined) delete payload[name];
      const signer = (options.signWith ?? issuer) as TestIssuer & { privateKey: typeof privateKey };
      return new SignJWT(payload as JWTPayload).setProtectedHeader({ alg, kid, typ: 'JWT' }).sign(signer.privateKey);
    },
  };
  return issuer;
}

/** A JWKS endpoint on 127.0.0.1: serves `keys` (changeable) and counts requests. */
export interface JwksServer {
  url: string;
  keys: JWK[];
  requests: number;
  close(): Promise<void>;
}

export async function serveJwks(keys: JWK[]): Promise<JwksServer> {
  const state = { keys, requests: 0 };
  const server = createServer((_request, response) => {
    state.requests += 1;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ keys: state.keys }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    get keys() {
      return state.keys;
    },
    set keys(value) {
      state.keys = value;
    },
    get requests() {
      return state.requests;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * Writes an access token of the identity provider into `idp_tokens`, as the token endpoint would, and returns the
 * token. Lives an hour from `now` unless `expiresAt` says otherwise.
 */
export async function insertAccessToken(
  db: Kysely<Database>,
  options: {
    projectId: string;
    userId: string;
    now: number;
    scopes: string;
    clientId?: string;
    kind?: 'access' | 'refresh';
    expiresAt?: number;
    revokedAt?: number | null;
  },
): Promise<string> {
  const token = randomToken(32);
  await db
    .insertInto('idp_tokens')
    .values({
      token_id: `idp-token-${randomUUID()}`,
      project_id: options.projectId,
      token_hash: sha256Hex(token),
      kind: options.kind ?? 'access',
      family_id: `family-${randomUUID()}`,
      client_id: options.clientId ?? IDP_CLIENT.clientId,
      user_id: options.userId,
      session_id: null,
      scopes: options.scopes,
      auth_time: options.now,
      created_at: options.now,
      expires_at: options.expiresAt ?? options.now + 60 * 60_000,
      consumed_at: null,
      revoked_at: options.revokedAt ?? null,
    })
    .execute();
  return token;
}

/** `Authorization` for a server call: Basic with the project id and the secret key. */
export function secretKeyAuthorization(projectId: string, secretKey: string): string {
  return `Basic ${Buffer.from(`${projectId}:${secretKey}`).toString('base64')}`;
}

/** Gives `userId` a verified authenticator app (its secret is never used: only its presence matters to MFA). */
export async function addVerifiedTotp(db: Kysely<Database>, projectId: string, userId: string, now: number) {
  await db
    .insertInto('totps')
    .values({
      totp_id: `totp-test-${randomUUID()}`,
      project_id: projectId,
      user_id: userId,
      secret_ciphertext: 'v1.unused',
      verified: 1,
      last_time_step: null,
      expires_at: now,
      created_at: now,
    })
    .execute();
}
