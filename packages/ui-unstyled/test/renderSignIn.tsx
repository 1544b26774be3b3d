// Renders <SignIn> against the real provider in-process, for the screens' tests.
import { LatchkeyProvider, type SignInCallbacks, type SignInConfig } from '@latchkey/hooks';
import { startTestEnvironment, type TestEnvironment, type TestEnvironmentSetup } from '@latchkey/testing';
import { type RenderResult, render } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { vi } from 'vitest';
import type { Strings } from '../src/messages/index';
import { SignIn } from '../src/SignIn';
import type { Toaster } from '../src/toast';

export interface RenderSignInOptions {
  config?: SignInConfig;
  strings?: Strings;
  callbacks?: SignInCallbacks;
  /** The provider's configuration (`{ project: { … } }`). */
  provider?: TestEnvironmentSetup['config'];
  /** A toaster of the test's own (default: the built-in live region). */
  toaster?: Toaster;
  /** Set when the test uses `vi.useFakeTimers`, so user-event advances them. */
  fakeTimers?: boolean;
  /** Send the page's cookies with each request, as a same-site browser does (a multi-factor sign-in needs it). */
  sameSiteCookies?: boolean;
  /** An environment the test started itself (e.g. with a software authenticator, test/passkeys.ts). */
  env?: TestEnvironment;
}

export interface RenderedSignIn extends RenderResult {
  env: TestEnvironment;
  user: UserEvent;
}

/** A `<main>` landmark to render into, as a host page would (axe wants all content inside landmarks). */
export function pageMain(): HTMLElement {
  return document.body.appendChild(document.createElement('main'));
}

/** Starts a provider and a client, renders `<SignIn>` inside `<LatchkeyProvider>`, and sets up user-event. */
export async function renderSignIn(options: RenderSignInOptions = {}): Promise<RenderedSignIn> {
  const env =
    options.env ?? (await startTestEnvironment({ config: options.provider, sameSiteCookies: options.sameSiteCookies }));
  const user = options.fakeTimers
    ? userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) })
    : userEvent.setup();
  const result = render(
    <LatchkeyProvider client={env.client}>
      <SignIn
        config={options.config}
        strings={options.strings}
        callbacks={options.callbacks}
        toaster={options.toaster}
      />
    </LatchkeyProvider>,
    { container: pageMain() },
  );
  return { env, user, ...result };
}

/** The telemetry events sent so far (after flushing the client's queue), as `{ event_name, details }`. */
export async function sentTelemetry(
  env: TestEnvironment,
): Promise<{ event_name: string; details: Record<string, unknown> }[]> {
  await env.client.events.flush();
  await env.settled();
  return env.telemetry.flatMap((request) => {
    const body = request.body as unknown;
    const items = Array.isArray(body) ? body : [body];
    return items.map((item) => (item as { event?: unknown }).event ?? item) as {
      event_name: string;
      details: Record<string, unknown>;
    }[];
  });
}
