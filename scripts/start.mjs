// `npm start`: the reference provider on http://127.0.0.1:8787 (SQLite in .data/latchkey.sqlite), the
// playground (apps/playground, Vite) on http://localhost:5173 and the demo relying party
// (apps/playground/relying-party, an app that signs in with Latchkey as an OpenID Connect provider) on
// http://localhost:5174, side by side with prefixed output. The addresses are printed once all three answer.
// Ctrl-C stops them all; so does any one exiting, since none is useful alone. Dependency-free, like
// ensure-install.mjs (the demo relying party itself uses openid-client).
//
// Ports (a port that is taken stops `npm start` at once, exit code 1, with a line naming it and how to choose
// another):
//   --provider-port <n>    or LATCHKEY_PROVIDER_PORT    the provider (default 8787)
//   --playground-port <n>  or LATCHKEY_PLAYGROUND_PORT  the playground (default 5173)
//   --demo-port <n>        or LATCHKEY_DEMO_RP_PORT     the demo relying party (default 5174)
// --built (or LATCHKEY_PLAYGROUND_BUILT=1) serves the playground as a development build instead of Vite's dev server
// (apps/playground/serve-built.mjs): a page shows in about 1 s instead of about 5 s, with no hot reload. The browser
// tests start it so.
// e.g. `npm start -- --playground-port 5180` or `LATCHKEY_PLAYGROUND_PORT=5180 npm start`. The playground is then
// pointed at the provider's port (VITE_LATCHKEY_API_URL), and the provider allows the playground's origins
// (http://localhost:<port>, http://127.0.0.1:<port>) for CORS and their /authenticate as redirect URLs, on top of
// its configuration, and requires a second factor from users who have one (`project.mfa.required`, unless the
// configuration sets `project.mfa`). The provider always allows the Next.js example's origin too (http://localhost:5176,
// examples/nextjs), so `npm run dev -w @latchkey/example-nextjs` works beside `npm start`.
//
// The identity provider (`project.idp`): the provider's authorization and logout pages are the playground's
// /oauth/authorize and /oauth/logout, and two clients are added for the demo relying party, with their redirect
// URIs on its port: `latchkey-demo` (confidential, asks for consent; its secret is generated afresh at every start
// and handed to the provider and the demo through LATCHKEY_DEMO_CLIENT_SECRET, never written to a file) and
// `latchkey-demo-trusted` (public, PKCE, no consent). `rbacPolicy` gains the custom scopes the demo requests:
// `read:notes`, which every user may grant (the implicit `stytch_user` role holds it), and `read:invoices`, which
// only the `billing_admin` role may grant. A configuration file's own clients, roles and scopes stay; the ones
// here are added beside them unless the file already has one with the same id.
//
// Environment (used by the browser tests, handy by hand):
//   LATCHKEY_DB      the provider's database (`--db`): a SQLite file, `:memory:` or a postgres:// URL
//   LATCHKEY_CONFIG  the provider's configuration file (`--config`); default ./latchkey.config.json if present
// The SDK's own example page still runs on its own: `npm run example -w @latchkey/sdk`.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const color = Boolean(process.stdout.isTTY);
const windows = process.platform === 'win32';
const STARTUP_TIMEOUT_MS = 120_000;

function fail(message, code = 1) {
  process.stderr.write(`npm start: ${message}\n`);
  process.exit(code);
}

// ---- Ports ----

let options;
try {
  ({ values: options } = parseArgs({
    args: process.argv.slice(2),
    options: {
      'provider-port': { type: 'string' },
      'playground-port': { type: 'string' },
      'demo-port': { type: 'string' },
      built: { type: 'boolean' },
    },
    strict: true,
  }));
} catch (error) {
  fail(`${error.message}. Options: --provider-port <n>, --playground-port <n>, --demo-port <n>, --built.`, 2);
}

