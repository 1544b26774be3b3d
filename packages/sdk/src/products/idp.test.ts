import { describe, expect, it } from 'vitest';
import { createTestClient, FakeTransport, makeUser, ok, rejectionOf } from '../../test/fakes';
import { UsageError } from '../errors';
import {
  findDuplicateAuthorizeParams,
  findDuplicateLogoutParams,
  findMissingAuthorizeParam,
  findMissingLogoutParam,
  MISSING_PARAMETER_MESSAGE,
  missingParameterMessage,
  parseOAuthAuthorizeParams,
  parseOAuthLogoutParams,
} from './idpParams';

describe('parseOAuthAuthorizeParams', () => {
  it('applies the defaults: response_type code and the openid email profile scopes', () => {
    const params = parseOAuthAuthorizeParams(
      new URLSearchParams('client_id=client-1&redirect_uri=https%3A%2F%2Fapp.example.com%2Fcb'),
    );
    expect(params).toEqual({
      client_id: 'client-1',
      redirect_uri: 'https://app.example.com/cb',
      response_type: 'code',
      scopes: ['openid', 'email', 'profile'],
    });
  });

  it('reads every parameter, splits scope on spaces and collects repeated resource parameters', () => {
    const query =
      'client_id=c&redirect_uri=https://a.example/cb&response_type=code&scope=openid+read:docs%20%20offline_access' +
      '&code_challenge=ch&state=st&nonce=no&prompt=consent&resource=https://api.example/a&resource=https://api.example/b';
    expect(parseOAuthAuthorizeParams(new URLSearchParams(query))).toEqual({
      client_id: 'c',
      redirect_uri: 'https://a.example/cb',
      response_type: 'code',
      scopes: ['openid', 'read:docs', 'offline_access'],
      code_challenge: 'ch',
      state: 'st',
      nonce: 'no',
      prompt: 'consent',
      resources: ['https://api.example/a', 'https://api.example/b'],
    });
  });

  it('passes the PKCE method, max_age, id_token_hint, login_hint and login_ticket through as given', () => {
    const query =
      'client_id=c&redirect_uri=u&code_challenge_method=plain&max_age=0&id_token_hint=eyJ.a.b' +
      '&login_hint=ada%40example.com&login_ticket=t1&prompt=login+consent';
    expect(parseOAuthAuthorizeParams(new URLSearchParams(query))).toEqual({
      client_id: 'c',
      redirect_uri: 'u',
      response_type: 'code',
      scopes: ['openid', 'email', 'profile'],
      code_challenge_method: 'plain',
      max_age: '0',
      id_token_hint: 'eyJ.a.b',
      login_hint: 'ada@example.com',
      login_ticket: 't1',
      prompt: 'login consent',
    });
  });

  it('passes request and request_uri through as given, for the provider to refuse (OIDC Core §6.1, §6.2)', () => {
    const query = 'client_id=c&redirect_uri=u&request=eyJhbGciOiJub25lIn0.e30.&request_uri=urn%3Aexample%3Ar1';
    expect(parseOAuthAuthorizeParams(new URLSearchParams(query))).toEqual({
      client_id: 'c',
      redirect_uri: 'u',
      response_type: 'code',
      scopes: ['openid', 'email', 'profile'],
      request: 'eyJhbGciOiJub25lIn0.e30.',
      request_uri: 'urn:example:r1',
    });
  });

  it('uses the default scopes when scope is empty', () => {
    expect(parseOAuthAuthorizeParams(new URLSearchParams('client_id=c&scope=')).scopes).toEqual([
      'openid',
      'email',
      'profile',
    ]);
  });

  it('leaves missing required parameters empty so they can be reported', () => {
    const params = parseOAuthAuthorizeParams(new URLSearchParams(''));
    expect(params.client_id).toBe('');
    expect(params.redirect_uri).toBe('');
    expect(findMissingAuthorizeParam(params)).toBe('client_id');
  });
});

