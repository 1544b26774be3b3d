import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { configProblem as problem } from '../test/configProblem';
import {
  describeExposedDevelopment,
  describeOpenMetrics,
  describeUnboundFlows,
  describeWhatsappWithoutTemplate,
  loadConfigFile,
  PRODUCTS,
  parseConfig,
  unboundRedirectFlows,
} from './config';
import { OAUTH_PROVIDERS } from './products/oauth/config';

const OAUTH_DEFAULTS = {
  // The list itself, in spec order, is pinned in products/oauth/config.test.ts.
  providers: OAUTH_PROVIDERS,
  clients: {},
  developmentUpstream: { enabled: true, host: '127.0.0.1', port: 0 },
  googleOneTap: {
    jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
    issuers: ['https://accounts.google.com', 'accounts.google.com'],
  },
};

const DEFAULTS = {
  mode: 'development',
  publicUrl: 'http://localhost:8787',
  project: {
    name: 'Latchkey Playground',
    projectId: 'project-test-latchkey-playground',
    publicToken: 'public-token-test-latchkey-playground',
    allowedOrigins: ['http://localhost:5173', 'http://127.0.0.1:5173'],
    redirectUrls: ['http://localhost:5173/authenticate', 'http://127.0.0.1:5173/authenticate'],
    defaultRedirectUrls: {},
    products: ['email_otp', 'sms_otp', 'whatsapp_otp', 'email_magic_links', 'passwords', 'webauthn'],
    passwordPolicy: { type: 'zxcvbn' },
    breachRangeApiUrl: null,
    emailDomains: ['latchkey.dev'],
    pkce: { emailMagicLinks: true, passwordResets: true, oauth: true, sso: false },
    disableWatermark: false,
    rbacPolicy: null,
    webauthn: { relyingPartyIds: null, origins: null },
    mfa: { required: false },
    cryptoWallets: { types: ['ethereum', 'solana'], solanaChainId: 'mainnet' },
    oauth: OAUTH_DEFAULTS,
    idp: {
      authorizationUrl: 'http://localhost:5173/oauth/authorize',
      logoutUrl: 'http://localhost:5173/oauth/logout',
      clients: [],
      authorizationCodeSeconds: 60,
      accessTokenMinutes: 60,
      refreshTokenDays: 30,
      exchangedSessionMinutes: 60,
    },
    trustedAuthTokens: [],
  },
  smtp: null,
  phone: { twilio: null, allowedCountries: null },
  outbox: {
    maxAttempts: 8,
    initialBackoffSeconds: 2,
    maxBackoffSeconds: 300,
    attemptTimeoutSeconds: 30,
    pollIntervalSeconds: 2,
  },
  purge: {
    enabled: true,
    intervalMinutes: 60,
    batchSize: 500,
    sessionGraceDays: 7,
    devInboxHours: 24,
    deliveredMessagesHours: 24,
    failedMessagesDays: 7,
    eventsDays: 30,
    authFailuresDays: 30,
  },
  sqlite: { synchronous: 'full' },
  postgres: { poolSize: 10 },
  trustedProxies: [],
  backendAddresses: [],
  metrics: { enabled: false },
  logging: { level: 'info' },
  http: { keepAliveSeconds: 65 },
  shutdown: { graceSeconds: 10, readinessDelaySeconds: 0 },
  rateLimits: {
    sendsPerIdentifier: { limit: 5, windowSeconds: 60 },
    sendsPerIp: { limit: 50, windowSeconds: 60 },
    passwordAttemptsPerIp: { limit: 60, windowSeconds: 60 },
    strengthChecksPerIp: { limit: 120, windowSeconds: 60 },
    userSearchesPerIp: { limit: 120, windowSeconds: 60 },
    eventsPerIp: { limit: 300, windowSeconds: 60 },
    secretKeyFailuresPerIp: { limit: 10, windowSeconds: 60 },
    webauthnChallengesPerIp: { limit: 60, windowSeconds: 60 },
    cryptoWalletChallengesPerIp: { limit: 60, windowSeconds: 60 },
    oauthStartsPerIp: { limit: 60, windowSeconds: 60 },
    cryptoWalletSignatureFailuresPerIp: { limit: 10, windowSeconds: 60 },
  },
  recentAuthenticationMinutes: 5,
  lockout: { maxFailuresPerCode: 5, maxFailuresPerUser: 10, windowMinutes: 60 },
};

