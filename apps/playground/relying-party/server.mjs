// The demo relying party: a small web application, on its own origin, that signs its visitors in with Latchkey
// acting as an OpenID Connect provider (the authorization code flow with PKCE, through `openid-client`). `npm start`
// runs it beside the provider and the playground; see the playground's README, "Sign in with Latchkey".
//
// It is a plain Node HTTP server (no framework): every page is built here, and everything that came from the
// provider (claims, userinfo, error texts) is written into the page as escaped text, never as HTML.
//
// Environment (scripts/start.mjs sets all of it):
//   LATCHKEY_DEMO_RP_PORT                the port (default 5174); also `--port <n>`
//   LATCHKEY_DEMO_ISSUER                 the provider's issuer, its `publicUrl` (default http://localhost:8787)
//   LATCHKEY_DEMO_CLIENT_SECRET          the secret of the confidential client `latchkey-demo`
//   LATCHKEY_DEMO_TRUSTED_CLIENT_SECRET  the secret of `latchkey-demo-trusted` if it is confidential (unset: it is
//                                        a public client, PKCE only)
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import * as oidc from 'openid-client';

const { values: args } = parseArgs({ options: { port: { type: 'string' } }, strict: true });
const PORT = Number(args.port ?? process.env.LATCHKEY_DEMO_RP_PORT ?? 5174);
if (!Number.isInteger(PORT) || PORT < 1 || PORT > 65_535) {
  process.stderr.write(`demo relying party: the port must be a number from 1 to 65535, not "${args.port}".\n`);
  process.exit(2);
}
const ISSUER = process.env.LATCHKEY_DEMO_ISSUER || 'http://localhost:8787';
/** Its one origin: the redirect URIs registered with the provider name `localhost`, so `127.0.0.1` is sent here. */
const ORIGIN = `http://localhost:${PORT}`;
const REDIRECT_URI = `${ORIGIN}/callback`;
const POST_LOGOUT_REDIRECT_URI = `${ORIGIN}/logged-out`;
const COOKIE = 'latchkey_demo_session';
const SESSION_TTL_MS = 60 * 60 * 1000;
const MAX_SESSIONS = 10_000;
const MAX_PENDING = 10;

/** The two clients the provider knows (scripts/start.mjs registers them). */
const CLIENTS = {
  'latchkey-demo': {
    label: 'Latchkey Demo App',
    secret: process.env.LATCHKEY_DEMO_CLIENT_SECRET || undefined,
  },
  'latchkey-demo-trusted': {
    label: 'Latchkey Demo App (trusted)',
    secret: process.env.LATCHKEY_DEMO_TRUSTED_CLIENT_SECRET || undefined,
  },
};

/** What each button asks for: which client, which scopes. */
const SIGN_INS = {
  demo: {
    clientId: 'latchkey-demo',
    scope: 'openid email profile phone offline_access',
    button: 'Sign in with Latchkey',
    note: 'The confidential client latchkey-demo: Latchkey asks for your consent the first time.',
  },
  trusted: {
    clientId: 'latchkey-demo-trusted',
    scope: 'openid email profile',
    button: 'Sign in with Latchkey (trusted app, no consent)',
    note: 'The first-party client latchkey-demo-trusted: no consent screen, straight back here.',
  },
  invoices: {
    clientId: 'latchkey-demo',
    scope: 'openid email profile read:notes read:invoices',
    button: 'Sign in with Latchkey and ask for invoices',
    note:
      'Also requests the custom scopes read:notes (every user may grant it) and read:invoices (only billing ' +
      'admins may): the consent screen lists read:invoices as a scope you cannot grant.',
  },
};

// ---- The provider's configuration, discovered once per client (retried while the provider is not up) ----

const configurations = new Map();

/** The `openid-client` configuration of `clientId` (OpenID Connect Discovery against the issuer). */
async function configurationOf(clientId) {
  let pending = configurations.get(clientId);
  if (!pending) {
    const { secret } = CLIENTS[clientId];
    // The provider runs on plain http in development: allowInsecureRequests lets openid-client talk to it.
    pending = oidc.discovery(
      new URL(ISSUER),
      clientId,
      secret,
      secret === undefined ? oidc.None() : oidc.ClientSecretBasic(secret),
      { execute: [oidc.allowInsecureRequests], timeout: 10 },
    );
    configurations.set(clientId, pending);
    // A failure is not remembered: the next request tries again (the provider may still be starting).
    pending.catch(() => configurations.delete(clientId));
  }
  return pending;
}