describe('parseOAuthLogoutParams', () => {
  it('reads the required and optional parameters', () => {
    const query = 'client_id=c&post_logout_redirect_uri=https://a.example/bye&state=st&id_token_hint=eyJ';
    expect(parseOAuthLogoutParams(new URLSearchParams(query))).toEqual({
      client_id: 'c',
      post_logout_redirect_uri: 'https://a.example/bye',
      state: 'st',
      id_token_hint: 'eyJ',
    });
  });

  it('omits parameters that are absent or empty: every one is optional', () => {
    expect(parseOAuthLogoutParams(new URLSearchParams('client_id=c&post_logout_redirect_uri=u'))).toEqual({
      client_id: 'c',
      post_logout_redirect_uri: 'u',
    });
    expect(parseOAuthLogoutParams(new URLSearchParams('id_token_hint=eyJ&client_id=&state=s'))).toEqual({
      id_token_hint: 'eyJ',
      state: 's',
    });
    expect(parseOAuthLogoutParams(new URLSearchParams(''))).toEqual({});
  });
});

describe('parameters given more than once (RFC 6749 §3.1, §4.1.2.1 invalid_request)', () => {
  it('reports every repeated authorize parameter once, in the order of its first occurrence', () => {
    const query =
      'client_id=a&client_id=b&redirect_uri=https://app.example/cb&redirect_uri=https://evil.example/cb' +
      '&state=s1&state=s2&scope=openid&nonce=n';
    expect(findDuplicateAuthorizeParams(new URLSearchParams(query))).toEqual(['client_id', 'redirect_uri', 'state']);
    // Three times is still one name; apart from one another too.
    expect(findDuplicateAuthorizeParams(new URLSearchParams('state=1&client_id=c&state=2&state=3'))).toEqual(['state']);
  });

  it('counts an empty occurrence, and any name, not only the ones the parser reads', () => {
    expect(findDuplicateAuthorizeParams(new URLSearchParams('client_id=&client_id=evil&redirect_uri=u'))).toEqual([
      'client_id',
    ]);
    expect(findDuplicateAuthorizeParams(new URLSearchParams('client_id=c&ui_locales=en&ui_locales=fr'))).toEqual([
      'ui_locales',
    ]);
  });

  it('lets resource repeat (RFC 8707 §2), and finds nothing in a well-formed request', () => {
    const query =
      'client_id=c&redirect_uri=u&scope=openid+email&resource=https://api.example/a&resource=https://api.example/b';
    expect(findDuplicateAuthorizeParams(new URLSearchParams(query))).toEqual([]);
    expect(findDuplicateAuthorizeParams(new URLSearchParams(''))).toEqual([]);
  });

  it('reports repeated logout parameters, resource included (no exception for logout)', () => {
    const query =
      'client_id=a&client_id=b&post_logout_redirect_uri=https://app.example/bye' +
      '&post_logout_redirect_uri=https://evil.example/bye&state=s&id_token_hint=eyJ&id_token_hint=eyK';
    expect(findDuplicateLogoutParams(new URLSearchParams(query))).toEqual([
      'client_id',
      'post_logout_redirect_uri',
      'id_token_hint',
    ]);
    expect(findDuplicateLogoutParams(new URLSearchParams('client_id=c&resource=r1&resource=r2'))).toEqual(['resource']);
    expect(findDuplicateLogoutParams(new URLSearchParams('client_id=c&post_logout_redirect_uri=u&state=s'))).toEqual(
      [],
    );
  });
});

