// Where the reference provider runs and which project this site belongs to. The defaults are the provider's
// default project as `npm start` runs it, so the example works beside it with no configuration.

/** The project's public token (browser). Inlined into the browser bundle by `next build`. */
export const PUBLIC_TOKEN = process.env.NEXT_PUBLIC_LATCHKEY_PUBLIC_TOKEN || 'public-token-test-latchkey-playground';

/** The provider as the browser reaches it (the SDK's `apiBaseUrl`). Inlined by `next build`. */
export const API_URL = process.env.NEXT_PUBLIC_LATCHKEY_API_URL || 'http://localhost:8787';

/** The provider as this server reaches it (the JWKS for `verifySession`). Read when the server starts. */
export const PROVIDER_URL = process.env.LATCHKEY_PROVIDER_URL || 'http://127.0.0.1:8787';

/** The project id: the audience of its session JWTs. Read when the server starts. */
export const PROJECT_ID = process.env.LATCHKEY_PROJECT_ID || 'project-test-latchkey-playground';

/** Where a signed-in visitor goes from the sign-in page when no `?next=` says otherwise. */
export const HOME_FOR_SIGNED_IN = '/account';

/**
 * `value` if it is a path on this site (`/account`, `/account/settings?tab=1`), else `HOME_FOR_SIGNED_IN`. The
 * sign-in page's `?next=` comes from the address bar: never follow it to another origin (`//evil.example`,
 * `/\evil.example`, `https://…`). What is returned is checked too, not only what came in: resolving dot segments
 * turns `/.//evil.example` (or `/..//`, `/%2e//`, `/a/..//`) into the path `//evil.example`, which a browser reads
 * as another host.
 */
export function safeNextPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return HOME_FOR_SIGNED_IN;
  }
  const base = 'http://site.invalid';
  const url = new URL(value, base);
  const path = `${url.pathname}${url.search}`;
  if (url.origin !== base || !path.startsWith('/') || path.startsWith('//')) return HOME_FOR_SIGNED_IN;
  // The same check once more on the result, as a browser would read it.
  return new URL(path, base).origin === base ? path : HOME_FOR_SIGNED_IN;
}
