// The development upstream as social sign-in's part of a provider instance (products/registry.ts, `instance`):
// made with the provider when it is on, answered as `provider.developmentUpstream`, closed with the provider.
import { describe, expect, it } from 'vitest';
import { openTestProvider, startProvider } from '../../../../testing/harness';

describe("the development upstream, social sign-in's part of a provider instance", () => {
  it('is the provider object’s developmentUpstream in development, started only on first use', async () => {
    const t = await startProvider();
    const upstream = t.provider.developmentUpstream;
    expect(upstream).not.toBeNull();
    expect(upstream?.isStarted()).toBe(false);
    const running = await upstream?.get();
    expect(running?.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(upstream?.isStarted()).toBe(true);
  });

  it('is null when switched off', async () => {
    const t = await startProvider({ project: { oauth: { developmentUpstream: { enabled: false } } } });
    expect(t.provider.developmentUpstream).toBeNull();
  });

  it('closes with its provider: a started upstream stops listening and cannot be started again', async () => {
    const t = await openTestProvider();
    const upstream = t.provider.developmentUpstream;
    const running = await upstream?.get();
    const issuer = running?.issuer as string;
    expect((await fetch(`${issuer}/.well-known/openid-configuration`)).status).toBe(200);
    await t.close();
    await expect(fetch(`${issuer}/.well-known/openid-configuration`)).rejects.toThrow();
    await expect(upstream?.get()).rejects.toThrow('The development upstream was closed with its provider');
  });
});
