import { describe, expect, it } from 'vitest';
import { addLazyMethods, once } from './lazy';

describe('once', () => {
  it('loads once for concurrent and later callers', async () => {
    let loads = 0;
    const load = once(async () => ++loads);
    await expect(Promise.all([load(), load()])).resolves.toEqual([1, 1]);
    await expect(load()).resolves.toBe(1);
    expect(loads).toBe(1);
  });

  it('does not keep a failure: the next call loads again', async () => {
    let attempts = 0;
    const load = once(async () => {
      attempts++;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return 'loaded';
    });
    await expect(load()).rejects.toThrow('Failed to fetch dynamically imported module');
    await expect(load()).resolves.toBe('loaded');
    await expect(load()).resolves.toBe('loaded');
    expect(attempts).toBe(2);
  });
});

describe('addLazyMethods', () => {
  const real = {
    send: async (email: string) => `sent ${email}`,
    email: { loginOrCreate: async (email: string, options?: object) => ({ email, options }) },
    check: async (value: unknown) => {
      if (typeof value !== 'string') throw new TypeError('Invalid call to check: value must be a string');
      return value;
    },
  };

  it('adds one stub per listed method, nested by dots, and keeps what the target already has', () => {
    const getSync = () => 'sync';
    const namespace = addLazyMethods({ getSync }, async () => real, 'send email.loginOrCreate check');
    expect(Object.keys(namespace)).toEqual(['getSync', 'send', 'email', 'check']);
    expect(Object.keys((namespace as unknown as typeof real).email)).toEqual(['loginOrCreate']);
    expect(namespace.getSync).toBe(getSync);
    expect(namespace.getSync()).toBe('sync');
  });

  it('loads nothing until a stub is called, then forwards every argument and the answer', async () => {
    let loads = 0;
    const load = once(async () => {
      loads++;
      return real;
    });
    const namespace = addLazyMethods({}, load, 'send email.loginOrCreate') as typeof real;
    expect(loads).toBe(0);
    await expect(namespace.email.loginOrCreate('ada@example.com', { locale: 'fr' })).resolves.toEqual({
      email: 'ada@example.com',
      options: { locale: 'fr' },
    });
    await expect(namespace.send('bob@example.com')).resolves.toBe('sent bob@example.com');
    expect(loads).toBe(1);
  });

  it("rejects with the real method's own error, and with the loader's when the module cannot load", async () => {
    let fail = true;
    const load = once(async () => {
      if (fail) throw new TypeError('Failed to fetch dynamically imported module');
      return real;
    });
    const namespace = addLazyMethods({}, load, 'check') as typeof real;
    const first = namespace.check(1);
    expect(first).toBeInstanceOf(Promise);
    await expect(first).rejects.toThrow('Failed to fetch dynamically imported module');
    fail = false;
    await expect(namespace.check(1)).rejects.toThrow('Invalid call to check: value must be a string');
    await expect(namespace.check('ok')).resolves.toBe('ok');
  });
});
