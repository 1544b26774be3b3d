// Shared by the social sign-in tests: a provider and a client whose navigations are recorded (the start URL, One
// Tap's redirect), and the query of a start URL.
import type { ProviderConfigInput } from '@latchkey/provider';
import { startTestEnvironment, type TestEnvironment } from '@latchkey/testing';
import type {
  GoogleAccountsId,
  GoogleIdConfiguration,
  PromptMomentNotification,
} from '../src/products/oauth/googleScript';

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
  readonly configurations: GoogleIdConfiguration[] = [];
  readonly listeners: ((notification: PromptMomentNotification) => void)[] = [];
  readonly renderedButtons: HTMLElement[] = [];
  cancels = 0;

  readonly id: GoogleAccountsId = {
    initialize: (configuration) => void this.configurations.push(configuration),
    prompt: (listener) => void this.listeners.push(listener ?? (() => {})),
    renderButton: (parent) => void this.renderedButtons.push(parent),
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
  get configuration(): GoogleIdConfiguration {
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
