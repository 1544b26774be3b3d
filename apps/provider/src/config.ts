import { readFileSync } from 'node:fs';
import { type CountryCode, getCountries } from 'libphonenumber-js/min';
import { z } from 'zod';
import { environmentVariableName, isLoopbackHostname, rateWindow } from './configFields';
import { parseAddressRange } from './http/addresses';
import { PRODUCT_DESCRIPTORS } from './products/descriptors';
import {
  PKCE_FLOWS,
  type PkceFlow,
  PRODUCT_DEFAULT_REDIRECT_URLS,
  PRODUCT_PROJECT_CONFIG,
  PRODUCT_RATE_LIMITS,
  PRODUCT_SWITCHES,
  type ProductSwitch,
} from './products/productParts';

/** An entry of an address list (`trustedProxies`, `backendAddresses`): an IP address or a CIDR range. */
const addressEntry = z.string().refine((entry) => parseAddressRange(entry) !== null, {
  message: 'Expected an IP address (10.0.0.7, 2001:db8::5) or a CIDR range (10.0.0.0/8, 2001:db8::/32)',
});

/**
 * The sign-in methods a project can switch on (the contract's product names, declared by the products that answer for
 * them: `config.switches` of their descriptors). Calls to a method that is off answer `method_not_enabled`.
 */
export const PRODUCTS: readonly ProductSwitch[] = PRODUCT_SWITCHES;
export type Product = ProductSwitch;

/** `project.pkce`'s switch of each redirect flow a product declares (`config.pkceFlows`): on by default. */
const pkceFlowSwitches = Object.fromEntries(
  Object.keys(PKCE_FLOWS).map((flow) => [flow, z.boolean().default(true)]),
) as Record<PkceFlow, z.ZodDefault<z.ZodBoolean>>;
const PKCE_FLOW_NAMES = Object.keys(PKCE_FLOWS) as PkceFlow[];

const rbacPermission = z.strictObject({ resource_id: z.string(), actions: z.array(z.string()) });
const rbacPolicy = z.strictObject({
  roles: z.array(
    z.strictObject({ role_id: z.string(), description: z.string().default(''), permissions: z.array(rbacPermission) }),
  ),
  resources: z.array(
    z.strictObject({ resource_id: z.string(), description: z.string().default(''), actions: z.array(z.string()) }),
  ),
  /**
   * Custom OAuth scopes of the identity provider: a user may grant one only if their roles hold every permission
   * it lists; `description` is what the consent screen shows for it.
   */
  scopes: z
    .array(
      z.strictObject({
        scope: z.string(),
        description: z.string().default(''),
        permissions: z.array(rbacPermission).default([]),
      }),
    )
    .default([]),
});

/** Twilio's REST API, where text and WhatsApp messages go by default. */
export const TWILIO_API_BASE_URL = 'https://api.twilio.com';

const REGION_CODES: ReadonlySet<string> = new Set(getCountries());

/** An ISO 3166-1 alpha-2 region code libphonenumber-js knows, in capitals (`US`, `GB`, `GG`). */
const countryCode = z.string().refine((code) => REGION_CODES.has(code), {
  message: 'must be an ISO 3166-1 alpha-2 region code in capitals that has phone numbers, such as US, GB or JM',
});

/** Whether `phone.allowedCountries` lets a passcode be texted to a number placed in `country` (undefined: not placed). */
export function phoneCountryAllowed(config: ProviderConfig, country: CountryCode | undefined): boolean {
  const allowed = config.phone.allowedCountries;
  return allowed === null || (country !== undefined && allowed.includes(country));
}