describe('missing required parameters', () => {
  it.each([
    ['', 'client_id'],
    ['redirect_uri=u', 'client_id'],
    ['client_id=c', 'redirect_uri'],
    ['client_id=c&redirect_uri=', 'redirect_uri'],
    ['client_id=c&redirect_uri=u', undefined],
  ])('authorize query "%s" → %s', (query, missing) => {
    const search = new URLSearchParams(query);
    expect(findMissingAuthorizeParam(search)).toBe(missing);
    expect(findMissingAuthorizeParam(parseOAuthAuthorizeParams(search))).toBe(missing);
  });

  it.each([
    ['', 'client_id'],
    ['state=s', 'client_id'],
    ['post_logout_redirect_uri=u', 'client_id'],
    ['client_id=%20&post_logout_redirect_uri=u', 'client_id'],
    ['client_id=&id_token_hint=', 'client_id'],
    ['client_id=c', undefined],
    ['id_token_hint=eyJ', undefined],
    ['id_token_hint=eyJ&post_logout_redirect_uri=u&state=s', undefined],
    ['client_id=c&post_logout_redirect_uri=u', undefined],
  ])('logout query "%s" → %s', (query, missing) => {
    const search = new URLSearchParams(query);
    expect(findMissingLogoutParam(search)).toBe(missing);
    expect(findMissingLogoutParam(parseOAuthLogoutParams(search))).toBe(missing);
  });

  it("builds the spec's message for the missing parameter", () => {
    expect(MISSING_PARAMETER_MESSAGE).toBe(
      'Required parameter is missing: {param}. Please reach out to the application developer.',
    );
    expect(missingParameterMessage('redirect_uri')).toBe(
      'Required parameter is missing: redirect_uri. Please reach out to the application developer.',
    );
  });
});

const authorizeParams = {
  client_id: 'client-1',
  redirect_uri: 'https://app.example.com/cb',
  response_type: 'code',
  scopes: ['openid', 'email', 'read:docs'],
  code_challenge: 'challenge-1',
  state: 'state-1',
  resources: ['https://api.example.com'],
};

describe('idp.oauthAuthorizeStart', () => {
  it('sends POST /idp/oauth/authorize/start with the params as given and returns the preflight', async () => {
    const preflight = {
      user_id: 'user-test-0001',
      user: makeUser(),
      client: {
        client_id: 'client-1',
        client_type: 'third_party_public',
        client_name: 'Notes',
        client_description: 'Take notes',
      },
      consent_required: true,
      scope_results: [
        { scope: 'openid', is_grantable: true, description: 'Verify your identity' },
        { scope: 'read:docs', is_grantable: false, description: 'Read documents' },
      ],
    };
    const transport = new FakeTransport().on('POST', '/idp/oauth/authorize/start', ok(preflight));
    const { client } = createTestClient({ transport });

    const answer = await client.idp.oauthAuthorizeStart(authorizeParams);

    expect(transport.last()).toMatchObject({ method: 'POST', path: '/idp/oauth/authorize/start' });
    expect(transport.last().body).toEqual(authorizeParams);
    expect(answer).toEqual({ request_id: 'request-id-test-1', status_code: 200, ...preflight });
  });

  it.each([
    [{ ...authorizeParams, scopes: 'openid email' }, 'scopes must be an array of strings'],
    [{ ...authorizeParams, client_id: undefined }, 'client_id must be a string'],
    [{ ...authorizeParams, resources: 'https://api.example.com' }, 'resources must be an array of strings'],
    [{ ...authorizeParams, max_age: 60 }, 'max_age must be a string'],
    [{ ...authorizeParams, login_ticket: null }, 'login_ticket must be a string'],
    [null, 'params must be an object'],
  ])('refuses bad params without a request (%#)', async (params, reason) => {
    const { client, transport } = createTestClient();
    const error = await rejectionOf(client.idp.oauthAuthorizeStart(params as never));
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toBe(`Invalid call to idp.oauthAuthorizeStart: ${reason}`);
    expect(transport.calls).toHaveLength(0);
  });
});

