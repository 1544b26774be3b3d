// Holds one answer of the in-process provider, for the tests of what a late answer does (the user acts meanwhile).
import { registerCleanup, type TestEnvironment } from '@latchkey/testing';

export interface HeldAnswer {
  /** Resolves once the provider has handled the request (its email is sent); its answer is then held. */
  arrived: Promise<void>;
  /** Lets the held answer reach the client, and waits until every request is answered. */
  release(): Promise<void>;
}

/**
 * Holds the provider's next answer to `path` (as the client names it: `/otps/email/login_or_create`): the provider
 * handles the request at once, the client gets its answer only at `release()`.
 */
export function holdNextAnswer(env: TestEnvironment, path: string): HeldAnswer {
  const { provider } = env;
  const original = provider.fetch;
  let arrive = () => {};
  let open = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const released = new Promise<void>((resolve) => {
    open = resolve;
  });
  provider.fetch = async (request, bindings) => {
    if (new URL(request.url).pathname.replace(/^\/sdk\/v1/, '') !== path) return original(request, bindings);
    provider.fetch = original;
    const response = await original(request, bindings);
    arrive();
    await released;
    return response;
  };
  // A test that fails before releasing must not leave the environment's clean-up waiting for the answer.
  registerCleanup(() => {
    provider.fetch = original;
    open();
  });
  return {
    arrived,
    async release() {
      open();
      await env.settled();
    },
  };
}