const twilioConfig = z
  .strictObject({
    /** The Account SID (`AC` and 32 hex digits): the user of the API's Basic auth and part of the Messages URL. */
    accountSid: z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/, { message: 'must be an Account SID: AC followed by 32 hex digits' }),
    /** The environment variable holding the Auth Token (never the token itself). */
    authTokenEnv: environmentVariableName,
    /** The sender of text messages: a Twilio phone number (E.164), a short code or an alphanumeric sender ID. */
    from: z.string().min(1).max(64).optional(),
    /** The WhatsApp sender (E.164, with or without the `whatsapp:` prefix). Without it, WhatsApp passcodes are off. */
    whatsappFrom: z
      .string()
      .regex(/^(whatsapp:)?\+[1-9]\d{1,14}$/, { message: 'must be an E.164 number such as +14155550100' })
      .optional(),
    /**
     * The Content SID (`HX` and 32 hex digits) of the approved WhatsApp template WhatsApp passcodes are sent with, its
     * variable `1` the passcode (a `whatsapp/authentication` template has exactly that one variable). WhatsApp delivers
     * a message the business starts outside a 24-hour customer service window, as a sign-in passcode almost always
     * is, only as an approved template: free text is accepted by the API and then fails (error 63016). Without it,
     * WhatsApp passcodes go as free text, which reaches only someone who wrote to the sender in the last 24 hours.
     * https://www.twilio.com/docs/content/send-templates-created-with-the-content-template-builder
     */
    whatsappContentSid: z
      .string()
      .regex(/^HX[0-9a-fA-F]{32}$/, { message: 'must be a Content SID: HX followed by 32 hex digits' })
      .optional(),
    /**
     * Where the API answers (a regional endpoint, a stand-in in tests). In production it must be https unless its host
     * is a loopback address (parseConfig): every request carries the Auth Token.
     */
    apiBaseUrl: z
      .string()
      .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol) && !value.endsWith('/'), {
        message: 'must be an absolute http(s) URL without a trailing slash',
      })
      .default(TWILIO_API_BASE_URL),
    /** How long one API call may take before it counts as failed (and is retried). */
    timeoutSeconds: z.number().int().min(1).max(120).default(10),
  })
  .refine((value) => value.from !== undefined || value.whatsappFrom !== undefined, {
    message: 'give from (text messages), whatsappFrom (WhatsApp), or both',
  });

const outboxConfig = z.strictObject({
  /** Delivery attempts of one message before it is given up on (recorded as failed). */
  maxAttempts: z.number().int().min(1).max(50).default(8),
  /** The wait before the second attempt; each further wait doubles, up to `maxBackoffSeconds`. */
  initialBackoffSeconds: z.number().min(0.1).max(3600).default(2),
  maxBackoffSeconds: z.number().min(1).max(86_400).default(300),
  /** How long one attempt may take; after twice this, another instance may take the message over. */
  attemptTimeoutSeconds: z.number().int().min(1).max(600).default(30),
  /** How often each instance looks for messages due (new ones are tried at once by the instance that stored them). */
  pollIntervalSeconds: z.number().min(0.05).max(3600).default(2),
});

const purgeConfig = z.strictObject({
  /** Run the purge periodically in every instance (one at a time across instances). */
  enabled: z.boolean().default(true),
  /** How often; an instance skips a run when another finished one less than this ago. */
  intervalMinutes: z.number().min(1).max(10_080).default(60),
  /** Rows deleted per statement: each statement is short, so no lock is held for long. */
  batchSize: z.number().int().min(10).max(100_000).default(500),
  /** Expired or revoked sessions stay this long (server calls still answer `expired` or `revoked` for them). */
  sessionGraceDays: z.number().min(0).max(3650).default(7),
  /** The development inbox keeps messages this long. */
  devInboxHours: z.number().min(0).max(87_600).default(24),
  /** Delivered outbox rows (already without their content) stay this long. */
  deliveredMessagesHours: z.number().min(0).max(87_600).default(24),
  /** Outbox rows given up on stay this long, for inspection. */
  failedMessagesDays: z.number().min(0).max(3650).default(7),
  /** SDK telemetry events (`POST /events`). */
  eventsDays: z.number().min(0).max(3650).default(30),
  /** The audit trails: failed guesses (`auth_failures`) and redeemed impersonation tokens (who impersonated whom, why). */
  authFailuresDays: z.number().min(0).max(3650).default(30),
});

