import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  authenticateData,
  createProtectedTestClient,
  createTestClient,
  makeUser,
  ok,
  rejectionOf,
  settle,
  signInWithTotp,
} from '../../test/fakes';
import { InvalidResponseError, NO_SESSION_MESSAGE, UsageError } from '../errors';
import type { WebAuthnBrowser } from './webauthn.public';
import { NO_WEBAUTHN_AUTOFILL_WARNING, NO_WEBAUTHN_INPUT_WARNING } from './webauthnMessages';

const CREATION_OPTIONS: PublicKeyCredentialCreationOptionsJSON = {
  rp: { id: 'localhost', name: 'Latchkey Test Project' },
  user: { id: 'dXNlci10ZXN0LTAwMDE', name: 'ada@example.com', displayName: 'Ada Lovelace' },
  challenge: 'Y2hhbGxlbmdlLXJlZ2lzdGVy',
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
  timeout: 60000,
  excludeCredentials: [{ id: 'ZXhpc3RpbmctY3JlZA', type: 'public-key' }],
  authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  attestation: 'none',
};

const REQUEST_OPTIONS: PublicKeyCredentialRequestOptionsJSON = {
  challenge: 'Y2hhbGxlbmdlLWF1dGg',
  rpId: 'localhost',
  allowCredentials: [],
  userVerification: 'preferred',
  timeout: 60000,
};

const REGISTRATION: RegistrationResponseJSON = {
  id: 'bmV3LWNyZWQ',
  rawId: 'bmV3LWNyZWQ',
  type: 'public-key',
  authenticatorAttachment: 'platform',
  response: { clientDataJSON: 'Y2xpZW50RGF0YQ', attestationObject: 'YXR0ZXN0', transports: ['internal', 'hybrid'] },
  clientExtensionResults: {},
};

const ASSERTION: AuthenticationResponseJSON = {
  id: 'bmV3LWNyZWQ',
  rawId: 'bmV3LWNyZWQ',
  type: 'public-key',
  authenticatorAttachment: 'platform',
  response: { clientDataJSON: 'Y2xpZW50', authenticatorData: 'YXV0aA', signature: 'c2ln', userHandle: 'dXNlcg' },
  clientExtensionResults: {},
};

/** A stand-in for @simplewebauthn/browser that records its calls and, like the library, aborts on cancel. */
function fakeWebAuthn(options: { autofill?: boolean | 'throws'; hangAuthentication?: boolean } = {}) {
  let cancel: ((reason: Error) => void) | undefined;
  const module = {
    startRegistration: vi.fn(async () => REGISTRATION),
    startAuthentication: vi.fn(
      () =>
        new Promise<AuthenticationResponseJSON>((resolve, reject) => {
          cancel = reject;
          if (!options.hangAuthentication) resolve(ASSERTION);
        }),
    ),
    browserSupportsWebAuthnAutofill: vi.fn(async () => {
      if (options.autofill === 'throws') throw new Error('no PublicKeyCredential');
      return options.autofill ?? true;
    }),
    browserSupportsWebAuthn: vi.fn(() => true),
    WebAuthnAbortService: {
      createNewAbortSignal: () => new AbortController().signal,
      cancelCeremony: vi.fn(() => {
        const error = new Error('Manually cancelling existing WebAuthn API call');
        error.name = 'AbortError';
        cancel?.(error);
      }),
    },
  };
  const load = vi.fn(async () => module as unknown as WebAuthnBrowser);
  return { module, load };
}

/** A client that loads `webauthn` in place of the library; `protectedCalls` turns the project's captcha and DFP on. */
function setup(webauthn = fakeWebAuthn(), protectedCalls = false) {
  const create = protectedCalls ? createProtectedTestClient : createTestClient;
  return { ...create({ env: { loadWebAuthn: webauthn.load } }), webauthn };
}

beforeEach(() => void vi.stubGlobal('navigator', { userAgent: 'FakeBrowser/1.0' }));
afterEach(() => void vi.unstubAllGlobals());