describe('parseConfig', () => {
  it('fills every default for an empty configuration, for {} as for undefined', () => {
    expect(parseConfig({})).toEqual(DEFAULTS);
    expect(parseConfig(undefined)).toEqual(DEFAULTS);
    expect(PRODUCTS).toEqual(DEFAULTS.project.products);
  });

  it('keeps what is given and defaults the rest, nested objects included', () => {
    const config = parseConfig({
      mode: 'production',
      smtp: { url: 'smtp://mail.example.com:587', from: 'Acme <no-reply@acme.example>' },
      project: { name: 'Acme', pkce: { sso: true }, passwordPolicy: { type: 'luds' } },
      lockout: { maxFailuresPerUser: 3 },
    });
    expect(config.mode).toBe('production');
    expect(config.project).toEqual({
      ...DEFAULTS.project,
      name: 'Acme',
      pkce: { emailMagicLinks: true, passwordResets: true, oauth: true, sso: true },
      passwordPolicy: { type: 'luds', complexity: 3, minimumCount: 8 },
      // The development upstream is never on in production.
      oauth: { ...OAUTH_DEFAULTS, developmentUpstream: { enabled: false, host: '127.0.0.1', port: 0 } },
    });
    expect(config.lockout).toEqual({ maxFailuresPerCode: 5, maxFailuresPerUser: 3, windowMinutes: 60 });
  });

  it('binds every redirect flow to the starting browser by default, and unbinds one only with a reason', () => {
    expect(unboundRedirectFlows(parseConfig({}).project)).toEqual([]);
    expect(problem({ project: { pkce: { oauth: false, emailMagicLinks: false } } })).toBe(
      [
        'Invalid Latchkey provider configuration:',
        "  project.pkce.emailMagicLinks: false binds the token at the end of this flow to no browser, so a link an attacker sends signs whoever opens it in to the attacker's account (login CSRF). Leave it on, or say why in project.pkce.unboundReason",
        "  project.pkce.oauth: false binds the token at the end of this flow to no browser, so a link an attacker sends signs whoever opens it in to the attacker's account (login CSRF). Leave it on, or say why in project.pkce.unboundReason",
      ].join('\n'),
    );
    expect(problem({ project: { pkce: { passwordResets: false, unboundReason: 'because' } } })).toBe(
      'Invalid Latchkey provider configuration:\n  project.pkce.unboundReason: must say why, in at least 20 characters',
    );
    const reason = 'users open sign-in links on their phone after asking on a laptop';
    const config = parseConfig({ project: { pkce: { emailMagicLinks: false, unboundReason: reason } } });
    expect(config.project.pkce).toEqual({
      emailMagicLinks: false,
      passwordResets: true,
      oauth: true,
      sso: false,
      unboundReason: reason,
    });
    expect(unboundRedirectFlows(config.project)).toEqual(['emailMagicLinks']);
    expect(describeUnboundFlows(config)).toBe(
      `WARNING: magic links not bound to the starting browser (PKCE off): a link an attacker sends can sign a visitor in to the attacker's account. Reason given: ${reason}`,
    );
    expect(describeUnboundFlows(parseConfig({}))).toBeNull();
  });

  it('takes project.mfa.required and refuses a misspelt or mistyped key', () => {
    expect(parseConfig({ project: { mfa: { required: true } } }).project.mfa).toEqual({ required: true });
    expect(problem({ project: { mfa: { requried: true } } })).toMatch(/project\.mfa: Unrecognized key/);
    expect(problem({ project: { mfa: { required: 'yes' } } })).toMatch(/project\.mfa\.required: /);
  });

  it('throws one readable error that names the path of every problem', () => {
    expect(problem({ project: { publicToken: 'secret-key-123', allowedOrigins: 'http://localhost:5173' } })).toBe(
      [
        'Invalid Latchkey provider configuration:',
        '  project.publicToken: Invalid string: must match pattern /^public-token-(test|live)-[A-Za-z0-9-]+$/',
        '  project.allowedOrigins: Invalid input: expected array, received string',
      ].join('\n'),
    );
  });

  it.each([
    [{ mode: 'staging' }, 'mode: '],
    [{ project: { projectId: 'acme' } }, 'project.projectId: '],
    [{ project: { products: ['email_otp', 'fax'] } }, 'project.products.1: '],
    [{ project: { passwordPolicy: { type: 'luds', minimumCount: 4 } } }, 'project.passwordPolicy.minimumCount: '],
    [{ project: { breachRangeApiUrl: 'not a url' } }, 'project.breachRangeApiUrl: '],
    [{ rateLimits: { sendsPerIp: { limit: 0, windowSeconds: 60 } } }, 'rateLimits.sendsPerIp.limit: '],
    [{ lockout: { windowMinutes: 1.5 } }, 'lockout.windowMinutes: '],
    [{ smtp: { url: 'smtp://x' } }, 'smtp.from: '],
    [5, '(root): '],
  ])('refuses %j, naming %s', (input, path) => {
    const message = problem(input);
    expect(message.startsWith('Invalid Latchkey provider configuration:\n')).toBe(true);
    expect(message).toContain(`\n  ${path}`);
  });

  it('refuses a default redirect URL that is not in the allowlist', () => {
    expect(
      problem({
        project: {
          redirectUrls: ['https://app.example.com/authenticate'],
          defaultRedirectUrls: { login: 'https://app.example.com/authenticate', signup: 'https://evil.example/x' },
        },
      }),
    ).toBe(
      'Invalid Latchkey provider configuration:\n  project.defaultRedirectUrls.signup: https://evil.example/x is not in project.redirectUrls',
    );
  });

  it('refuses misspelt keys instead of silently falling back to the defaults', () => {
    expect(problem({ project: { allowedOrigin: ['https://app.example.com'] } })).toBe(
      'Invalid Latchkey provider configuration:\n  project: Unrecognized key: "allowedOrigin"',
    );
    expect(problem({ smpt: null })).toContain('(root): Unrecognized key: "smpt"');
  });

  it('refuses allowed origins that are not bare origins and redirect URLs that are not http(s)', () => {
    expect(problem({ project: { allowedOrigins: ['https://app.example.com/'] } })).toBe(
      'Invalid Latchkey provider configuration:\n  project.allowedOrigins.0: must be an origin such as http://localhost:5173 (scheme, host and port; no path, no trailing slash)',
    );
    expect(problem({ project: { redirectUrls: ['javascript:alert(1)'] } })).toBe(
      'Invalid Latchkey provider configuration:\n  project.redirectUrls.0: must be an absolute http(s) URL',
    );
  });

  it('refuses address-list entries that are neither an IP address nor a CIDR range (they would match nothing)', () => {
    expect(problem({ trustedProxies: ['10.0.0.0/8', '2001:db8::/32', '::ffff:10.0.0.7', 'proxy.internal'] })).toBe(
      'Invalid Latchkey provider configuration:\n  trustedProxies.3: Expected an IP address (10.0.0.7, 2001:db8::5) or a CIDR range (10.0.0.0/8, 2001:db8::/32)',
    );
    expect(problem({ backendAddresses: ['10.0.0.0/33'] })).toContain('backendAddresses.0: Expected an IP address');
  });

  it('accepts default redirect URLs that are in the allowlist', () => {
    const config = parseConfig({
      project: {
        redirectUrls: ['https://app.example.com/authenticate', 'https://app.example.com/reset'],
        defaultRedirectUrls: {
          login: 'https://app.example.com/authenticate',
          resetPassword: 'https://app.example.com/reset',
        },
      },
    });
    expect(config.project.defaultRedirectUrls).toEqual({
      login: 'https://app.example.com/authenticate',
      resetPassword: 'https://app.example.com/reset',
    });
  });
});