const rateLimitsSchema = z.strictObject({
  sendsPerIdentifier: rateWindow.default({ limit: 5, windowSeconds: 60 }),
  sendsPerIp: rateWindow.default({ limit: 50, windowSeconds: 60 }),
  /** `users/search` calls. */
  userSearchesPerIp: rateWindow.default({ limit: 120, windowSeconds: 60 }),
  /**
   * Telemetry events stored by the unauthenticated `POST /events` (each event of a batch counts). A browser sends a
   * handful per page load; each row is at most about 1.2 kB (project.ts), so one IP adds at most ~0.5 GB a day.
   */
  eventsPerIp: rateWindow.default({ limit: 300, windowSeconds: 60 }),
  /** Server calls (`/v1/…`) refused for a missing or wrong secret key; past it even the right key waits. */
  secretKeyFailuresPerIp: rateWindow.default({ limit: 10, windowSeconds: 60 }),
  // Each product's entries (`config.rateLimits` of its descriptor), in the descriptors' order.
  ...PRODUCT_RATE_LIMITS,
});

const projectSchema = z.strictObject({
  /** Shown in the bootstrap as `project_name`. */
  name: z.string().min(1).default('Latchkey Playground'),
  /** Stable id used as the JWT audience and in `users.project_id`. */
  projectId: z
    .string()
    .regex(/^project-(test|live)-[a-z0-9-]+$/)
    .default('project-test-latchkey-playground'),
  publicToken: z
    .string()
    .regex(/^public-token-(test|live)-[A-Za-z0-9-]+$/)
    .default('public-token-test-latchkey-playground'),
  /** Browser origins allowed to call the API (CORS), exactly as `new URL(x).origin` prints them. */
  allowedOrigins: z
    .array(
      z.string().refine((value) => URL.canParse(value) && new URL(value).origin === value, {
        message: 'must be an origin such as http://localhost:5173 (scheme, host and port; no path, no trailing slash)',
      }),
    )
    .default(['http://localhost:5173', 'http://127.0.0.1:5173']),
  /** Redirect URLs a client may name (magic links, password resets), compared by scheme, host, port and path. */
  redirectUrls: z
    .array(
      z.string().refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
        message: 'must be an absolute http(s) URL',
      }),
    )
    .default(['http://localhost:5173/authenticate', 'http://127.0.0.1:5173/authenticate']),
  /** Used when a call names no redirect URL. Each must be in `redirectUrls`. */
  defaultRedirectUrls: z
    .strictObject({
      login: z.string().optional(),
      signup: z.string().optional(),
      ...PRODUCT_DEFAULT_REDIRECT_URLS,
    })
    .default({}),
  products: z.array(z.enum(PRODUCTS as [Product, ...Product[]])).default([...PRODUCTS]),
  emailDomains: z.array(z.string()).default(['latchkey.dev']),
  /**
   * Browser binding of the tokens that end a redirect flow in the app (magic links, password resets, social sign-in
   * and One Tap): the start must carry a PKCE challenge and the redemption its verifier, which only the browser that
   * started holds, so a link an attacker sends signs nobody in to the attacker's account (login CSRF). On by
   * default; turning one off needs `unboundReason` (parseConfig). `sso` only feeds the bootstrap: there is no SSO.
   */
  pkce: z
    .strictObject({
      ...pkceFlowSwitches,
      sso: z.boolean().default(false),
      /** Why this project accepts links and sign-ins that finish in another browser than the one that asked. */
      unboundReason: z
        .string()
        .trim()
        .min(20, { message: 'must say why, in at least 20 characters' })
        .max(500)
        .optional(),
    })
    .default({
      ...(Object.fromEntries(PKCE_FLOW_NAMES.map((flow) => [flow, true])) as Record<PkceFlow, boolean>),
      sso: false,
    }),
  disableWatermark: z.boolean().default(false),
  rbacPolicy: rbacPolicy.nullable().default(null),
  /**
   * Multi-factor sign-in. With `required`, a first factor (passcode, magic link, password) of a user who has a
   * second factor (a verified TOTP) answers an `intermediate_session_token` instead of a session, and only a
   * second factor (`totps/authenticate`, `totps/recover`) turns it into one. A user without a second factor
   * gets a session, so they can enrol one.
   */
  mfa: z.strictObject({ required: z.boolean().default(false) }).default({ required: false }),
  // Each product's sections (`config.project` of its descriptor: `passwordPolicy`, `breachRangeApiUrl`, `webauthn`,
  // `cryptoWallets`, `oauth`, `trustedAuthTokens`, `idp`), in the descriptors' order.
  ...PRODUCT_PROJECT_CONFIG,
});

