// Shared by the kit's social sign-in tests: a test environment whose client records where it sends the browser (the
// start URL, One Tap's redirect) instead of going there, the landing page of the redirect URL, and a stand-in for
// Google's `google.accounts.id` on the jsdom window (the test plays Google's part).
import { LatchkeyProvider, useAuthenticateByUrl } from '@latchkey/hooks';
import { startTestEnvironment, type TestEnvironment, type TestEnvironmentSetup } from '@latchkey/testing';
import { render } from '@testing-library/react';
import { pageMain } from './renderSignIn';

/** A test environment whose client records its navigations. */
export async function socialEnvironment(
  config: TestEnvironmentSetup['config'] = {},
): Promise<{ env: TestEnvironment; navigations: string[] }> {
  const navigations: string[] = [];
  const env = await startTestEnvironment({
    config,
    clientOptions: { environment: { navigate: (url: string) => void navigations.push(url) } },
  });
  return { env, navigations };
}

function Landing() {
  const landing = useAuthenticateByUrl();
  // The refusal's text, so a failing test says why.
  return (
    <p data-testid="landing" title={landing.error ? `${landing.error.type}: ${landing.error.message}` : undefined}>
      {landing.status}
    </p>
  );
}

/** `provider.fetch` as a browser on this machine reaches it (the development routes answer loopback callers only). */
export function providerFetch(env: TestEnvironment): (request: Request) => Promise<Response> {
  return (request) => env.provider.fetch(request, { remoteAddress: '127.0.0.1' });
}

/** The redirect URL's page: puts `url` in the address bar and renders a landing that exchanges its token. */
export function renderLanding(env: TestEnvironment, url: URL) {
  window.history.replaceState(null, '', `${url.pathname}${url.search}`);
  return render(
    <LatchkeyProvider client={env.client}>
      <Landing />
    </LatchkeyProvider>,
    { container: pageMain() },
  );
}

interface PromptNotification {
  isNotDisplayed(): boolean;
  getNotDisplayedReason(): string;
}

/** A stand-in for Google's script once it has run: records `initialize`, `prompt` and `cancel`. */
export class StandInGoogle {
  readonly configurations: Record<string, unknown>[] = [];
  readonly listeners: ((notification: PromptNotification) => void)[] = [];
  cancels = 0;

  /** Puts `window.google.accounts.id` in place (as Google's script does when it runs). */
  install(): this {
    (window as { google?: unknown }).google = {
      accounts: {
        id: {
          initialize: (configuration: Record<string, unknown>) => void this.configurations.push(configuration),
          prompt: (listener?: (notification: PromptNotification) => void) =>
            void this.listeners.push(listener ?? (() => {})),
          cancel: () => {
            this.cancels += 1;
          },
        },
      },
    };
    return this;
  }

  /** Google reports that the prompt could not show, for `reason` (e.g. 'unregistered_origin'). */
  notDisplayed(reason: string): void {
    for (const listener of this.listeners) {
      listener({ isNotDisplayed: () => true, getNotDisplayedReason: () => reason });
    }
  }
}

/** Removes the stand-in. */
export function removeGoogle(): void {
  delete (window as { google?: unknown }).google;
}