// ---- Sessions: a random id in an HttpOnly cookie, the data in memory here ----

const sessions = new Map();

function newId() {
  return randomBytes(32).toString('base64url');
}

function readCookie(request, name) {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** The visitor's session (created, with its cookie, when `create` and there is none). */
function sessionOf(request, response, { create }) {
  const id = readCookie(request, COOKIE);
  const now = Date.now();
  const existing = id ? sessions.get(id) : undefined;
  if (existing && existing.expiresAt > now) {
    existing.expiresAt = now + SESSION_TTL_MS;
    return existing;
  }
  if (existing) sessions.delete(id);
  if (!create) return undefined;
  // Oldest first: drop expired sessions, and the oldest ones past the cap.
  for (const [key, value] of sessions) {
    if (value.expiresAt <= now || sessions.size >= MAX_SESSIONS) sessions.delete(key);
    else break;
  }
  const session = { id: newId(), expiresAt: now + SESSION_TTL_MS, pending: new Map(), signedIn: null, notice: null };
  sessions.set(session.id, session);
  response.setHeader('set-cookie', `${COOKIE}=${session.id}; Path=/; HttpOnly; SameSite=Lax`);
  return session;
}

// ---- Pages ----

function escapeHtml(value) {
  return String(value)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const STYLESHEET = readFileSync(new URL('./demo.css', import.meta.url), 'utf8');

function page(title, body) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Latchkey demo app</title>
<link rel="stylesheet" href="/demo.css">
<link rel="icon" href="data:,">
</head>
<body>
<header class="demo-header"><p class="demo-brand">Latchkey demo app</p><p class="demo-origin">A relying party on ${escapeHtml(ORIGIN)}, signing in with ${escapeHtml(ISSUER)}</p></header>
<main class="demo-main">
${body}
</main>
</body>
</html>
`;
}

function signInForms() {
  return Object.entries(SIGN_INS)
    .map(
      ([key, signIn]) => `<form method="post" action="/login" class="demo-sign-in">
<input type="hidden" name="flow" value="${key}">
<button type="submit" class="demo-button">${escapeHtml(signIn.button)}</button>
<p class="demo-note">${escapeHtml(signIn.note)} Scopes: <code>${escapeHtml(signIn.scope)}</code></p>
</form>`,
    )
    .join('\n');
}

function noticeHtml(notice) {
  if (!notice) return '';
  if (notice.kind === 'error') {
    return `<div role="alert" class="demo-error" data-testid="demo-error">
<h2>The sign-in did not complete</h2>
<p>${notice.code ? `<code data-testid="demo-error-code">${escapeHtml(notice.code)}</code>: ` : ''}${escapeHtml(notice.text)}</p>
</div>`;
  }
  return `<p role="status" class="demo-notice" data-testid="demo-notice">${escapeHtml(notice.text)}</p>`;
}

function json(value) {
  return escapeHtml(JSON.stringify(value, null, 2));
}

function homePage(session) {
  const notice = noticeHtml(session?.notice);
  const signedIn = session?.signedIn;
  if (!signedIn) {
    return page(
      'Signed out',
      `<h1>Sign in to the demo app</h1>
${notice}
<p data-testid="demo-state">You are not signed in to the demo app.</p>
${signInForms()}`,
    );
  }
  const who = signedIn.claims.email ?? signedIn.claims.sub;
  return page(
    'Signed in',
    `<h1>Signed in with Latchkey</h1>
${notice}
<p data-testid="demo-state">Signed in as ${escapeHtml(who)} through ${escapeHtml(CLIENTS[signedIn.clientId].label)} (<code>${escapeHtml(signedIn.clientId)}</code>).</p>
<dl class="demo-facts">
<dt>Granted scopes</dt><dd data-testid="demo-scope">${escapeHtml(signedIn.scope || '(none)')}</dd>
<dt>Refresh token</dt><dd data-testid="demo-refresh">${signedIn.hasRefreshToken ? 'issued (offline_access)' : 'none'}</dd>
</dl>
<h2 id="claims-title">ID token claims</h2>
<pre class="demo-json" aria-labelledby="claims-title" data-testid="demo-claims" tabindex="0">${json(signedIn.claims)}</pre>
<h2 id="userinfo-title">Userinfo</h2>
<pre class="demo-json" aria-labelledby="userinfo-title" data-testid="demo-userinfo" tabindex="0">${json(signedIn.userinfo)}</pre>
<h2>Log out</h2>
<form method="post" action="/logout" class="demo-sign-in">
<input type="hidden" name="hint" value="1">
<button type="submit" class="demo-button">Log out</button>
<p class="demo-note">Logs out here and of Latchkey: the logout request carries the ID token (<code>id_token_hint</code>), so Latchkey logs you out without asking.</p>
</form>
<form method="post" action="/logout" class="demo-sign-in">
<button type="submit" class="demo-button demo-button-secondary">Log out (Latchkey asks first)</button>
<p class="demo-note">The same without <code>id_token_hint</code>: Latchkey asks 'Log out?' first.</p>
</form>
<form method="post" action="/forget" class="demo-sign-in">
<button type="submit" class="demo-button demo-button-secondary">Sign out of the demo app only</button>
</form>`,
  );
}

function errorPage(status, title, text) {
  return {
    status,
    html: page(
      title,
      `<h1>${escapeHtml(title)}</h1><p role="alert" class="demo-error">${escapeHtml(text)}</p><p><a href="/">Back to the demo app</a></p>`,
    ),
  };
}

// ---- Requests ----

const SECURITY_HEADERS = {
  // Nothing from elsewhere, no script at all; the stylesheet is this server's.
  'content-security-policy':
    "default-src 'none'; style-src 'self'; img-src 'self' data:; base-uri 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  // The callback's address carries the authorization code: never send it on as a Referer.
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

function send(response, status, body, contentType = 'text/html; charset=utf-8') {
  response.writeHead(status, { ...SECURITY_HEADERS, 'content-type': contentType });
  response.end(body);
}

function redirect(response, location) {
  response.writeHead(303, { ...SECURITY_HEADERS, location });
  response.end();
}

async function readForm(request) {
  let body = '';
  for await (const chunk of request) {
    body += chunk;
    if (body.length > 10_000) throw new Error('form too large');
  }
  return new URLSearchParams(body);
}

function describe(error) {
  if (error instanceof oidc.AuthorizationResponseError) {
    return { code: error.error, text: error.error_description || 'The provider sent no description.' };
  }
  if (error instanceof oidc.ResponseBodyError) {
    return { code: error.error, text: error.error_description || error.message };
  }
  const cause = error?.cause instanceof Error ? ` (${error.cause.message})` : '';
  return { code: error?.code ?? null, text: `${error instanceof Error ? error.message : String(error)}${cause}` };
}

async function startSignIn(request, response) {
  const form = await readForm(request);
  const signIn = SIGN_INS[form.get('flow') ?? ''];
  if (!signIn) return send(response, 400, errorPage(400, 'Unknown sign-in', 'That button does not exist.').html);
  const session = sessionOf(request, response, { create: true });
  session.notice = null;
  let config;
  try {
    config = await configurationOf(signIn.clientId);
  } catch (error) {
    session.notice = {
      kind: 'error',
      code: null,
      text: `Could not reach Latchkey at ${ISSUER}: ${describe(error).text}`,
    };
    return redirect(response, '/');
  }
  // A new state, nonce and PKCE verifier for every request (RFC 9700 §2.1.1, OpenID Connect Core §3.1.2.1).
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  session.pending.set(state, { clientId: signIn.clientId, codeVerifier, nonce, startedAt: Date.now() });
  while (session.pending.size > MAX_PENDING) session.pending.delete(session.pending.keys().next().value);
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT_URI,
    scope: signIn.scope,
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  redirect(response, url.href);
}

async function callback(request, response, url) {
  const session = sessionOf(request, response, { create: false });
  const state = url.searchParams.get('state');
  const pending = state && session ? session.pending.get(state) : undefined;
  if (!session || !pending) {
    const { html } = errorPage(
      400,
      'Unknown sign-in',
      'This answer does not belong to a sign-in started from this browser (no matching state). Start again from the demo app.',
    );
    return send(response, 400, html);
  }
  // One use: the state is forgotten whatever happens next.
  session.pending.delete(state);
  try {
    const config = await configurationOf(pending.clientId);
    // openid-client checks `state`, the issuer (`iss`, RFC 9207), any `error` in the answer, then redeems the
    // code with the PKCE verifier and checks the ID token (signature, issuer, audience, nonce, at_hash).
    const tokens = await oidc.authorizationCodeGrant(config, new URL(url.pathname + url.search, ORIGIN), {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    session.signedIn = {
      clientId: pending.clientId,
      claims,
      userinfo,
      idToken: tokens.id_token,
      scope: tokens.scope ?? '',
      hasRefreshToken: Boolean(tokens.refresh_token),
    };
    session.notice = null;
  } catch (error) {
    session.notice = { kind: 'error', ...describe(error) };
  }
  redirect(response, '/');
}

async function logout(request, response) {
  const form = await readForm(request);
  const session = sessionOf(request, response, { create: false });
  const signedIn = session?.signedIn;
  if (!session || !signedIn) return redirect(response, '/');
  // RP-Initiated Logout: this app forgets the user first, then sends the browser to Latchkey's logout page.
  session.signedIn = null;
  session.notice = null;
  try {
    const config = await configurationOf(signedIn.clientId);
    const state = oidc.randomState();
    session.logoutState = state;
    const parameters = { post_logout_redirect_uri: POST_LOGOUT_REDIRECT_URI, state };
    if (form.get('hint') === '1' && signedIn.idToken) parameters.id_token_hint = signedIn.idToken;
    redirect(response, oidc.buildEndSessionUrl(config, parameters).href);
  } catch (error) {
    session.notice = { kind: 'error', ...describe(error) };
    redirect(response, '/');
  }
}

function loggedOut(request, response, url) {
  const session = sessionOf(request, response, { create: true });
  const state = url.searchParams.get('state');
  if (state && session.logoutState === state) {
    session.notice = { kind: 'status', text: 'You are logged out of Latchkey and of the demo app.' };
  } else {
    session.notice = { kind: 'status', text: 'You are signed out of the demo app.' };
  }
  session.logoutState = undefined;
  redirect(response, '/');
}

async function handle(request, response) {
  const url = new URL(request.url ?? '/', ORIGIN);
  // One origin, so the session cookie and the registered redirect URIs agree.
  const host = request.headers.host ?? '';
  if (host !== `localhost:${PORT}` && request.method === 'GET') {
    // The request target as sent, after the fixed origin: parsed and resolved again, `//evil.com//evil.example/`
    // would become a URL on another host (an open redirect).
    const target = request.url?.startsWith('/') ? request.url : '/';
    return redirect(response, `${ORIGIN}${target}`);
  }
  const route = `${request.method} ${url.pathname}`;
  switch (route) {
    case 'GET /': {
      const session = sessionOf(request, response, { create: false });
      send(response, 200, homePage(session));
      // A notice is shown once.
      if (session) session.notice = null;
      return;
    }
    case 'GET /demo.css':
      return send(response, 200, STYLESHEET, 'text/css; charset=utf-8');
    case 'POST /login':
      return startSignIn(request, response);
    case 'GET /callback':
      return callback(request, response, url);
    case 'POST /logout':
      return logout(request, response);
    case 'GET /logged-out':
      return loggedOut(request, response, url);
    case 'POST /forget': {
      const session = sessionOf(request, response, { create: false });
      if (session) {
        session.signedIn = null;
        session.notice = { kind: 'status', text: 'You are signed out of the demo app (still signed in to Latchkey).' };
      }
      return redirect(response, '/');
    }
    default: {
      const { html } = errorPage(404, 'Not found', `There is no page ${url.pathname} in the demo app.`);
      return send(response, 404, html);
    }
  }
}

