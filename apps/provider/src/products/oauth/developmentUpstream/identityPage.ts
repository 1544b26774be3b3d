import type { OAuthProvider } from '@latchkey/sdk/contract';
import { PROVIDER_NAMES } from '../providerNames';
import { TEST_IDENTITIES } from './testIdentities';

/** What the identity page shows: the provider it stands in for and where its forms post. */
export interface IdentityPageOptions {
  /** Null when the client is not one of the development clients (then the page says "an OAuth provider"). */
  provider: OAuthProvider | null;
  /** `/interaction/<uid>`; the forms post to `<base>/login` and `<base>/cancel`. */
  actionBase: string;
  /** Shown in an alert above the form (a typed identity that was refused). */
  error?: string;
  /** What was typed, put back into the form after an error. */
  typed?: { email?: string; name?: string; emailVerified?: boolean };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for HTML content and double-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character] as string);
}

/** Headers of every page the upstream renders: nothing runs, nothing frames it. */
export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  // No form-action: browsers apply it to the redirects after a post, and the sign-in redirects to the app.
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:2rem 1rem;background:#f6f7f9;color:#1c1e21}
main{max-width:28rem;margin:0 auto;background:#fff;border:1px solid #d0d4da;border-radius:8px;padding:1.5rem}
h1{font-size:1.4rem;margin:0 0 .5rem}h2{font-size:1.05rem;margin:1.5rem 0 .5rem}
ul{list-style:none;margin:0;padding:0}li{margin:.5rem 0}
button{font:inherit;padding:.5rem .9rem;border-radius:6px;border:1px solid #5b6270;background:#fff;color:#1c1e21;cursor:pointer}
button.identity{width:100%;text-align:left}button.identity span{display:block;color:#4b5262;font-size:.875rem}
button[type=submit].primary{background:#1f4fd1;border-color:#1f4fd1;color:#fff}
button:focus-visible,input:focus-visible,summary:focus-visible{outline:3px solid #1f4fd1;outline-offset:2px}
label{display:block;margin:.75rem 0 .25rem}input[type=email],input[type=text],input[type=url]{width:100%;box-sizing:border-box;font:inherit;padding:.45rem;border:1px solid #5b6270;border-radius:6px}
.check{display:flex;gap:.5rem;align-items:center;margin:.75rem 0}.check label{margin:0}
.alert{border:1px solid #b3261e;background:#fdecea;color:#8c1d18;padding:.5rem .75rem;border-radius:6px}
.actions{display:flex;gap:.75rem;margin-top:1rem}.note{color:#4b5262;font-size:.875rem}
`;

/** The page a sign-in at the development upstream stops at: pick a test identity, type one, or cancel. */
export function renderIdentityPage(options: IdentityPageOptions): string {
  const providerName = options.provider === null ? 'an OAuth provider' : PROVIDER_NAMES[options.provider];
  const login = escapeHtml(`${options.actionBase}/login`);
  const cancel = escapeHtml(`${options.actionBase}/cancel`);
  const typed = options.typed ?? {};
  const isVerifiedChecked = typed.emailVerified ?? true;
  const identities = TEST_IDENTITIES.map(
    (identity) =>
      `<li><button class="identity" type="submit" name="identity" value="${escapeHtml(identity.email)}">${escapeHtml(identity.name)}<span>${escapeHtml(identity.email)}${identity.emailVerified ? '' : ' (email not verified)'}</span></button></li>`,
  ).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in with ${escapeHtml(providerName)} (Latchkey development)</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Sign in with ${escapeHtml(providerName)}</h1>
<p>This is Latchkey's development stand-in for ${escapeHtml(providerName)}. No real account is used: choose who signs in.</p>
${options.error ? `<p class="alert" role="alert">${escapeHtml(options.error)}</p>` : ''}
<section aria-labelledby="test-identities">
<h2 id="test-identities">Test identities</h2>
<form method="post" action="${login}" data-form="identities">
<ul>
${identities}
</ul>
</form>
</section>
<section aria-labelledby="other-identity">
<h2 id="other-identity">Another identity</h2>
<form method="post" action="${login}" data-form="identity">
<label for="email">Email</label>
<input id="email" name="email" type="email" required maxlength="254" autocomplete="email" value="${escapeHtml(typed.email ?? '')}">
<label for="name">Name</label>
<input id="name" name="name" type="text" maxlength="200" autocomplete="name" value="${escapeHtml(typed.name ?? '')}">
<div class="check"><input id="email_verified" name="email_verified" type="checkbox" value="on"${isVerifiedChecked ? ' checked' : ''}><label for="email_verified">Email verified</label></div>
<details>
<summary>More fields</summary>
<label for="subject">Subject</label>
<input id="subject" name="subject" type="text" maxlength="200" aria-describedby="subject-note">
<p class="note" id="subject-note">Leave empty for the subject this email always gets.</p>
<label for="picture">Picture URL</label>
<input id="picture" name="picture" type="url" maxlength="2000">
<label for="locale">Locale</label>
<input id="locale" name="locale" type="text" maxlength="35" placeholder="en-US">
</details>
<div class="actions"><button class="primary" type="submit">Continue</button></div>
</form>
</section>
<form method="post" action="${cancel}" data-form="cancel" class="actions">
<button type="submit">Cancel</button>
</form>
</main>
</body>
</html>`;
}

/** A short page for an interaction that cannot go on (expired, unknown, already finished). */
export function renderInteractionErrorPage(message: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign-in cannot continue (Latchkey development)</title><style>${STYLE}</style></head>
<body><main><h1>This sign-in cannot continue</h1><p role="alert">${escapeHtml(message)}</p>
<p>Go back to the app and start the sign-in again.</p></main></body>
</html>`;
}