describe('webauthn.register', () => {
  it('round-trips the JSON strings: parses the creation options, stringifies the credential', async () => {
    const test = setup();
    await signInWithTotp(test);
    test.transport
      .on(
        'POST',
        '/webauthn/register/start',
        ok({ user_id: 'user-test-0001', public_key_credential_creation_options: JSON.stringify(CREATION_OPTIONS) }),
      )
      .on(
        'POST',
        '/webauthn/register',
        ok(authenticateData({ webauthn_registration_id: 'webauthn-1', __user: makeUser() })),
      );

    const response = await test.client.webauthn.register({ is_passkey: true, session_duration_minutes: 60 });

    const [start, finish] = test.transport.calls.slice(-2);
    expect(start).toMatchObject({ method: 'POST', path: '/webauthn/register/start' });
    expect(start?.body).toEqual({
      domain: 'localhost',
      return_passkey_credential_options: true,
      user_agent: 'FakeBrowser/1.0',
    });
    expect(test.webauthn.module.startRegistration).toHaveBeenCalledWith({ optionsJSON: CREATION_OPTIONS });
    expect(finish).toMatchObject({ method: 'POST', path: '/webauthn/register' });
    expect(finish?.body).toEqual({ public_key_credential: JSON.stringify(REGISTRATION), session_duration_minutes: 60 });
    // A JSON string inside the JSON body: decoding twice gives the library's credential back.
    expect(JSON.parse(JSON.parse(finish?.rawBody ?? '{}').public_key_credential)).toEqual(REGISTRATION);
    expect(response.webauthn_registration_id).toBe('webauthn-1');
    expect(response).not.toHaveProperty('__user');
  });

  it('sends every option under its wire name and defaults the session duration to 30', async () => {
    const test = setup();
    await signInWithTotp(test);
    test.transport
      .on(
        'POST',
        '/webauthn/register/start',
        ok({ public_key_credential_creation_options: JSON.stringify(CREATION_OPTIONS) }),
      )
      .on('POST', '/webauthn/register', ok(authenticateData()));
    await test.client.webauthn.register({
      domain: 'example.com',
      authenticator_type: 'cross-platform',
      is_passkey: false,
      override_id: 'id-1',
      override_name: 'ada',
      override_display_name: 'Ada L.',
      use_base64_url_encoding: true,
    });
    const [start, finish] = test.transport.calls.slice(-2);
    expect(start?.body).toEqual({
      domain: 'example.com',
      authenticator_type: 'cross-platform',
      return_passkey_credential_options: false,
      override_id: 'id-1',
      override_name: 'ada',
      override_display_name: 'Ada L.',
      user_agent: 'FakeBrowser/1.0',
      use_base64_url_encoding: true,
    });
    expect(finish?.body).toMatchObject({ session_duration_minutes: 30 });
  });

  it('leaves user_agent out where there is no navigator', async () => {
    vi.stubGlobal('navigator', undefined);
    const test = setup();
    await signInWithTotp(test);
    test.transport
      .on(
        'POST',
        '/webauthn/register/start',
        ok({ public_key_credential_creation_options: JSON.stringify(CREATION_OPTIONS) }),
      )
      .on('POST', '/webauthn/register', ok(authenticateData()));
    await test.client.webauthn.register();
    expect(test.transport.find('POST', '/webauthn/register/start')[0]?.body).toEqual({ domain: 'localhost' });
  });

  it('needs a local session: throws the spec message, loads nothing and sends nothing', async () => {
    const test = setup();
    const error = await rejectionOf(test.client.webauthn.register({ is_passkey: true }));
    expect(error.message).toBe(
      'There is no session currently available. Make sure the user is authenticated with a valid session.',
    );
    expect(error.message).toBe(NO_SESSION_MESSAGE);
    expect(test.transport.calls).toEqual([]);
    expect(test.webauthn.load).not.toHaveBeenCalled();
  });

  it.each([
    ['not JSON', 'not json{'],
    ['JSON without a challenge', JSON.stringify({ rp: { id: 'x' } })],
    ['an object instead of a string', CREATION_OPTIONS],
    ['missing', undefined],
  ])('answers InvalidResponseError when the creation options are %s, before any ceremony', async (_case, value) => {
    const test = setup();
    await signInWithTotp(test);
    test.transport.on('POST', '/webauthn/register/start', ok({ public_key_credential_creation_options: value }));
    const error = await rejectionOf(test.client.webauthn.register());
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.message).toBe('Invalid response from our servers.');
    expect(test.webauthn.module.startRegistration).not.toHaveBeenCalled();
    expect(test.transport.find('POST', '/webauthn/register')).toEqual([]);
  });

  it('refuses a register answer without the session instead of signing the user out', async () => {
    const test = setup();
    await signInWithTotp(test);
    test.transport
      .on(
        'POST',
        '/webauthn/register/start',
        ok({ public_key_credential_creation_options: JSON.stringify(CREATION_OPTIONS) }),
      )
      .on('POST', '/webauthn/register', ok({ webauthn_registration_id: 'webauthn-1' }));
    const error = await rejectionOf(test.client.webauthn.register());
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(test.browser.cookies.get('stytch_session')).toBe('session-token-opaque-abc123');
  });

  it.each([
    [{ domain: 1 }, 'domain must be a string'],
    [{ authenticator_type: true }, 'authenticator_type must be a string'],
    [{ is_passkey: 'yes' }, 'is_passkey must be a boolean'],
    [{ override_id: 1 }, 'override_id must be a string'],
    [{ override_name: 1 }, 'override_name must be a string'],
    [{ override_display_name: 1 }, 'override_display_name must be a string'],
    [{ session_duration_minutes: '30' }, 'session_duration_minutes must be a number'],
    [{ use_base64_url_encoding: 1 }, 'use_base64_url_encoding must be a boolean'],
    ['passkey', 'options must be an object'],
  ])('rejects %j without a request', async (options, reason) => {
    const test = setup();
    await signInWithTotp(test);
    const before = test.transport.calls.length;
    const error = await rejectionOf(test.client.webauthn.register(options as never));
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toBe(`Invalid call to webauthn.register: ${reason}`);
    expect(test.transport.calls.length).toBe(before);
  });
});

