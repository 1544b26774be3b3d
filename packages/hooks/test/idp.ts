// Shared by the identity-provider hooks' tests: a provider with OAuth clients and an RBAC policy, a signed-in user,
// roles given to that user, and the authorize and logout query strings of those clients.
import { startTestEnvironment, type TestEnvironment, type TestEnvironmentSetup } from '@latchkey/testing';

type ProviderConfigInput = NonNullable<TestEnvironmentSetup['config']>;

export const EMAIL = 'ada@example.com';
export const CALLBACK = 'http://localhost:5174/callback';
export const SIGNED_OUT = 'http://localhost:5174/signed-out';
/** RFC 7636 Appendix B's S256 challenge (public clients must send one). */
export const CODE_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
export const CODE_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';

/**
 * `notes` asks for consent and may request two custom scopes of the policy; `dashboard` is first-party (no
 * consent). Roles: `editor` reads and writes notes, `admin` holds `*` on notes and billing.
 */
export const IDP_CONFIG = {
  project: {
    idp: {
      clients: [
        {
          clientId: 'notes',
          name: 'Notes',
          description: 'A notes app',
          logoUrl: 'https://notes.example.com/logo.png',
          policyUri: 'https://notes.example.com/privacy',
          tosUri: 'https://notes.example.com/terms',
          type: 'public',
          redirectUris: [CALLBACK],
          postLogoutRedirectUris: [SIGNED_OUT],
          scopes: ['openid', 'email', 'profile', 'phone', 'offline_access', 'read:notes', 'delete:notes'],
          consentRequired: true,
        },
        {
          clientId: 'dashboard',
          name: 'Dashboard',
          type: 'public',
          redirectUris: [CALLBACK],
          postLogoutRedirectUris: [SIGNED_OUT],
          scopes: ['openid', 'email', 'profile'],
          consentRequired: false,
        },
      ],
    },
    rbacPolicy: {
      roles: [
        { role_id: 'editor', permissions: [{ resource_id: 'notes', actions: ['read', 'write'] }] },
        {
          role_id: 'admin',
          permissions: [
            { resource_id: 'notes', actions: ['*'] },
            { resource_id: 'billing', actions: ['*'] },
          ],
        },
      ],
      resources: [
        { resource_id: 'notes', actions: ['read', 'write', 'delete'] },
        { resource_id: 'billing', actions: ['view', 'pay'] },
      ],
      scopes: [
        {
          scope: 'read:notes',
          description: 'Read your notes',
          permissions: [{ resource_id: 'notes', actions: ['read'] }],
        },
        {
          scope: 'delete:notes',
          description: 'Delete your notes',
          permissions: [{ resource_id: 'notes', actions: ['delete'] }],
        },
      ],
    },
  },
} satisfies ProviderConfigInput;

/** A provider configured with `IDP_CONFIG` (or `config`) and a client wired to it, nobody signed in. */
export function idpEnvironment(config: ProviderConfigInput = IDP_CONFIG): Promise<TestEnvironment> {
  return startTestEnvironment({ config });
}

/** Signs `email` in by an emailed passcode; answers the user id. */
export async function signIn(env: TestEnvironment, email = EMAIL): Promise<string> {
  const { method_id } = await env.client.otps.email.loginOrCreate(email, { expiration_minutes: 5 });
  const answer = await env.client.otps.authenticate(await env.lastCode(email), method_id, {
    session_duration_minutes: 30,
  });
  return answer.user_id;
}

/**
 * Gives the user `roles`. The provider has no route for it (roles are the project's business), so they are written
 * to the users table's `roles` column, then the client reads the user again (as a refresh would).
 */
export async function setRoles(env: TestEnvironment, userId: string, roles: string[]): Promise<void> {
  await env.provider.database.db
    .updateTable('users')
    .set({ roles: JSON.stringify(roles) })
    .where('user_id', '=', userId)
    .execute();
  await env.client.user.get();
}

/** The authorize query string of the `notes` client (`?client_id=notes&…`), with `overrides` (null drops one). */
export function authorizeSearch(overrides: Record<string, string | null> = {}): string {
  const values: Record<string, string | null> = {
    client_id: 'notes',
    redirect_uri: CALLBACK,
    response_type: 'code',
    scope: 'openid email profile',
    code_challenge: CODE_CHALLENGE,
    code_challenge_method: 'S256',
    state: 'state-123',
    nonce: 'nonce-456',
    ...overrides,
  };
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value !== null) query.set(name, value);
  return `?${query}`;
}

/** The logout query string of the `notes` client, with `overrides` (null drops one). */
export function logoutSearch(overrides: Record<string, string | null> = {}): string {
  const values: Record<string, string | null> = {
    client_id: 'notes',
    post_logout_redirect_uri: SIGNED_OUT,
    state: 'bye-789',
    ...overrides,
  };
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value !== null) query.set(name, value);
  return `?${query}`;
}

/** The query of a URL the flow navigated to, as a plain object, and the URL without its query. */
export function navigatedTo(url: string | undefined): { base: string; query: Record<string, string> } {
  const parsed = new URL(url ?? 'about:blank');
  return { base: `${parsed.origin}${parsed.pathname}`, query: Object.fromEntries(parsed.searchParams) };
}

/**
 * An ID token of the `notes` client for the signed-in user, as the application holds it after signing in: an
 * authorization code from the authorize endpoint, exchanged at the provider's token endpoint with the PKCE verifier.
 */
export async function idTokenFor(env: TestEnvironment): Promise<string> {
  const { authorization_code: code } = await env.client.idp.oauthAuthorizeSubmit({
    client_id: 'notes',
    redirect_uri: CALLBACK,
    response_type: 'code',
    scopes: ['openid'],
    code_challenge: CODE_CHALLENGE,
    consent_granted: true,
  });
  const response = await env.provider.fetch(
    new Request(`${env.provider.config.publicUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: code ?? '',
        redirect_uri: CALLBACK,
        client_id: 'notes',
        code_verifier: CODE_VERIFIER,
      }),
    }),
    { remoteAddress: '127.0.0.1' },
  );
  const body = (await response.json()) as { id_token?: string };
  if (!body.id_token) throw new Error(`No ID token from the token endpoint: ${JSON.stringify(body)}`);
  return body.id_token;
}
