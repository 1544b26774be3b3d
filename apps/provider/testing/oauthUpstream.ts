// Drives a social sign-in through the development upstream the way a browser would, for the provider's tests and
// (through @latchkey/provider/testing and @latchkey/testing) the hooks' and kits' tests.
import type { DevelopmentIdentity } from '../src/products/oauth/developmentUpstream/testIdentities';

export type { DevelopmentIdentity } from '../src/products/oauth/developmentUpstream/testIdentities';
export { TEST_IDENTITIES } from '../src/products/oauth/developmentUpstream/testIdentities';

/** How `completeAtDevelopmentUpstream` reaches the provider. */
export interface DevelopmentUpstreamOptions {
  /** Answers requests for URLs on the provider's public origin (`provider.fetch`, with bindings if needed). */
  fetch: (request: Request) => Promise<Response>;
  /** The provider's public origin; default the origin of the start URL. */
  providerOrigin?: string;
  /** Redirects followed before giving up (default 20). */
  maxSteps?: number;
  /** The browser's cookies, to share between flows as one browser would (default: a fresh jar per flow). */
  cookies?: CookieJar;
}

/** Cookies per origin; paths and expiry are ignored except for deletion, which is all these flows need. */
export class CookieJar {
  private readonly byOrigin = new Map<string, Map<string, string>>();

  header(url: URL): string | undefined {
    const cookies = this.byOrigin.get(url.origin);
    if (!cookies || cookies.size === 0) return undefined;
    return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  store(url: URL, response: Response): void {
    const cookies = this.byOrigin.get(url.origin) ?? new Map<string, string>();
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      if (separator <= 0) continue;
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const isExpired = attributes.some((attribute) => {
        const [key = '', setting = ''] = attribute.split('=').map((part) => part.trim());
        if (key.toLowerCase() === 'max-age') return Number(setting) <= 0;
        if (key.toLowerCase() === 'expires') return Date.parse(setting) <= Date.now();
        return false;
      });
      if (isExpired || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
    this.byOrigin.set(url.origin, cookies);
  }
}

const decodeEntities = (value: string): string =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The `action` of the first `<form>` whose opening tag contains `marker`. */
function formAction(html: string, marker: string): string | null {
  for (const match of html.matchAll(/<form\b[^>]*>/gi)) {
    const tag = match[0];
    if (!tag.includes(marker)) continue;
    const action = /\baction="([^"]*)"/i.exec(tag)?.[1];
    if (action !== undefined) return decodeEntities(action);
  }
  return null;
}

/** An auto-submitting `response_mode=form_post` page: its action and hidden inputs. */
function formPost(html: string): { action: string; fields: URLSearchParams } | null {
  const action = formAction(html, 'method="post"');
  if (action === null) return null;
  const fields = new URLSearchParams();
  for (const match of html.matchAll(/<input\b[^>]*type="hidden"[^>]*>/gi)) {
    const name = /\bname="([^"]*)"/i.exec(match[0])?.[1];
    const value = /\bvalue="([^"]*)"/i.exec(match[0])?.[1] ?? '';
    if (name !== undefined) fields.append(decodeEntities(name), decodeEntities(value));
  }
  return { action, fields };
}

/** The identity form's fields for `identity` (an unticked checkbox is simply not sent, as a browser does). */
function identityForm(identity: DevelopmentIdentity): URLSearchParams {
  const form = new URLSearchParams({ email: identity.email, name: identity.name ?? '' });
  if (identity.emailVerified !== false) form.set('email_verified', 'on');
  form.set('subject', identity.subject ?? '');
  form.set('picture', identity.picture ?? '');
  form.set('locale', identity.locale ?? '');
  return form;
}

/**
 * Follows a social sign-in from the provider's start URL through the development upstream (authorize, the
 * identity page, where it types `choice` or presses Cancel) back through the provider's callback, and answers the
 * app URL it lands on (`…?stytch_token_type=oauth&token=…`). URLs on the provider's origin go to `options.fetch`,
 * the upstream's over real HTTP; each origin keeps its cookies. Throws with the status and body of any answer that
 * is neither a redirect nor the identity page.
 */