describe('webauthn.authenticate', () => {
  function answerAuthentication(test: ReturnType<typeof setup>, kind: 'primary' | 'secondary' = 'primary') {
    test.transport
      .on(
        'POST',
        `/webauthn/authenticate/start/${kind}`,
        ok({ public_key_credential_request_options: JSON.stringify(REQUEST_OPTIONS) }),
      )
      .on(
        'POST',
        '/webauthn/authenticate',
        ok(authenticateData({ webauthn_registration_id: 'webauthn-1', __user: makeUser() })),
      );
  }

  it('round-trips the JSON strings through /primary without a session and stores the session', async () => {
    const test = setup();
    answerAuthentication(test);
    const response = await test.client.webauthn.authenticate({ is_passkey: true, session_duration_minutes: 45 });
    const [start, finish] = test.transport.calls;
    expect(start).toMatchObject({
      method: 'POST',
      path: '/webauthn/authenticate/start/primary',
      body: { domain: 'localhost', return_passkey_credential_options: true },
    });
    expect(test.webauthn.module.startAuthentication).toHaveBeenCalledWith({
      optionsJSON: REQUEST_OPTIONS,
      useBrowserAutofill: false,
    });
    expect(finish).toMatchObject({ method: 'POST', path: '/webauthn/authenticate' });
    expect(finish?.body).toEqual({ public_key_credential: JSON.stringify(ASSERTION), session_duration_minutes: 45 });
    expect(response.webauthn_registration_id).toBe('webauthn-1');
    expect(response).not.toHaveProperty('__user');
    expect(test.browser.cookies.get('stytch_session')).toBe('session-token-opaque-abc123');
  });

  it('uses /secondary when this tab holds a session, and the given domain', async () => {
    const test = setup();
    await signInWithTotp(test);
    answerAuthentication(test, 'secondary');
    await test.client.webauthn.authenticate({ domain: 'example.com', session_duration_minutes: 30 });
    expect(test.transport.find('POST', '/webauthn/authenticate/start/secondary')[0]?.body).toEqual({
      domain: 'example.com',
    });
  });

  it('passes conditional mediation to the library as useBrowserAutofill', async () => {
    const test = setup();
    answerAuthentication(test);
    await test.client.webauthn.authenticate({ conditional_mediation: true, session_duration_minutes: 30 });
    expect(test.webauthn.module.startAuthentication).toHaveBeenCalledWith({
      optionsJSON: REQUEST_OPTIONS,
      useBrowserAutofill: true,
    });
  });

  it('warns when autofill sign-in starts on a page without a webauthn input, and not when it has one', async () => {
    let input: object | null = null;
    vi.stubGlobal('document', { querySelector: (selector: string) => (selector.includes('webauthn') ? input : null) });
    const test = setup();
    answerAuthentication(test);
    await test.client.webauthn.authenticate({ conditional_mediation: true, session_duration_minutes: 30 });
    expect(test.browser.logs.warn).toContainEqual([NO_WEBAUTHN_INPUT_WARNING]);

    input = {};
    const second = setup();
    answerAuthentication(second);
    await second.client.webauthn.authenticate({ conditional_mediation: true, session_duration_minutes: 30 });
    expect(second.browser.logs.warn.flat()).not.toContain(NO_WEBAUTHN_INPUT_WARNING);
  });

  it('adds the captcha token and the DFP id to the final call only', async () => {
    const test = setup(fakeWebAuthn(), true);
    answerAuthentication(test);
    await test.client.webauthn.authenticate({ session_duration_minutes: 30 });
    const [start, finish] = test.transport.calls;
    expect(start?.body).toEqual({ domain: 'localhost' });
    expect(finish?.body).toEqual({
      public_key_credential: JSON.stringify(ASSERTION),
      session_duration_minutes: 30,
      captcha_token: 'captcha-1',
      dfp_telemetry_id: 'dfp-1',
    });
  });

  it('an abort during the ceremony cancels it, rejects with an AbortError and sends nothing more', async () => {
    const test = setup(fakeWebAuthn({ hangAuthentication: true }));
    answerAuthentication(test);
    const controller = new AbortController();
    const pending = test.client.webauthn.authenticate({
      conditional_mediation: true,
      signal: controller.signal,
      session_duration_minutes: 30,
    });
    await settle();
    expect(test.webauthn.module.startAuthentication).toHaveBeenCalled();
    controller.abort();
    const error = await rejectionOf(pending);
    expect(error.name).toBe('AbortError');
    expect(test.webauthn.module.WebAuthnAbortService.cancelCeremony).toHaveBeenCalledTimes(1);
    expect(test.transport.find('POST', '/webauthn/authenticate')).toEqual([]);
  });

  it('an already aborted signal rejects at once without a request', async () => {
    const test = setup();
    answerAuthentication(test);
    const controller = new AbortController();
    controller.abort(new DOMException('left the page', 'AbortError'));
    const error = await rejectionOf(
      test.client.webauthn.authenticate({ signal: controller.signal, session_duration_minutes: 30 }),
    );
    expect(error.name).toBe('AbortError');
    expect(error.message).toBe('left the page');
    expect(test.transport.calls).toEqual([]);
  });

  it('answers InvalidResponseError for request options that are not a JSON string', async () => {
    const test = setup();
    test.transport.on(
      'POST',
      '/webauthn/authenticate/start/primary',
      ok({ public_key_credential_request_options: '{' }),
    );
    const error = await rejectionOf(test.client.webauthn.authenticate({ session_duration_minutes: 30 }));
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.message).toBe('Invalid response from our servers.');
    expect(test.webauthn.module.startAuthentication).not.toHaveBeenCalled();
  });

  it.each([
    [{}, 'session_duration_minutes must be a number'],
    [{ session_duration_minutes: 30, domain: 1 }, 'domain must be a string'],
    [{ session_duration_minutes: 30, is_passkey: 1 }, 'is_passkey must be a boolean'],
    [{ session_duration_minutes: 30, conditional_mediation: 'yes' }, 'conditional_mediation must be a boolean'],
    [{ session_duration_minutes: 30, signal: {} }, 'signal must be an AbortSignal'],
    [undefined, 'session_duration_minutes must be a number'],
  ])('rejects %j without a request', async (options, reason) => {
    const test = setup();
    const error = await rejectionOf(test.client.webauthn.authenticate(options as never));
    expect(error.message).toBe(`Invalid call to webauthn.authenticate: ${reason}`);
    expect(test.transport.calls).toEqual([]);
  });
});