function port(flag, variable, fallback) {
  const [source, value] =
    options[flag] !== undefined
      ? [`--${flag}`, options[flag]]
      : process.env[variable]
        ? [variable, process.env[variable]]
        : [null, String(fallback)];
  const number = Number(value);
  if (!/^\d+$/.test(value.trim()) || number < 1 || number > 65_535) {
    fail(`${source} must be a port number from 1 to 65535, not "${value}".`, 2);
  }
  return number;
}

// --built or LATCHKEY_PLAYGROUND_BUILT=1: the playground bundled first (pages load about five times faster, no hot
// reload); the browser tests use it.
const built = options.built === true || process.env.LATCHKEY_PLAYGROUND_BUILT === '1';
const providerPort = port('provider-port', 'LATCHKEY_PROVIDER_PORT', 8787);
const playgroundPort = port('playground-port', 'LATCHKEY_PLAYGROUND_PORT', 5173);
const demoPort = port('demo-port', 'LATCHKEY_DEMO_RP_PORT', 5174);
if (providerPort === playgroundPort) {
  fail(`the provider and the playground cannot share port ${providerPort}; choose two different ports.`, 2);
}
if (demoPort === providerPort || demoPort === playgroundPort) {
  const other = demoPort === providerPort ? 'provider' : 'playground';
  fail(`the demo relying party and the ${other} cannot share port ${demoPort}; choose different ports.`, 2);
}

/** Whether `port` can be listened on at `host`: false when something holds it (EADDRINUSE, EACCES). */
function canListen(port, host) {
  return new Promise((resolvePromise) => {
    const server = createServer();
    server.once('error', (error) => resolvePromise(error.code === 'EADDRNOTAVAIL' || error.code === 'EAFNOSUPPORT'));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolvePromise(true)));
  });
}

// Both loopback addresses: the provider listens on 127.0.0.1 and Vite on whichever `localhost` resolves to, and a
// browser opening http://localhost:<port> may reach either, so something on one of them is a clash.
async function isFree(port) {
  return (await canListen(port, '127.0.0.1')) && (await canListen(port, '::1'));
}

const PORTS = {
  provider: { port: providerPort, flag: '--provider-port', variable: 'LATCHKEY_PROVIDER_PORT', label: 'provider' },
  playground: {
    port: playgroundPort,
    flag: '--playground-port',
    variable: 'LATCHKEY_PLAYGROUND_PORT',
    label: 'playground',
  },
  demo: { port: demoPort, flag: '--demo-port', variable: 'LATCHKEY_DEMO_RP_PORT', label: 'demo relying party' },
};

/** The line for a port that is taken: which one, and how to choose another. */
function clashMessage(name) {
  const { port: portNumber, flag, variable, label } = PORTS[name];
  const taken = new Set(Object.values(PORTS).map((entry) => entry.port));
  let other = portNumber === 65_535 ? portNumber - 1 : portNumber + 1;
  while (taken.has(other)) other = other === 65_535 ? 1024 : other + 1;
  return (
    `port ${portNumber} (the ${label}) is already in use. Stop what is listening there, or choose another port: ` +
    `${variable}=${other} npm start (or npm start -- ${flag} ${other}).`
  );
}

const clashes = [];
for (const name of Object.keys(PORTS)) if (!(await isFree(PORTS[name].port))) clashes.push(clashMessage(name));
if (clashes.length > 0) fail(clashes.join('\nnpm start: '));

// ---- The provider's configuration: the playground's origins, and the examples' ----

// The Next.js example (examples/nextjs: `npm run dev -w @latchkey/example-nextjs`) runs on port 5176 and calls the
// provider from the browser, so its origin is allowed too, whatever the configuration file says.
const EXAMPLE_ORIGINS = ['http://localhost:5176', 'http://127.0.0.1:5176'];
const playgroundOrigins = [`http://localhost:${playgroundPort}`, `http://127.0.0.1:${playgroundPort}`];
const basePath = process.env.LATCHKEY_CONFIG
  ? resolve(process.env.LATCHKEY_CONFIG)
  : join(root, 'latchkey.config.json');