describe('idp.oauthAuthorizeStart: the answers that are not a preflight', () => {
  it('returns a redirect to the client, or a request for a fresh sign-in, as they are', async () => {
    const front = { ...authorizeParams, prompt: 'login', max_age: '300', id_token_hint: 'eyJ', login_ticket: 't' };
    const redirect = { redirect_uri: 'https://app.example.com/cb?error=login_required&state=state-1' };
    const reauthentication = { reauthentication_required: { reason: 'login', login_ticket: 't2' } };
    const transport = new FakeTransport()
      .on('POST', '/idp/oauth/authorize/start', ok(redirect))
      .on('POST', '/idp/oauth/authorize/submit', ok(reauthentication));
    const { client } = createTestClient({ transport });

    const started = await client.idp.oauthAuthorizeStart(front);
    expect(transport.last().body).toEqual(front);
    expect(started.redirect_uri).toBe(redirect.redirect_uri);
    const submitted = await client.idp.oauthAuthorizeSubmit({ ...front, consent_granted: true });
    expect(submitted.redirect_uri).toBeUndefined();
    expect(submitted.reauthentication_required).toEqual({ reason: 'login', login_ticket: 't2' });
  });
});

describe('idp.oauthAuthorizeSubmit', () => {
  it('sends POST /idp/oauth/authorize/submit with the params and consent_granted', async () => {
    const transport = new FakeTransport().on(
      'POST',
      '/idp/oauth/authorize/submit',
      ok({ redirect_uri: 'https://app.example.com/cb?code=c1&state=state-1', authorization_code: 'c1' }),
    );
    const { client } = createTestClient({ transport });

    const answer = await client.idp.oauthAuthorizeSubmit({ ...authorizeParams, consent_granted: true });

    expect(transport.last()).toMatchObject({ method: 'POST', path: '/idp/oauth/authorize/submit' });
    expect(transport.last().body).toEqual({ ...authorizeParams, consent_granted: true });
    expect(answer.redirect_uri).toBe('https://app.example.com/cb?code=c1&state=state-1');
    expect(answer.authorization_code).toBe('c1');
  });

  it('refuses a submit without consent_granted', async () => {
    const { client, transport } = createTestClient();
    const error = await rejectionOf(client.idp.oauthAuthorizeSubmit(authorizeParams as never));
    expect(error.message).toBe('Invalid call to idp.oauthAuthorizeSubmit: consent_granted must be a boolean');
    expect(transport.calls).toHaveLength(0);
  });
});

describe('idp.oauthLogoutStart', () => {
  it('sends POST /oauth/logout/start (not under /idp) and returns redirect_uri and consent_required', async () => {
    const transport = new FakeTransport().on(
      'POST',
      '/oauth/logout/start',
      ok({ redirect_uri: 'https://app.example.com/bye?state=s', consent_required: true }),
    );
    const { client } = createTestClient({ transport });
    const params = { client_id: 'client-1', post_logout_redirect_uri: 'https://app.example.com/bye', state: 's' };

    const answer = await client.idp.oauthLogoutStart(params);

    expect(transport.last()).toMatchObject({ method: 'POST', path: '/oauth/logout/start', body: params });
    expect(transport.find('POST', '/idp/oauth/logout/start')).toHaveLength(0);
    expect(answer).toMatchObject({ redirect_uri: 'https://app.example.com/bye?state=s', consent_required: true });
  });

  it('sends an id_token_hint alone, and returns an answer without redirect_uri as it is', async () => {
    const transport = new FakeTransport().on('POST', '/oauth/logout/start', ok({ consent_required: false }));
    const { client } = createTestClient({ transport });

    const answer = await client.idp.oauthLogoutStart({ id_token_hint: 'eyJ.a.b' });

    expect(transport.last().body).toEqual({ id_token_hint: 'eyJ.a.b' });
    expect(answer.redirect_uri).toBeUndefined();
    expect(answer.consent_required).toBe(false);
  });

  it('refuses a post_logout_redirect_uri that is not a string', async () => {
    const { client, transport } = createTestClient();
    const error = await rejectionOf(
      client.idp.oauthLogoutStart({ client_id: 'c', post_logout_redirect_uri: 1 } as never),
    );
    expect(error.message).toBe('Invalid call to idp.oauthLogoutStart: post_logout_redirect_uri must be a string');
    expect(transport.calls).toHaveLength(0);
  });
});