describe('loadConfigFile', () => {
  const directories: string[] = [];
  afterEach(() => {
    for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
  });
  function directory(): string {
    const path = mkdtempSync(join(tmpdir(), 'latchkey-config-'));
    directories.push(path);
    return path;
  }

  it('reads and checks a configuration file', () => {
    const path = join(directory(), 'latchkey.config.json');
    writeFileSync(path, JSON.stringify({ project: { name: 'From file' } }));
    expect(loadConfigFile(path, { required: true })).toEqual({
      ...DEFAULTS,
      project: { ...DEFAULTS.project, name: 'From file' },
    });
  });

  it('uses the defaults when the optional default file is missing', () => {
    expect(loadConfigFile(join(directory(), 'latchkey.config.json'), { required: false })).toEqual(DEFAULTS);
  });

  it('refuses a missing file that was asked for by name', () => {
    const path = join(directory(), 'missing.json');
    expect(() => loadConfigFile(path, { required: true })).toThrow(
      new RegExp(`^Cannot read the configuration file ${path.replaceAll(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: ENOENT`),
    );
  });

  it('refuses a file that is not JSON, even when optional, naming the file', () => {
    const path = join(directory(), 'latchkey.config.json');
    writeFileSync(path, '{ "project": { name: "no quotes" } }');
    for (const required of [true, false]) {
      expect(() => loadConfigFile(path, { required })).toThrow(`The configuration file ${path} is not valid JSON: `);
    }
  });

  it('refuses a file whose content is not a valid configuration', () => {
    const path = join(directory(), 'latchkey.config.json');
    writeFileSync(path, JSON.stringify({ project: { publicToken: 'nope' } }));
    expect(() => loadConfigFile(path, { required: false })).toThrow(
      'Invalid Latchkey provider configuration:\n  project.publicToken: ',
    );
  });

  it('reports a path that cannot be read (a directory) instead of taking defaults', () => {
    const path = directory();
    expect(() => loadConfigFile(path, { required: false })).toThrow(`Cannot read the configuration file ${path}: `);
  });
});

