// Shared by the tests of this folder (imported by *.test.ts only; it imports nothing of test/, which the production
// typecheck does not cover): a project with identity-provider clients and an RBAC policy whose scopes need
// permissions, and the bodies the widget sends.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ProviderConfigInput } from '../../../config';
import type { Database } from '../../../db/schema';

export const SPA_CALLBACK = 'https://app.example.com/callback';
/** A registered redirect URI with a query of its own, which the answer keeps. */
export const TENANT_CALLBACK = 'https://app.example.com/cb?tenant=acme';
export const SERVER_CALLBACK = 'https://server.example.com/oauth/callback';
export const SPA_LOGGED_OUT = 'https://app.example.com/logged-out';
export const ISSUER = 'https://auth.example.com';

/** Every standard scope and the policy's custom ones. */
export const ALL_SCOPES = [
  'openid',
  'profile',
  'email',
  'phone',
  'offline_access',
  'full_access',
  'read:documents',
  'delete:documents',
  'read:notes',
  'plain',
];

export const IDP_CONFIG = {
  publicUrl: ISSUER,
  project: {
    rbacPolicy: {
      roles: [
        // Every user holds stytch_user without it being in their roles.
        { role_id: 'stytch_user', permissions: [{ resource_id: 'notes', actions: ['read'] }] },
        { role_id: 'editor', permissions: [{ resource_id: 'documents', actions: ['read', 'write'] }] },
        { role_id: 'admin', permissions: [{ resource_id: 'documents', actions: ['*'] }] },
      ],
      resources: [
        { resource_id: 'documents', actions: ['read', 'write', 'delete'] },
        { resource_id: 'notes', actions: ['read'] },
      ],
      scopes: [
        {
          scope: 'read:documents',
          description: 'Read your documents',
          permissions: [{ resource_id: 'documents', actions: ['read'] }],
        },
        {
          scope: 'delete:documents',
          description: 'Delete your documents',
          permissions: [{ resource_id: 'documents', actions: ['read', 'delete'] }],
        },
        {
          scope: 'read:notes',
          description: 'Read your notes',
          permissions: [{ resource_id: 'notes', actions: ['read'] }],
        },
        { scope: 'plain', description: 'A scope without permissions' },
      ],
    },
    idp: {
      clients: [
        {
          clientId: 'spa',
          name: 'Spa',
          description: 'A browser app',
          logoUrl: 'https://app.example.com/logo.png',
          policyUri: 'https://app.example.com/privacy',
          tosUri: 'https://app.example.com/terms',
          type: 'public' as const,
          redirectUris: [SPA_CALLBACK, TENANT_CALLBACK],
          postLogoutRedirectUris: [SPA_LOGGED_OUT, 'https://app.example.com/bye?tenant=acme'],
          scopes: ALL_SCOPES,
        },
        {
          clientId: 'server',
          name: 'Server',
          type: 'confidential' as const,
          clientSecretEnv: 'LATCHKEY_TEST_IDP_SERVER_SECRET',
          redirectUris: [SERVER_CALLBACK],
          scopes: ['openid', 'email', 'profile'],
        },
        {
          clientId: 'first-party',
          name: 'First Party',
          type: 'confidential' as const,
          clientSecretEnv: 'LATCHKEY_TEST_IDP_FIRST_PARTY_SECRET',
          redirectUris: ['https://first.example.com/callback'],
          scopes: ['openid', 'email', 'profile', 'read:documents'],
          consentRequired: false,
        },
      ],
    },
  },
} satisfies ProviderConfigInput;

/** The SPA client as the answers describe it (`client`, and `error_details.client` of a no-session refusal). */
export const SPA_CLIENT = {
  client_id: 'spa',
  client_type: 'public',
  client_name: 'Spa',
  client_description: 'A browser app',
  client_logo_url: 'https://app.example.com/logo.png',
  client_policy_uri: 'https://app.example.com/privacy',
  client_tos_uri: 'https://app.example.com/terms',
};

/** A PKCE pair (RFC 7636 §4.1, §4.2): the verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The body `parseOAuthAuthorizeParams` builds for the SPA client, with `overrides`. */
export function authorizeBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    client_id: 'spa',
    redirect_uri: SPA_CALLBACK,
    response_type: 'code',
    scopes: ['openid', 'email', 'profile'],
    code_challenge: pkcePair().challenge,
    state: 'state-123',
    nonce: 'nonce-456',
    ...overrides,
  };
}

/** Sets the user's roles (the implicit stytch_user is never stored). */
export async function setRoles(db: Kysely<Database>, userId: string, roles: string[]): Promise<void> {
  await db
    .updateTable('users')
    .set({ roles: JSON.stringify(roles) })
    .where('user_id', '=', userId)
    .execute();
}

/** Every row of the identity-provider tables this folder writes. */
export async function idpRows(db: Kysely<Database>) {
  return {
    grants: await db.selectFrom('idp_grants').selectAll().orderBy('grant_id').execute(),
    codes: await db.selectFrom('idp_authorization_codes').selectAll().orderBy('code_id').execute(),
  };
}