let base = {};
if (existsSync(basePath)) {
  try {
    base = JSON.parse(readFileSync(basePath, 'utf8'));
  } catch (error) {
    fail(`the configuration file ${basePath} is not valid JSON: ${error.message}`);
  }
} else if (process.env.LATCHKEY_CONFIG) {
  fail(`cannot read the configuration file ${basePath}.`);
}
const project = base.project ?? {};
// The provider's defaults, when the file sets none: the default playground's origins and redirect URLs.
const origins = project.allowedOrigins ?? ['http://localhost:5173', 'http://127.0.0.1:5173'];
const redirects = project.redirectUrls ?? ['http://localhost:5173/authenticate', 'http://127.0.0.1:5173/authenticate'];

// The demo relying party (apps/playground/relying-party) and the identity provider's side of it.
const playgroundUrl = `http://localhost:${playgroundPort}`;
const demoUrl = `http://localhost:${demoPort}`;
/** The environment variable the provider reads `latchkey-demo`'s secret from; the demo reads it too. */
const DEMO_SECRET_ENV = 'LATCHKEY_DEMO_CLIENT_SECRET';
// A new secret at every start: it exists only in the two processes' environments.
const demoClientSecret = randomBytes(32).toString('base64url');
const DEMO_CLIENTS = [
  {
    clientId: 'latchkey-demo',
    name: 'Latchkey Demo App',
    description: 'The demo relying party that npm start runs (apps/playground/relying-party).',
    type: 'confidential',
    clientSecretEnv: DEMO_SECRET_ENV,
    redirectUris: [`${demoUrl}/callback`],
    postLogoutRedirectUris: [`${demoUrl}/logged-out`],
    // Its privacy policy and terms (RFC 7591 policy_uri, tos_uri): the consent screen links to them.
    policyUri: `${demoUrl}/privacy`,
    tosUri: `${demoUrl}/terms`,
    scopes: ['openid', 'email', 'profile', 'phone', 'offline_access', 'read:notes', 'read:invoices'],
    consentRequired: true,
  },
  {
    clientId: 'latchkey-demo-trusted',
    name: 'Latchkey Demo App (trusted)',
    description: 'The same demo relying party as a first-party app: a public client (PKCE) that needs no consent.',
    type: 'public',
    redirectUris: [`${demoUrl}/callback`],
    postLogoutRedirectUris: [`${demoUrl}/logged-out`],
    scopes: ['openid', 'email', 'profile'],
    consentRequired: false,
  },
];
// `read:notes` is held by every user (the implicit `stytch_user` role); `read:invoices` only by `billing_admin`,
// a role no user of the playground has, so the consent screen lists it as a scope the user cannot grant.
const DEMO_RBAC_POLICY = {
  roles: [
    {
      role_id: 'stytch_user',
      description: 'Every signed-in user.',
      permissions: [{ resource_id: 'notes', actions: ['read'] }],
    },
    {
      role_id: 'billing_admin',
      description: 'Manages billing.',
      permissions: [{ resource_id: 'invoices', actions: ['read'] }],
    },
  ],
  resources: [
    { resource_id: 'notes', description: "The user's notes.", actions: ['read'] },
    { resource_id: 'invoices', description: "The company's invoices.", actions: ['read'] },
  ],
  scopes: [
    { scope: 'read:notes', description: 'Read your notes', permissions: [{ resource_id: 'notes', actions: ['read'] }] },
    {
      scope: 'read:invoices',
      description: 'Read your invoices',
      permissions: [{ resource_id: 'invoices', actions: ['read'] }],
    },
  ],
};

/** `own` followed by the items of `added` whose `key` none of `own` has. */
function addMissing(own, added, key) {
  const have = new Set((own ?? []).map((item) => item[key]));
  return [...(own ?? []), ...added.filter((item) => !have.has(item[key]))];
}

