// Shared by the social sign-in tests of the hooks and the kits: a test environment whose client records where it sends
// the browser (the start URL, One Tap's redirect) instead of going there, the query of a start URL, `provider.fetch`
// as a browser on this machine reaches it, and stand-ins for Google's `google.accounts.id` and for ResizeObserver
// (jsdom has neither). Typed structurally: the testing package does not depend on @latchkey/hooks.
import type { ProviderConfigInput } from '@latchkey/provider';
import { startTestEnvironment, type TestEnvironment } from './environment';

/** What Google hands the page's callback when the user picks an account. */
interface GoogleCredentialResponse {
  credential: string;
  select_by?: string;
}

/** The configuration `google.accounts.id.initialize` gets (the fields One Tap passes). */
export interface StandInGoogleConfiguration {
  client_id: string;
  nonce?: string;
  callback(response: GoogleCredentialResponse): void;
  cancel_on_tap_outside?: boolean;
  prompt_parent_id?: string;
  itp_support?: boolean;
}

/** A `prompt` moment notification, as far as One Tap reads it. */
interface StandInNotification {
  isNotDisplayed(): boolean;
  getNotDisplayedReason?(): string;
  isSkippedMoment?(): boolean;
  getSkippedReason?(): string;
}

/** A test environment whose client records where it sends the browser instead of going there. */
export async function socialEnvironment(
  config: ProviderConfigInput = {},
): Promise<{ env: TestEnvironment; navigations: string[] }> {
  const navigations: string[] = [];
  const env = await startTestEnvironment({
    config,
    clientOptions: { environment: { navigate: (url: string) => void navigations.push(url) } },
  });
  return { env, navigations };
}

/** A navigation's URL and its query as an object. */
export function startUrlOf(navigation: string | undefined): { url: URL; query: Record<string, string> } {
  if (navigation === undefined) throw new Error('the client sent the browser nowhere');
  const url = new URL(navigation);
  return { url, query: Object.fromEntries(url.searchParams) };
}

/** A stand-in for Google's `google.accounts.id` on the test's window: records calls; the test plays Google's part. */
export class StandInGoogle {
  readonly configurations: StandInGoogleConfiguration[] = [];
  readonly listeners: ((notification: StandInNotification) => void)[] = [];
  readonly renderedButtons: HTMLElement[] = [];
  cancels = 0;

  readonly id = {
    initialize: (configuration: StandInGoogleConfiguration) => void this.configurations.push(configuration),
    prompt: (listener?: (notification: StandInNotification) => void) =>
      void this.listeners.push(listener ?? (() => {})),
    renderButton: (parent: HTMLElement) => void this.renderedButtons.push(parent),
    cancel: () => {
      this.cancels += 1;
    },
  };

  /** Puts `window.google.accounts.id` in place (as Google's script does when it runs). */
  install(): this {
    (window as { google?: unknown }).google = { accounts: { id: this.id } };
    return this;
  }

  /** The configuration of the last `initialize`. */
  get configuration(): StandInGoogleConfiguration {
    const last = this.configurations.at(-1);
    if (!last) throw new Error('google.accounts.id.initialize was not called');
    return last;
  }

  /** Google reports that the prompt could not show, for `reason`. */
  notDisplayed(reason: string): void {
    const notification = { isNotDisplayed: () => true, getNotDisplayedReason: () => reason };
    for (const listener of this.listeners) listener(notification);
  }

  /** Google reports that the prompt was skipped (closed by the user), for `reason`. */
  skipped(reason: string): void {
    const notification = { isNotDisplayed: () => false, isSkippedMoment: () => true, getSkippedReason: () => reason };
    for (const listener of this.listeners) listener(notification);
  }

  /** The user picked an account: Google hands the credential to the page's callback. */
  pick(credential: string): void {
    this.configuration.callback({ credential, select_by: 'user' });
  }
}

/** Removes the stand-in and any script element a test left. */
export function removeGoogle(): void {
  delete (window as { google?: unknown }).google;
  for (const script of document.head.querySelectorAll('script')) script.remove();
}

/** A ResizeObserver stand-in (jsdom has none): `resize(height)` reports a new size of every observed element. */
export class StandInResizeObserver {
  static readonly instances: StandInResizeObserver[] = [];
  readonly observed: Element[] = [];
  isDisconnected = false;

  constructor(private readonly callback: (entries: { contentRect: { height: number } }[]) => void) {
    StandInResizeObserver.instances.push(this);
  }

  observe(element: Element): void {
    this.observed.push(element);
  }

  unobserve(): void {}

  disconnect(): void {
    this.isDisconnected = true;
  }

  resize(height: number): void {
    this.callback(this.observed.map(() => ({ contentRect: { height } })));
  }
}

/** `provider.fetch` as a browser on this machine reaches it (the development routes answer loopback callers only). */
export function providerFetch(env: TestEnvironment): (request: Request) => Promise<Response> {
  return (request) => env.provider.fetch(request, { remoteAddress: '127.0.0.1' });
}
