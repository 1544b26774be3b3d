// Google's Identity Services script (`google.accounts.id`), loaded once per URL. Only the part the One Tap hook
// uses is typed; a stand-in (the provider's development `/dev/oauth/gsi/client`, a test's `window.google`) needs no more.

/** What Google reports about the prompt (`prompt(listener)`); every method is optional, as Google drops some. */
export interface PromptMomentNotification {
  isDisplayMoment?(): boolean;
  isDisplayed?(): boolean;
  isNotDisplayed?(): boolean;
  getNotDisplayedReason?(): string;
  isSkippedMoment?(): boolean;
  getSkippedReason?(): string;
  isDismissedMoment?(): boolean;
  getDismissedReason?(): string;
}

/** The configuration `google.accounts.id.initialize` gets. */
export interface GoogleIdConfiguration {
  client_id: string;
  nonce?: string;
  callback(response: { credential: string; select_by?: string }): void;
  cancel_on_tap_outside?: boolean;
  prompt_parent_id?: string;
  itp_support?: boolean;
}

/** `window.google.accounts.id`, as far as One Tap needs it. */
export interface GoogleAccountsId {
  initialize(configuration: GoogleIdConfiguration): void;
  prompt(listener?: (notification: PromptMomentNotification) => void): void;
  renderButton?(parent: HTMLElement, options: Record<string, unknown>): void;
  cancel(): void;
}

/** `window.google.accounts.id` once Google's script has run, else null. */
export function googleAccountsId(): GoogleAccountsId | null {
  if (typeof window === 'undefined') return null;
  const google = (window as { google?: { accounts?: { id?: GoogleAccountsId } } }).google;
  return google?.accounts?.id ?? null;
}

const loading = new Map<string, Promise<void>>();

/**
 * Whether a script may be loaded from `url`: `https:`, or `http:` from the page's own host or a loopback host (a
 * development provider's stand-in, on another port). A script runs with the page's rights, so a `data:`,
 * `javascript:` or `blob:` URL, or another host over `http:`, which an option filled from markup or user input could
 * carry, never loads.
 */
export function isScriptUrlAllowed(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url, document.baseURI);
  } catch {
    return false;
  }
  if (parsed.protocol === 'https:') return true;
  if (parsed.protocol !== 'http:') return false;
  return (
    parsed.hostname === window.location.hostname ||
    parsed.hostname === 'localhost' ||
    parsed.hostname === '[::1]' ||
    /^127(\.\d{1,3}){3}$/.test(parsed.hostname)
  );
}

/**
 * Loads the script at `url` once (a `<script async>` in the head) and resolves with `google.accounts.id`. A failure
 * (blocked, offline, a script that defines nothing, a URL `isScriptUrlAllowed` refuses) rejects, and the next call
 * tries again.
 */
export async function loadGoogleScript(url: string): Promise<GoogleAccountsId> {
  const present = googleAccountsId();
  if (present) return present;
  if (!isScriptUrlAllowed(url))
    throw new Error(`Not loading ${url}: only https: URLs (http: from this host or a loopback one)`);
  let script = loading.get(url);
  if (!script) {
    const element = document.createElement('script');
    script = new Promise<void>((resolve, reject) => {
      element.addEventListener('load', () => resolve());
      element.addEventListener('error', () => reject(new Error(`Could not load ${url}`)));
    });
    element.src = url;
    element.async = true;
    document.head.appendChild(element);
    loading.set(url, script);
    script.catch(() => {
      loading.delete(url);
      element.remove();
    });
  }
  await script;
  const identity = googleAccountsId();
  if (!identity) {
    loading.delete(url);
    throw new Error(`${url} did not define google.accounts.id`);
  }
  return identity;
}