describe('metrics, logging and shutdown', () => {
  it('takes the operator settings and refuses a secret where a variable name belongs, or a bad level or grace', () => {
    const config = parseConfig({
      metrics: { enabled: true, tokenEnv: 'LATCHKEY_METRICS_TOKEN' },
      logging: { level: 'warn', format: 'json' },
      shutdown: { graceSeconds: 30, readinessDelaySeconds: 15 },
    });
    expect([config.metrics, config.logging, config.shutdown]).toEqual([
      { enabled: true, tokenEnv: 'LATCHKEY_METRICS_TOKEN' },
      { level: 'warn', format: 'json' },
      { graceSeconds: 30, readinessDelaySeconds: 15 },
    ]);
    expect(() => parseConfig({ metrics: { enabled: true, tokenEnv: 's3cr3t token!' } })).toThrow(
      /metrics\.tokenEnv: must be the name of an environment variable/,
    );
    expect(() => parseConfig({ logging: { level: 'verbose' } })).toThrow(/logging\.level/);
    expect(parseConfig({ http: { keepAliveSeconds: 120 } }).http).toEqual({ keepAliveSeconds: 120 });
    expect(() => parseConfig({ http: { keepAliveSeconds: 0 } })).toThrow(/http\.keepAliveSeconds/);
    expect(() => parseConfig({ shutdown: { graceSeconds: -1 } })).toThrow(/shutdown\.graceSeconds/);
    expect(() => parseConfig({ shutdown: { readinessDelaySeconds: 1.5 } })).toThrow(/shutdown\.readinessDelaySeconds/);
  });

  it('warns at start when production serves /metrics to anyone (no metrics.tokenEnv)', () => {
    const production = (metrics: object) =>
      parseConfig({ mode: 'production', publicUrl: 'https://auth.example.com', metrics });
    expect(describeOpenMetrics(production({ enabled: true }))).toBe(
      'WARNING: GET /metrics answers anyone who reaches this port (metrics.tokenEnv is not set). Set metrics.tokenEnv ' +
        'to the name of a variable holding a bearer token, or keep the port off the public network.',
    );
    expect(describeOpenMetrics(production({ enabled: true, tokenEnv: 'LATCHKEY_METRICS_TOKEN' }))).toBeNull();
    expect(describeOpenMetrics(production({ enabled: false }))).toBeNull();
    expect(describeOpenMetrics(parseConfig({ metrics: { enabled: true } }))).toBeNull();
  });

  it('warns at start when development mode listens on an address other machines reach', () => {
    const development = parseConfig({});
    expect(describeExposedDevelopment(development, '0.0.0.0')).toBe(
      'WARNING: development mode on 0.0.0.0, which other machines can reach. The development inbox and sign-in ' +
        'stand-ins answer only this machine; set "mode": "production" for a provider others use.',
    );
    expect(describeExposedDevelopment(development, '::')).toContain('development mode on ::');
    expect(describeExposedDevelopment(development, '127.0.0.1')).toBeNull();
    expect(describeExposedDevelopment(development, '::1')).toBeNull();
    expect(describeExposedDevelopment(development, 'localhost')).toBeNull();
    const production = parseConfig({ mode: 'production', publicUrl: 'https://auth.example.com' });
    expect(describeExposedDevelopment(production, '0.0.0.0')).toBeNull();
  });
});

