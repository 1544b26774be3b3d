// Shared by the hooks' tests: the providers a hook runs under, and the telemetry a client sent.
import type { TestEnvironment } from '@latchkey/testing';
import type { ReactNode } from 'react';
import { LatchkeyProvider } from '../src/LatchkeyProvider';
import type { SignInStore } from '../src/signInStore';
import { SignInStoreProvider } from '../src/storeContext';

/** A `renderHook` wrapper: `<LatchkeyProvider>` on the environment's client, and the sign-in store when given. */
export function wrapperFor(env: TestEnvironment, store?: SignInStore) {
  return ({ children }: { children: ReactNode }) => (
    <LatchkeyProvider client={env.client}>
      {store ? <SignInStoreProvider store={store}>{children}</SignInStoreProvider> : children}
    </LatchkeyProvider>
  );
}

/** The telemetry events the client has sent (`POST /events`), after flushing its queue. */
export async function telemetryEvents(env: TestEnvironment) {
  await env.client.events.flush();
  await env.settled();
  return env.telemetry
    .flatMap((batch) => batch.body as { event: { event_name: string; details: Record<string, unknown> } }[])
    .map((entry) => entry.event);
}