export const configSchema = z.strictObject({
  /** `development` turns on the development inbox (`GET /dev/inbox`); `production` never does. */
  mode: z.enum(['development', 'production']).default('development'),
  /**
   * The provider as browsers reach it (scheme, host, port, optional path; no trailing slash). Social sign-in's
   * upstream redirect URI is `${publicUrl}/v1/public/oauth/callback`.
   */
  publicUrl: z
    .string()
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol) && !value.endsWith('/'), {
      message: 'must be an absolute http(s) URL without a trailing slash, such as https://auth.example.com',
    })
    .default('http://localhost:8787'),
  project: projectSchema.default(projectSchema.parse({})),
  /** Outgoing email through SMTP (nodemailer), e.g. `smtp://user:pass@mail.example.com:587`. */
  smtp: z.strictObject({ url: z.string(), from: z.string() }).nullable().default(null),
  /** Text and WhatsApp messages: through Twilio's Messages API when `twilio` is set (services/twilio.ts). */
  phone: z
    .strictObject({
      twilio: twilioConfig.nullable().default(null),
      /**
       * The countries a passcode may be texted to (ISO 3166-1 alpha-2 region codes as libphonenumber-js places numbers:
       * `+1 876…` is `JM`, not `US`); null sends to every country. A toll-fraud control: see phoneCountryAllowed.
       */
      allowedCountries: z.array(countryCode).min(1).nullable().default(null),
    })
    .default({ twilio: null, allowedCountries: null }),
  /** Delivery of outgoing messages through the outbox table (services/outboxWorker.ts). */
  outbox: outboxConfig.default(outboxConfig.parse({})),
  /** The periodic removal of expired and used rows (ops/purge.ts). */
  purge: purgeConfig.default(purgeConfig.parse({})),
  /**
   * SQLite durability (`PRAGMA synchronous`; ignored on PostgreSQL): `full` survives a power loss, `normal`
   * (with WAL) survives a crash of the process. Concurrent commits are grouped either way.
   */
  sqlite: z.strictObject({ synchronous: z.enum(['full', 'normal']).default('full') }).default({ synchronous: 'full' }),
  /**
   * PostgreSQL (ignored on SQLite): the most connections one instance opens. Every instance opens its own, so the
   * server's `max_connections` must exceed instances × poolSize (plus whatever else connects).
   */
  postgres: z.strictObject({ poolSize: z.number().int().min(1).max(1000).default(10) }).default({ poolSize: 10 }),
  /**
   * Peers whose `X-Forwarded-For` (the client's address) and `X-Request-Id` (the request id the logs and the
   * answer carry) are believed: IP addresses or CIDR ranges. Nobody else's are.
   */
  trustedProxies: z.array(addressEntry).default([]),
  /**
   * The operator's own backends (IP addresses or CIDR ranges): their right secret key is answered even once their
   * address has reached `rateLimits.secretKeyFailuresPerIp` (a neighbour on a shared NAT address cannot lock them
   * out); their wrong keys still count and are refused.
   */
  backendAddresses: z.array(addressEntry).default([]),
  /**
   * The HTTP listener of the command line (server.ts). `keepAliveSeconds`: how long an idle keep-alive connection
   * stays open. Above a load balancer's idle timeout (AWS ALB 60 s), or the balancer sends a request on a connection
   * the provider has just closed and answers 502; Node's own default is 5 s.
   */
  http: z
    .strictObject({ keepAliveSeconds: z.number().int().min(1).max(3600).default(65) })
    .default({ keepAliveSeconds: 65 }),
  /** `GET /metrics` (Prometheus text format; ops/metrics.ts). Off by default: the route does not exist then. */
  metrics: z
    .strictObject({
      enabled: z.boolean().default(false),
      /**
       * The environment variable holding a bearer token `GET /metrics` then requires (`Authorization: Bearer …`);
       * without it the endpoint answers anyone who can reach it.
       */
      tokenEnv: environmentVariableName.optional(),
    })
    .default({ enabled: false }),
  /** The request log (ops/logging.ts): one line per request on standard output, from the command line. */
  logging: z
    .strictObject({
      /** The lowest level written: every request is `info` (a 5xx answer `error`); `silent` writes nothing. */
      level: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
      /** `json`: one JSON object a line; `pretty`: a short human line. Default: pretty in development, JSON in production. */
      format: z.enum(['json', 'pretty']).optional(),
    })
    .default({ level: 'info' }),
  /**
   * What SIGTERM/SIGINT do (cli.ts): `/readyz` turns 503 at once; after `readinessDelaySeconds` (default 0: at once)
   * stop accepting, answer what is in flight for at most `graceSeconds`, then exit. The delay lets a load balancer's
   * health checks see the 503 and stop sending traffic while the instance still accepts it.
   */
  shutdown: z
    .strictObject({
      graceSeconds: z.number().int().min(0).max(3600).default(10),
      readinessDelaySeconds: z.number().int().min(0).max(600).default(0),
    })
    .default({ graceSeconds: 10, readinessDelaySeconds: 0 }),
  /**
   * Fixed-window limits kept in the database (shared by every instance); past one a call answers 429
   * `too_many_requests` with `Retry-After`. Per IP means per client IP as `trustedProxies` resolves it.
   */
  rateLimits: rateLimitsSchema.default(rateLimitsSchema.parse({})),
  /**
   * How recent a password or email factor of the session must be for a sensitive change: a password set by
   * session, an identifier added to or removed from the account (answers `reauthentication_required`).
   */
  recentAuthenticationMinutes: z.number().int().min(1).max(1440).default(5),
  lockout: z
    .strictObject({
      /** Wrong guesses one passcode or token survives before it is burned. */
      maxFailuresPerCode: z.number().int().positive().default(5),
      /**
       * Guesses across every path (a passcode, a password) a user survives within the window: each guess takes a
       * slot before it is checked; a right one gives its slot back, a successful password reset clears them.
       */
      maxFailuresPerUser: z.number().int().positive().default(10),
      windowMinutes: z.number().int().positive().default(60),
    })
    .default({ maxFailuresPerCode: 5, maxFailuresPerUser: 10, windowMinutes: 60 }),
});

