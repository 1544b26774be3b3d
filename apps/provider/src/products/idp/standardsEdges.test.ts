// Standards edges of the identity provider: the challenge of every 401 at the token endpoint (RFC 6749 §5.2, RFC 9110
// §15.5.2), plain http redirect URIs only for loopback hosts (RFC 9700 §2.6, RFC 8252 §7.3, §8.3), and prompt=none
// never ending on a screen (OpenID Connect Core §3.1.2.1, §3.1.2.6).
import { describe, expect, it } from 'vitest';
import { configProblem as problem } from '../../../test/configProblem';
import { signIn } from '../../../testing/fixtures';
import { startProvider } from '../../../testing/harness';
import { parseConfig } from '../../config';
import { authorizeBody, IDP_CONFIG, ISSUER, idpRows, SERVER_CALLBACK, SPA_CALLBACK } from './authorize/testSupport';

const SERVER_SECRET = 'the-right-server-secret';
process.env.LATCHKEY_TEST_IDP_SERVER_SECRET = SERVER_SECRET;

describe('the token endpoint’s 401 invalid_client (RFC 6749 §5.2, RFC 9110 §15.5.2)', () => {
  it('carries WWW-Authenticate: Basic for client_secret_post as for client_secret_basic', async () => {
    const t = await startProvider(IDP_CONFIG);
    const post = async (params: Record<string, string>, headers: Record<string, string> = {}) =>
      t.provider.fetch(
        new Request(`${ISSUER}/oauth2/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code: 'x',
            redirect_uri: SERVER_CALLBACK,
            ...params,
          }).toString(),
        }),
      );
    const basic = await post({}, { authorization: `Basic ${Buffer.from('server:wrong').toString('base64')}` });
    expect(basic.status).toBe(401);
    const challenge = basic.headers.get('www-authenticate');
    expect(challenge).toMatch(/^Basic realm="/);
    const wrongSecret = await post({ client_id: 'server', client_secret: 'wrong' });
    expect(wrongSecret.status).toBe(401);
    expect(await wrongSecret.json()).toMatchObject({ error: 'invalid_client' });
    expect(wrongSecret.headers.get('www-authenticate')).toBe(challenge);
    // No secret, an unknown client, no client at all: 401 with the same challenge.
    const wrongs: Record<string, string>[] = [{ client_id: 'server' }, { client_id: 'nobody', client_secret: 'x' }, {}];
    for (const params of wrongs) {
      const refused = await post(params);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe(challenge);
    }
  });
});

describe('parseConfig: a client’s redirect URIs use https unless the host is loopback (RFC 9700 §2.6, RFC 8252 §8.3)', () => {
  const config = (overrides: Record<string, unknown>) => ({
    project: {
      idp: { clients: [{ clientId: 'app', name: 'App', type: 'public', redirectUris: [SPA_CALLBACK], ...overrides }] },
    },
  });
  const HTTPS_ONLY = 'must use https: (plain http: only for a loopback host: localhost, 127.0.0.0/8 or [::1])';

  it('refuses plain http to another host, naming the field', () => {
    expect(problem(config({ redirectUris: ['http://evil.example.com/cb'] }))).toBe(
      `Invalid Latchkey provider configuration:\n  project.idp.clients.0.redirectUris.0: ${HTTPS_ONLY}`,
    );
    expect(problem(config({ postLogoutRedirectUris: ['http://app.example.com/bye'] }))).toBe(
      `Invalid Latchkey provider configuration:\n  project.idp.clients.0.postLogoutRedirectUris.0: ${HTTPS_ONLY}`,
    );
    // A host that merely starts like a loopback one is not one.
    expect(problem(config({ redirectUris: ['http://localhost.evil.example/cb'] }))).toContain(HTTPS_ONLY);
    expect(problem(config({ redirectUris: ['http://127.0.0.1.nip.io/cb'] }))).toContain(HTTPS_ONLY);
  });

  it('takes https anywhere and plain http to localhost, 127.0.0.1 and [::1], any port', () => {
    const uris = [
      'https://app.example.com/cb',
      'http://localhost:3000/cb',
      'http://127.0.0.1/cb',
      'http://[::1]:8080/cb',
    ];
    const parsed = parseConfig(config({ redirectUris: uris, postLogoutRedirectUris: uris }));
    expect(parsed.project.idp.clients[0]?.redirectUris).toEqual(uris);
    expect(parsed.project.idp.clients[0]?.postLogoutRedirectUris).toEqual(uris);
  });

  it('still refuses what it refused: another scheme, a fragment', () => {
    expect(problem(config({ redirectUris: ['com.example.app:/cb'] }))).toContain(
      'project.idp.clients.0.redirectUris.0: must be an absolute http(s) URL without a fragment',
    );
    expect(problem(config({ redirectUris: ['http://localhost:3000/cb#x'] }))).toBe(
      'Invalid Latchkey provider configuration:\n  project.idp.clients.0.redirectUris.0: must be an absolute http(s) URL without a fragment',
    );
  });
});

describe('prompt=none never ends on a screen (OpenID Connect Core §3.1.2.1, §3.1.2.6)', () => {
  it('an impersonated session answers login_required at the redirect URI with state; without prompt=none, 403', async () => {
    const t = await startProvider(IDP_CONFIG);
    const db = t.provider.database.db;
    const { sessionToken, sessionId } = await signIn(t);
    await db
      .updateTable('sessions')
      .set({ impersonator_id: 'support-agent-7' })
      .where('session_id', '=', sessionId)
      .execute();
    for (const path of ['/idp/oauth/authorize/start', '/idp/oauth/authorize/submit']) {
      const response = await t.post(path, authorizeBody({ prompt: 'none', consent_granted: true }), sessionToken);
      expect(response.status).toBe(200);
      const redirect = new URL(response.json.data.redirect_uri);
      expect(`${redirect.origin}${redirect.pathname}`).toBe(SPA_CALLBACK);
      expect(redirect.searchParams.get('error')).toBe('login_required');
      expect(redirect.searchParams.get('state')).toBe('state-123');
      expect(redirect.searchParams.get('iss')).toBe(ISSUER);
      expect(redirect.searchParams.has('code')).toBe(false);
      // Other prompts keep the refusal the widget shows.
      const consent = await t.post(path, authorizeBody({ prompt: 'consent', consent_granted: true }), sessionToken);
      expect(consent.status).toBe(403);
      expect(consent.json.error_type).toBe('unauthorized_action');
    }
    expect(await idpRows(db)).toEqual({ grants: [], codes: [] });
  });
});