describe('phone.allowedCountries', () => {
  it('takes region codes libphonenumber-js knows, in capitals, and refuses an empty list', () => {
    expect(parseConfig({ phone: { allowedCountries: ['US', 'CA', 'GG'] } }).phone.allowedCountries).toEqual([
      'US',
      'CA',
      'GG',
    ]);
    expect(parseConfig({}).phone.allowedCountries).toBeNull();
    for (const allowedCountries of [['us'], ['USA'], ['XX'], ['UK'], []]) {
      expect(() => parseConfig({ phone: { allowedCountries } })).toThrow(/phone\.allowedCountries/);
    }
    expect(() => parseConfig({ phone: { allowedCountries: ['UK'] } })).toThrow(
      'must be an ISO 3166-1 alpha-2 region code in capitals that has phone numbers, such as US, GB or JM',
    );
  });
});

describe('phone.twilio', () => {
  const twilio = {
    accountSid: `AC${'0123456789abcdef'.repeat(2)}`,
    authTokenEnv: 'TWILIO_AUTH_TOKEN',
    from: '+14155550199',
    whatsappFrom: '+14155550198',
  };
  const production = (extra: Record<string, unknown>) => ({
    mode: 'production',
    phone: { twilio: { ...twilio, ...extra } },
  });
  const CONTENT_SID = `HX${'fedcba9876543210'.repeat(2)}`;

  it('takes whatsappContentSid only as a Content SID: HX and 32 hex digits', () => {
    expect(parseConfig({ phone: { twilio: { ...twilio, whatsappContentSid: CONTENT_SID } } }).phone.twilio).toEqual({
      ...twilio,
      whatsappContentSid: CONTENT_SID,
      apiBaseUrl: 'https://api.twilio.com',
      timeoutSeconds: 10,
    });
    for (const wrong of ['HX123', `MG${'0'.repeat(32)}`, `HX${'g'.repeat(32)}`, `HX${'0'.repeat(33)}`, '']) {
      expect(problem({ phone: { twilio: { ...twilio, whatsappContentSid: wrong } } })).toContain(
        'phone.twilio.whatsappContentSid: must be a Content SID: HX followed by 32 hex digits',
      );
    }
  });

  it('refuses a plain-http apiBaseUrl in production unless its host is a loopback address', () => {
    for (const url of [
      'http://api.twilio.com',
      'http://10.0.0.5:8080',
      'http://twilio-proxy.internal',
      'http://app.localhost',
    ]) {
      expect(problem(production({ apiBaseUrl: url }))).toBe(
        'Invalid Latchkey provider configuration:\n  phone.twilio.apiBaseUrl: must be an https URL in production: over http: the Twilio Auth Token would cross the network unencrypted (plain http is accepted only for a loopback host: localhost, 127.0.0.0/8, [::1])',
      );
    }
    for (const url of [
      'https://api.twilio.com',
      'https://api.dublin.ie1.twilio.com',
      'http://localhost:4010',
      'http://127.0.0.1:4010',
      'http://127.8.9.10',
      'http://[::1]:4010',
    ]) {
      expect(parseConfig(production({ apiBaseUrl: url })).phone.twilio?.apiBaseUrl).toBe(url);
    }
    // Development keeps accepting any http(s) URL.
    expect(
      parseConfig({ phone: { twilio: { ...twilio, apiBaseUrl: 'http://api.twilio.com' } } }).phone.twilio,
    ).toMatchObject({ apiBaseUrl: 'http://api.twilio.com' });
  });

  it('warns about WhatsApp passcodes sent as free text in production only', () => {
    expect(describeWhatsappWithoutTemplate(parseConfig(production({})))).toBe(
      'WARNING: WhatsApp passcodes go through Twilio as free text (phone.twilio.whatsappContentSid is not set): WhatsApp delivers them only to someone who wrote to the sender in the last 24 hours, and Twilio reports the others as failed (error 63016) after accepting them. Set whatsappContentSid to an approved WhatsApp template.',
    );
    expect(describeWhatsappWithoutTemplate(parseConfig(production({ whatsappContentSid: CONTENT_SID })))).toBeNull();
    expect(describeWhatsappWithoutTemplate(parseConfig(production({ whatsappFrom: undefined })))).toBeNull();
    expect(describeWhatsappWithoutTemplate(parseConfig({ phone: { twilio } }))).toBeNull();
    expect(describeWhatsappWithoutTemplate(parseConfig({ mode: 'production' }))).toBeNull();
  });
});