const idp = project.idp ?? {};
const rbacPolicy = project.rbacPolicy ?? {};
const merged = {
  ...base,
  // Social sign-in: the upstream sends the browser back to `${publicUrl}/v1/public/oauth/callback`, and One Tap's
  // stand-in script is served there, so the provider's public address follows its port (default 8787's).
  ...(base.publicUrl === undefined && providerPort !== 8787 ? { publicUrl: `http://localhost:${providerPort}` } : {}),
  project: {
    ...project,
    allowedOrigins: [...new Set([...origins, ...playgroundOrigins, ...EXAMPLE_ORIGINS])],
    redirectUrls: [...new Set([...redirects, ...playgroundOrigins.map((origin) => `${origin}/authenticate`)])],
    // The playground demonstrates multi-factor sign-in: a user who has enrolled a second factor (the Security page)
    // must present it after the first. A configuration file that sets `project.mfa` decides for itself.
    mfa: project.mfa ?? { required: true },
    idp: {
      ...idp,
      authorizationUrl: idp.authorizationUrl ?? `${playgroundUrl}/oauth/authorize`,
      logoutUrl: idp.logoutUrl ?? `${playgroundUrl}/oauth/logout`,
      clients: addMissing(idp.clients, DEMO_CLIENTS, 'clientId'),
    },
    rbacPolicy: {
      ...rbacPolicy,
      roles: addMissing(rbacPolicy.roles, DEMO_RBAC_POLICY.roles, 'role_id'),
      resources: addMissing(rbacPolicy.resources, DEMO_RBAC_POLICY.resources, 'resource_id'),
      scopes: addMissing(rbacPolicy.scopes, DEMO_RBAC_POLICY.scopes, 'scope'),
    },
  },
};
/** The issuer of the provider's ID tokens (its `publicUrl`), where the demo discovers it. */
const issuer = merged.publicUrl ?? 'http://localhost:8787';
const configDir = mkdtempSync(join(tmpdir(), 'latchkey-start-'));
const configPath = join(configDir, 'latchkey.config.json');
writeFileSync(configPath, `${JSON.stringify(merged, null, 2)}\n`);

// ---- The three servers ----

// Colour libraries switch on at the mere presence of FORCE_COLOR, so a pipe gets NO_COLOR and no FORCE_COLOR.
const { FORCE_COLOR: _inherited, ...inheritedEnv } = process.env;
const childEnv = color ? { ...inheritedEnv, FORCE_COLOR: '1' } : { ...inheritedEnv, NO_COLOR: '1' };

const providerArgs = [join(root, 'apps/provider/bin/latchkey-provider.mjs'), 'start', '--port', String(providerPort)];
if (process.env.LATCHKEY_DB) providerArgs.push('--db', process.env.LATCHKEY_DB);
providerArgs.push('--config', configPath);

const providerUrl = `http://127.0.0.1:${providerPort}`;

const services = [
  {
    name: 'provider',
    colorCode: 36,
    command: process.execPath,
    // Without LATCHKEY_DB the database path is relative to `cwd`, so the file lands in the repository's .data/.
    args: providerArgs,
    cwd: root,
    env: { ...childEnv, [DEMO_SECRET_ENV]: demoClientSecret },
    url: providerUrl,
  },
  {
    name: 'playground',
    colorCode: 35,
    // Vite's own entry point, run by this Node: one process fewer than `npm run dev`, and no npm banner. With
    // --built, a development build served as static files (apps/playground/serve-built.mjs).
    command: process.execPath,
    args: built
      ? [join(root, 'apps/playground/serve-built.mjs'), '--port', String(playgroundPort)]
      : [
          join(root, 'node_modules/vite/bin/vite.js'),
          '--config',
          join(root, 'apps/playground/vite.config.ts'),
          '--port',
          String(playgroundPort),
        ],
    cwd: join(root, 'apps/playground'),
    // The playground's client reads the provider's address from here (apps/playground/src/client.ts).
    // The pages of the identity provider link to the demo relying party (VITE_LATCHKEY_DEMO_URL).
    env: {
      VITE_LATCHKEY_API_URL: `http://localhost:${providerPort}`,
      VITE_LATCHKEY_DEMO_URL: demoUrl,
      ...childEnv,
    },
    url: playgroundUrl,
  },
  {
    name: 'demo',
    colorCode: 33,
    command: process.execPath,
    args: [join(root, 'apps/playground/relying-party/server.mjs')],
    cwd: join(root, 'apps/playground/relying-party'),
    env: {
      ...childEnv,
      LATCHKEY_DEMO_RP_PORT: String(demoPort),
      LATCHKEY_DEMO_ISSUER: issuer,
      [DEMO_SECRET_ENV]: demoClientSecret,
    },
    url: demoUrl,
  },
];
const width = Math.max(...services.map((service) => service.name.length));