export async function completeAtDevelopmentUpstream(
  startUrl: string,
  choice: DevelopmentIdentity | 'cancel',
  options: DevelopmentUpstreamOptions,
): Promise<URL> {
  const providerOrigin = options.providerOrigin ?? new URL(startUrl).origin;
  const jar = options.cookies ?? new CookieJar();
  let upstreamOrigin: string | null = null;
  let hasAnswered = false;
  let next: { url: URL; method: 'GET' | 'POST'; body?: URLSearchParams } = { url: new URL(startUrl), method: 'GET' };
  for (let step = 0; step < (options.maxSteps ?? 20); step += 1) {
    const { url } = next;
    const isProvider = url.origin === providerOrigin;
    if (!isProvider) {
      // The upstream is where the provider sends an authorization request for a development client; any other
      // origin is the app.
      if (upstreamOrigin === null && url.searchParams.get('client_id')?.startsWith('latchkey-dev-')) {
        upstreamOrigin = url.origin;
      }
      if (url.origin !== upstreamOrigin) return url;
    }
    const headers = new Headers();
    const cookie = jar.header(url);
    if (cookie) headers.set('cookie', cookie);
    if (next.body) headers.set('content-type', 'application/x-www-form-urlencoded');
    const init: RequestInit = { method: next.method, headers, redirect: 'manual', body: next.body?.toString() };
    const response = isProvider ? await options.fetch(new Request(url, init)) : await fetch(url, init);
    jar.store(url, response);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location !== null) {
      await response.body?.cancel();
      // 307/308 would repeat a post; the flows here only redirect with 302 and 303.
      next = { url: new URL(location, url), method: 'GET' };
      continue;
    }
    const body = await response.text();
    if (!isProvider && response.status === 200) {
      const login = formAction(body, 'data-form="identity"');
      const cancel = formAction(body, 'data-form="cancel"');
      if (login !== null && cancel !== null && !hasAnswered) {
        hasAnswered = true;
        next =
          choice === 'cancel'
            ? { url: new URL(cancel, url), method: 'POST', body: new URLSearchParams() }
            : { url: new URL(login, url), method: 'POST', body: identityForm(choice) };
        continue;
      }
      const post = login === null ? formPost(body) : null;
      if (post) {
        next = { url: new URL(post.action, url), method: 'POST', body: post.fields };
        continue;
      }
    }
    throw new Error(`${next.method} ${url.href} answered ${response.status}: ${body.slice(0, 500)}`);
  }
  throw new Error(`No app URL after ${options.maxSteps ?? 20} redirects from ${startUrl}`);
}

/** What `requestDevelopmentGoogleCredential` asks the One Tap stand-in for. */
export interface DevelopmentGoogleCredentialOptions {
  /** The nonce of `POST /sdk/v1/oauth/google/onetap/start`. */
  nonce: string;
  /** Answers requests to the provider (`provider.fetch`). */
  fetch: (request: Request) => Promise<Response>;
  /** The Google client id the page initialised One Tap with; default the development client, `latchkey-dev-google`. */
  clientId?: string;
  /** Where the provider is reached; only the origin matters to `provider.fetch`, but it must be a loopback name. */
  providerUrl?: string;
}

/**
 * A One Tap credential for `identity`, minted the way the stand-in script gets one on a pick
 * (`POST /dev/oauth/onetap/credential`): a Google-style ID token from the development upstream.
 */
export async function requestDevelopmentGoogleCredential(
  identity: DevelopmentIdentity,
  options: DevelopmentGoogleCredentialOptions,
): Promise<string> {
  const url = new URL('/dev/oauth/onetap/credential', options.providerUrl ?? 'http://localhost:8787');
  const response = await options.fetch(
    new Request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: identity.email,
        ...(identity.name === undefined ? {} : { name: identity.name }),
        email_verified: identity.emailVerified ?? true,
        client_id: options.clientId ?? 'latchkey-dev-google',
        nonce: options.nonce,
      }),
    }),
  );
  const text = await response.text();
  if (response.status !== 200) throw new Error(`POST ${url.pathname} answered ${response.status}: ${text}`);
  return (JSON.parse(text) as { credential: string }).credential;
}