export type ProviderConfig = z.infer<typeof configSchema>;
export type ProjectConfig = ProviderConfig['project'];
/** What callers may pass: every field optional, nested objects partial. */
export type ProviderConfigInput = z.input<typeof configSchema>;

/** Parses and checks a configuration; throws one readable error listing every problem. */
export function parseConfig(input: unknown): ProviderConfig {
  const result = configSchema.safeParse(input ?? {});
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new Error(`Invalid Latchkey provider configuration:\n${lines.join('\n')}`);
  }
  let config = result.data;
  // The checks zod cannot make of each product's sections (`config.check` of its descriptor).
  for (const product of PRODUCT_DESCRIPTORS) product.config?.check?.(config);
  // What each product settles once the whole configuration is known (`config.settle` of its descriptor).
  for (const product of PRODUCT_DESCRIPTORS) {
    const settled = product.config?.settle?.(config);
    if (settled !== undefined) config = { ...config, project: { ...config.project, ...settled } as ProjectConfig };
  }
  const twilioUrlProblem = twilioApiBaseUrlProblem(config);
  if (twilioUrlProblem !== null) {
    throw new Error(`Invalid Latchkey provider configuration:\n  phone.twilio.apiBaseUrl: ${twilioUrlProblem}`);
  }
  const unbound = unboundRedirectFlows(config.project);
  if (unbound.length > 0 && config.project.pkce.unboundReason === undefined) {
    const lines = unbound.map(
      (flow) =>
        `  project.pkce.${flow}: false binds the token at the end of this flow to no browser, so a link an attacker sends signs whoever opens it in to the attacker's account (login CSRF). Leave it on, or say why in project.pkce.unboundReason`,
    );
    throw new Error(`Invalid Latchkey provider configuration:\n${lines.join('\n')}`);
  }
  for (const [name, url] of Object.entries(config.project.defaultRedirectUrls)) {
    if (url !== undefined && !config.project.redirectUrls.includes(url)) {
      throw new Error(
        `Invalid Latchkey provider configuration:\n  project.defaultRedirectUrls.${name}: ${url} is not in project.redirectUrls`,
      );
    }
  }
  return config;
}

/**
 * Why production refuses `phone.twilio.apiBaseUrl`, or null. Every request to it carries the Auth Token in its Basic
 * header, so in production it must be https; plain http stays allowed for a loopback host (a stand-in on the same
 * machine, as in the tests), where the token never crosses a network. Development accepts any http(s) URL.
 */