describe('webauthn.update', () => {
  it('renames a registration with PUT, URL-encoding the id', async () => {
    const test = setup();
    const registration = {
      webauthn_registration_id: 'webauthn/1 ?',
      domain: 'localhost',
      user_agent: 'FakeBrowser/1.0',
      authenticator_type: 'platform',
      verified: true,
      name: 'Laptop',
    };
    test.transport.on('PUT', '/webauthn/update/webauthn%2F1%20%3F', ok({ webauthn_registration: registration }));
    const response = await test.client.webauthn.update({ webauthn_registration_id: 'webauthn/1 ?', name: 'Laptop' });
    expect(test.transport.last()).toMatchObject({
      method: 'PUT',
      path: '/webauthn/update/webauthn%2F1%20%3F',
      body: { name: 'Laptop' },
    });
    expect(response.webauthn_registration).toEqual(registration);
  });

  it.each([
    [{ name: 'Laptop' }, 'webauthn_registration_id must be a string'],
    [{ webauthn_registration_id: 'w1' }, 'name must be a string'],
  ])('rejects %j without a request', async (options, reason) => {
    const test = setup();
    const error = await rejectionOf(test.client.webauthn.update(options as never));
    expect(error.message).toBe(`Invalid call to webauthn.update: ${reason}`);
    expect(test.transport.calls).toEqual([]);
  });
});