function listener(request, response) {
  handle(request, response).catch((error) => {
    process.stderr.write(`demo relying party: ${error?.stack ?? error}\n`);
    if (!response.headersSent)
      send(response, 500, errorPage(500, 'Error', 'The demo app failed; see its output.').html);
    else response.end();
  });
}

// Both loopback addresses, as a browser opening http://localhost:<port> may try either.
const servers = [];
function listen(host) {
  return new Promise((resolve, reject) => {
    const server = createServer(listener);
    server.once('error', reject);
    server.listen({ port: PORT, host, exclusive: true }, () => {
      servers.push(server);
      resolve();
    });
  });
}

try {
  await listen('127.0.0.1');
} catch (error) {
  process.stderr.write(`demo relying party: cannot listen on port ${PORT}: ${error.message}\n`);
  process.exit(1);
}
await listen('::1').catch((error) => {
  if (error.code !== 'EADDRNOTAVAIL' && error.code !== 'EAFNOSUPPORT') {
    process.stderr.write(`demo relying party: cannot listen on [::1]:${PORT}: ${error.message}\n`);
    process.exit(1);
  }
});
process.stdout.write(`Demo relying party on ${ORIGIN} (issuer ${ISSUER})\n`);
if (!CLIENTS['latchkey-demo'].secret) {
  process.stdout.write('LATCHKEY_DEMO_CLIENT_SECRET is not set: latchkey-demo cannot redeem its codes.\n');
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const server of servers) server.close();
    process.exit(0);
  });
}
