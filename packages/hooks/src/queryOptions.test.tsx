import { startTestEnvironment } from '@latchkey/testing';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { passwordStrengthQueryOptions } from './products/passwords/queryOptions';
import { bootstrapQueryOptions, userQueryOptions } from './queryOptions';

describe('queryOptions factories', () => {
  it("bootstrapQueryOptions prefetches the provider's settings, kept fresh for the page's life", async () => {
    const env = await startTestEnvironment({ config: { project: { name: 'Acme Sign-in' } } });
    const options = bootstrapQueryOptions(env.client);
    expect(options.queryKey).toEqual(['latchkey', 'bootstrap']);
    expect(options.staleTime).toBe(Number.POSITIVE_INFINITY);
    const queryClient = new QueryClient();
    await queryClient.prefetchQuery(options);
    expect(queryClient.getQueryData(options.queryKey)?.projectName).toBe('Acme Sign-in');
    expect(queryClient.getQueryState(options.queryKey)?.isInvalidated).toBe(false);
  });

  it('userQueryOptions is disabled while signed out and fetches GET /users/me once signed in', async () => {
    const env = await startTestEnvironment();
    const queryClient = new QueryClient();
    const options = userQueryOptions(env.client);
    expect(options.queryKey).toEqual(['latchkey', 'user']);
    const enabled = options.enabled as (query: unknown) => boolean;
    expect(enabled(undefined)).toBe(false);

    const email = 'ada@example.com';
    const { method_id } = await env.client.otps.email.loginOrCreate(email);
    await env.client.otps.authenticate(await env.lastCode(email), method_id, { session_duration_minutes: 30 });
    expect(enabled(undefined)).toBe(true);
    const user = await queryClient.fetchQuery(options);
    expect(user?.emails[0]?.email).toBe(email);
    expect(env.requests.at(-1)).toMatchObject({ method: 'GET', path: '/users/me', status: 200 });
  });

  it('userQueryOptions starts from the stored user', async () => {
    const env = await startTestEnvironment();
    const options = userQueryOptions(env.client);
    const initialData = options.initialData as () => unknown;
    expect(initialData()).toBeUndefined();
    const email = 'ada@example.com';
    const { method_id } = await env.client.otps.email.loginOrCreate(email);
    await env.client.otps.authenticate(await env.lastCode(email), method_id, { session_duration_minutes: 30 });
    expect(initialData()).toBe(env.client.user.getSync());
  });

  it('passwordStrengthQueryOptions asks the provider and keeps nothing once unused', async () => {
    const env = await startTestEnvironment();
    const queryClient = new QueryClient();
    const options = passwordStrengthQueryOptions(env.client, { password: 'correct horse battery staple 9!' });
    expect(options.queryKey).toEqual(['latchkey', 'passwordStrength', '', 'correct horse battery staple 9!']);
    expect(options).toMatchObject({ gcTime: 0, retry: 0, enabled: true });
    const result = await queryClient.fetchQuery(options);
    expect(typeof result.score).toBe('number');
    expect(env.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/passwords/strength_check',
      body: { password: 'correct horse battery staple 9!' },
      status: 200,
    });
    // gcTime 0: the answer (and the password in its key) leaves the cache on the next tick.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(queryClient.getQueryCache().find({ queryKey: options.queryKey })).toBeUndefined();
  });

  it('passwordStrengthQueryOptions sends the email and is disabled for an empty password', async () => {
    const env = await startTestEnvironment();
    const options = passwordStrengthQueryOptions(env.client, { password: 'hunter2', email: 'ada@example.com' });
    expect(options.queryKey).toEqual(['latchkey', 'passwordStrength', 'ada@example.com', 'hunter2']);
    await new QueryClient().fetchQuery(options);
    expect(env.requests.at(-1)?.body).toEqual({ password: 'hunter2', email: 'ada@example.com' });
    expect(passwordStrengthQueryOptions(env.client, { password: '' }).enabled).toBe(false);
  });
});