function prefix(service) {
  const label = `[${service.name.padEnd(width)}]`;
  return color ? `\x1b[${service.colorCode}m${label}\x1b[0m` : label;
}

function pipeLines(stream, target, service) {
  createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) =>
    target.write(`${prefix(service)} ${line}\n`),
  );
}

let stopping = false;
let exitCode = 0;
const running = new Set();

function cleanUp() {
  rmSync(configDir, { recursive: true, force: true });
}

// Each child leads its own process group, so a signal reaches npm's and Vite's children too, and the
// terminal's Ctrl-C reaches only this script, which then stops everything exactly once.
function signalGroup(child, signal) {
  try {
    if (windows) child.kill(signal);
    else process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

function stopAll(code) {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  if (running.size === 0) {
    cleanUp();
    process.exit(exitCode);
  }
  for (const child of running) signalGroup(child, 'SIGTERM');
  // A child that ignores SIGTERM must not keep `npm start` from returning.
  setTimeout(() => {
    for (const child of running) signalGroup(child, 'SIGKILL');
  }, 5_000).unref();
}

for (const service of services) {
  const child = spawn(service.command, service.args, {
    cwd: service.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: !windows,
    env: service.env,
  });
  running.add(child);
  pipeLines(child.stdout, process.stdout, service);
  pipeLines(child.stderr, process.stderr, service);
  // A port taken between the check above and the server's own listen: the server's error, then the same line.
  let saidInUse = false;
  child.stderr.on('data', (chunk) => {
    saidInUse ||= /already in use|EADDRINUSE/i.test(chunk.toString());
  });
  child.on('error', (error) => {
    process.stderr.write(`${prefix(service)} could not start: ${error.message}\n`);
    running.delete(child);
    stopAll(1);
  });
  child.on('exit', (code, signal) => {
    running.delete(child);
    if (!stopping) {
      process.stderr.write(`${prefix(service)} exited (${signal ?? `code ${code}`}); stopping the others.\n`);
      if (saidInUse) process.stderr.write(`npm start: ${clashMessage(service.name)}\n`);
      stopAll(code === 0 ? 0 : 1);
    }
    if (running.size === 0) {
      cleanUp();
      process.exit(exitCode);
    }
  });
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopAll(0));

// ---- The addresses, once every server answers ----

/** Whether `url` answers HTTP at all (any status: the server is listening). */
async function answers(url) {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}

const deadline = Date.now() + STARTUP_TIMEOUT_MS;
let ready = false;
while (!stopping && Date.now() < deadline) {
  if ((await answers(providerUrl)) && (await answers(playgroundUrl)) && (await answers(demoUrl))) {
    ready = true;
    break;
  }
  await new Promise((resolvePromise) => setTimeout(resolvePromise, 250));
}
if (ready && !stopping) {
  process.stdout.write(
    `Latchkey playground: ${playgroundUrl} (development inbox: ${playgroundUrl}/inbox; provider: ${providerUrl})\n` +
      'Sign in with any email address or phone number; codes and links arrive in the development inbox.\n' +
      `Demo app (signs in with Latchkey as an OpenID Connect provider): ${demoUrl}\n` +
      'Ctrl-C stops them all.\n',
  );
} else if (!stopping) {
  process.stderr.write(`npm start: the servers did not answer within ${STARTUP_TIMEOUT_MS / 1000} s; stopping.\n`);
  stopAll(1);
}