function twilioApiBaseUrlProblem(config: ProviderConfig): string | null {
  const twilio = config.phone.twilio;
  if (config.mode !== 'production' || twilio === null) return null;
  const url = new URL(twilio.apiBaseUrl);
  if (url.protocol === 'https:' || isLoopbackHostname(url.hostname)) return null;
  return `must be an https URL in production: over ${url.protocol} the Twilio Auth Token would cross the network unencrypted (plain http is accepted only for a loopback host: localhost, 127.0.0.0/8, [::1])`;
}

/**
 * The start-up warning for WhatsApp passcodes Twilio sends as free text in production (`phone.twilio.whatsappFrom`,
 * which is there to send them, without `whatsappContentSid`), or null. Twilio accepts such a message and WhatsApp
 * then drops it unless the recipient wrote to the sender in the last 24 hours (error 63016), while the outbox counts
 * it as sent. https://www.twilio.com/docs/api/errors/63016
 */
export function describeWhatsappWithoutTemplate(config: ProviderConfig): string | null {
  const twilio = config.phone.twilio;
  if (config.mode !== 'production' || twilio === null) return null;
  if (twilio.whatsappFrom === undefined || twilio.whatsappContentSid !== undefined) return null;
  return (
    'WARNING: WhatsApp passcodes go through Twilio as free text (phone.twilio.whatsappContentSid is not set): WhatsApp ' +
    'delivers them only to someone who wrote to the sender in the last 24 hours, and Twilio reports the others as ' +
    'failed (error 63016) after accepting them. Set whatsappContentSid to an approved WhatsApp template.'
  );
}

/**
 * A warning for development mode on an address other machines reach: its development routes answer only this machine
 * (routes/devInbox.ts), but nothing else of development mode is meant for a network.
 */
export function describeExposedDevelopment(config: ProviderConfig, host: string): string | null {
  if (config.mode !== 'development' || isLoopbackHostname(host.includes(':') ? `[${host}]` : host)) return null;
  return (
    `WARNING: development mode on ${host}, which other machines can reach. The development inbox and sign-in ` +
    'stand-ins answer only this machine; set "mode": "production" for a provider others use.'
  );
}

/**
 * The start-up warning for a metrics endpoint anyone can read in production (`metrics.enabled` without
 * `metrics.tokenEnv`), or null: its numbers (sign-ins, refusals, the Node version) are for the operator.
 */
export function describeOpenMetrics(config: ProviderConfig): string | null {
  if (config.mode !== 'production' || !config.metrics.enabled || config.metrics.tokenEnv !== undefined) return null;
  return (
    'WARNING: GET /metrics answers anyone who reaches this port (metrics.tokenEnv is not set). Set metrics.tokenEnv ' +
    'to the name of a variable holding a bearer token, or keep the port off the public network.'
  );
}

/** The redirect flows the project leaves unbound to the starting browser (PKCE switched off), in config order. */
export function unboundRedirectFlows(project: ProjectConfig): PkceFlow[] {
  return PKCE_FLOW_NAMES.filter((flow) => !project.pkce[flow]);
}

/** The loud line for redirect flows left unbound to the starting browser (`project.pkce`), or null when none are. */
export function describeUnboundFlows(config: ProviderConfig): string | null {
  const unbound = unboundRedirectFlows(config.project);
  if (unbound.length === 0) return null;
  return (
    `WARNING: ${unbound.map((flow) => PKCE_FLOWS[flow]).join(', ')} not bound to the starting browser (PKCE off): ` +
    `a link an attacker sends can sign a visitor in to the attacker's account. Reason given: ${config.project.pkce.unboundReason}`
  );
}

/** Reads `latchkey.config.json` (or the given path). A missing default file means all defaults. */
export function loadConfigFile(path: string, { required }: { required: boolean }): ProviderConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (!required && (error as NodeJS.ErrnoException).code === 'ENOENT') return parseConfig({});
    throw new Error(`Cannot read the configuration file ${path}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`The configuration file ${path} is not valid JSON: ${(error as Error).message}`);
  }
  return parseConfig(json);
}
