// The standard OAuth 2.1 / OpenID Connect endpoints (oauth2/) get the robustness battery's bodies (every product's,
// test/robustnessCases.ts) and form bodies of their own: no 500, no stack trace, errors in the RFC 6749 shape.
import { describe, expect, it } from 'vitest';
import { ROBUSTNESS_BODIES } from '../../../test/robustnessCases';
import { startProvider } from '../../../testing/harness';

/**
 * The standard OAuth 2.1 / OpenID Connect endpoints (products/idp/oauth2): outside `/sdk/v1`, form bodies, errors in
 * the RFC 6749 §5.2 shape (`{error, error_description}`) rather than the SDK's envelope.
 */
const OAUTH2_ROUTES: [method: string, path: string][] = [
  ['POST', '/oauth2/token'],
  ['POST', '/oauth2/revoke'],
  ['GET', '/oauth2/userinfo'],
  ['POST', '/oauth2/userinfo'],
  ['GET', '/oauth2/jwks'],
  ['GET', '/.well-known/openid-configuration'],
  ['GET', '/.well-known/oauth-authorization-server'],
];

/** Form bodies of every wrong kind for the token, revocation and userinfo endpoints. */
const NASTY_FORMS: string[] = [
  'grant_type=authorization_code',
  'grant_type=authorization_code&code=x&redirect_uri=http://localhost:3000/callback&client_id=rp-public',
  'grant_type=authorization_code&code=x&redirect_uri=x&client_id=rp-public&code_verifier=%00%ff',
  `grant_type=authorization_code&code=${'c'.repeat(10_000)}&client_id=rp-public&code_verifier=${'v'.repeat(5_000)}`,
  'grant_type=refresh_token&client_id=rp-public',
  `grant_type=refresh_token&refresh_token=${'r'.repeat(10_000)}&client_id=rp-public&scope=${'s%20'.repeat(2_000)}`,
  'grant_type=refresh_token&refresh_token=x&client_id=rp-server&client_secret=%E0%A4%A',
  'grant_type=password&username=a&password=b&client_id=rp-public',
  'grant_type=%00&client_id=__proto__',
  'client_id=rp-public&client_id=rp-public',
  'grant_type=authorization_code&grant_type=refresh_token',
  '__proto__=x&constructor=y&prototype=z',
  'token=x&client_id=rp-public&token_type_hint=%00',
  `token=${'t'.repeat(10_000)}&client_id=rp-server&client_secret=${'s'.repeat(1_000)}`,
  'access_token=x',
  'access_token=x&access_token=y',
  `access_token=${'a'.repeat(10_000)}`,
  '%',
  '%%%&&&===',
  '=&=&a',
  '%E0%A4%A=%E0%A4%A',
  '\u0000=\ud800',
];

/** Content types and Authorization headers the battery sends with each body. */
const OAUTH2_HEADER_SETS: Record<string, string>[] = [
  { 'content-type': 'application/x-www-form-urlencoded' },
  {
    'content-type': 'application/x-www-form-urlencoded; charset=latin1',
    authorization: `Basic ${Buffer.from('rp-server:wrong').toString('base64')}`,
  },
  { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Basic %%%' },
  {
    'content-type': 'application/x-www-form-urlencoded',
    authorization: `Basic ${Buffer.from('%zz:%zz').toString('base64')}`,
  },
  { 'content-type': 'application/json', authorization: 'Bearer not-a-token' },
  { 'content-type': 'text/plain', authorization: `Bearer ${'x'.repeat(5_000)}` },
  { authorization: 'Bearer a b c' },
];

describe('no input to the standard OAuth endpoints produces a 500 or a stack trace', () => {
  it('answers every malformed request to the standard OAuth endpoints without a 500 or a stack trace', async () => {
    process.env.LATCHKEY_ROBUSTNESS_RP_SECRET = 'robustness-secret';
    const testProvider = await startProvider({
      project: {
        idp: {
          clients: [
            {
              clientId: 'rp-public',
              name: 'Public',
              type: 'public',
              redirectUris: ['http://localhost:3000/callback'],
            },
            {
              clientId: 'rp-server',
              name: 'Server',
              type: 'confidential',
              clientSecretEnv: 'LATCHKEY_ROBUSTNESS_RP_SECRET',
              redirectUris: ['http://localhost:3000/callback'],
            },
          ],
        },
      },
    });
    const failures: string[] = [];
    for (const [method, path] of OAUTH2_ROUTES) {
      for (const [index, rawBody] of [...NASTY_FORMS, ...ROBUSTNESS_BODIES].entries()) {
        // Every header set for the form bodies; one in turn for the JSON-ish ones (the same parser reads them all).
        const headerSets =
          index < NASTY_FORMS.length ? OAUTH2_HEADER_SETS : [OAUTH2_HEADER_SETS[index % OAUTH2_HEADER_SETS.length]];
        for (const headers of headerSets) {
          const response = await testProvider.provider.fetch(
            new Request(`http://provider.test${path}`, {
              method,
              headers: { origin: 'https://anywhere.example', ...headers },
              body: method === 'GET' ? undefined : rawBody,
            }),
          );
          const text = await response.text();
          let json: any = null;
          try {
            json = text === '' ? null : JSON.parse(text);
          } catch {}
          const error = json?.error ?? json?.error_type;
          if (
            response.status >= 500 ||
            (response.status >= 400 && typeof error !== 'string') ||
            (text !== '' && json === null) ||
            response.headers.get('x-request-id') === null ||
            response.headers.get('access-control-allow-origin') !== '*' ||
            /\bat .+:\d+:\d+/.test(text)
          ) {
            failures.push(`${method} ${path} ${rawBody.slice(0, 40)} → ${response.status} ${text.slice(0, 120)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await testProvider.provider.database.db.selectFrom('idp_tokens').selectAll().execute()).toEqual([]);
  });
});