describe('webauthn.browserSupportsAutofill', () => {
  it('answers true when the library says so, without a warning', async () => {
    const test = setup(fakeWebAuthn({ autofill: true }));
    expect(await test.client.webauthn.browserSupportsAutofill()).toBe(true);
    expect(test.browser.logs.warn).toEqual([]);
  });

  it.each([
    ['the browser lacks it', fakeWebAuthn({ autofill: false })],
    ['the check throws', fakeWebAuthn({ autofill: 'throws' })],
    [
      'the library cannot load',
      { module: undefined, load: vi.fn(async () => Promise.reject(new Error('chunk failed'))) },
    ],
  ])('answers false with the spec warning when %s', async (_case, webauthn) => {
    const test = setup(webauthn as ReturnType<typeof fakeWebAuthn>);
    expect(await test.client.webauthn.browserSupportsAutofill()).toBe(false);
    expect(test.browser.logs.warn).toContainEqual([NO_WEBAUTHN_AUTOFILL_WARNING]);
  });
});

describe('on-demand loading', () => {
  it('does not load the WebAuthn library when the client is created', () => {
    const test = setup();
    expect(test.webauthn.load).not.toHaveBeenCalled();
  });

  it('no source file imports @simplewebauthn/browser statically, except for types', () => {
    const root = join(__dirname, '..');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    for (const file of files) {
      const source = readFileSync(join(root, file), 'utf8');
      const valueImports = source.match(/^import (?!type )[^;]*from '@simplewebauthn\/browser'/gm) ?? [];
      expect(valueImports, file).toEqual([]);
    }
  });
});
