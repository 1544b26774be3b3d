import { describe, expect, it, vi } from 'vitest';
import { UsageError } from '../errors';
import { DEFAULT_LIVE_API_URL, DEFAULT_TEST_API_URL, isLoopbackHost, resolveBaseUrl } from './baseUrl';

const TEST = 'public-token-test-123';
const LIVE = 'public-token-live-123';

describe('base URL', () => {
  it('picks test or live from the public token', () => {
    expect(resolveBaseUrl(TEST, {}, vi.fn())).toEqual({ apiUrl: DEFAULT_TEST_API_URL, hasCustomApiEndpoint: false });
    expect(resolveBaseUrl(LIVE, {}, vi.fn())).toEqual({ apiUrl: DEFAULT_LIVE_API_URL, hasCustomApiEndpoint: false });
  });

  it('keeps apiBaseUrl exactly: scheme, host, port and path prefix', () => {
    expect(resolveBaseUrl(TEST, { apiBaseUrl: 'http://127.0.0.1:8787/base/' }, vi.fn())).toEqual({
      apiUrl: 'http://127.0.0.1:8787/base',
      hasCustomApiEndpoint: true,
    });
    expect(resolveBaseUrl(TEST, { apiBaseUrl: 'https://auth.example.com:8443' }, vi.fn()).apiUrl).toBe(
      'https://auth.example.com:8443',
    );
    expect(resolveBaseUrl(TEST, { apiBaseUrl: 'http://localhost:8787' }, vi.fn()).apiUrl).toBe('http://localhost:8787');
  });

  it.each([
    ['localhost:8443', 'apiBaseUrl must be an absolute http(s) URL'],
    ['/relative', 'apiBaseUrl must be an absolute http(s) URL'],
    ['ftp://example.com', 'apiBaseUrl must be an absolute http(s) URL'],
    ['javascript:alert(1)', 'apiBaseUrl must be an absolute http(s) URL'],
    [
      'http://auth.example.com',
      'apiBaseUrl must use https unless it points at a loopback host (set allowInsecureHttp to opt in)',
    ],
    ['https://user:pw@auth.example.com', 'apiBaseUrl must not carry credentials, a query or a fragment'],
  ])('refuses apiBaseUrl %s with a usage error', (apiBaseUrl, reason) => {
    const attempt = () => resolveBaseUrl(TEST, { apiBaseUrl }, vi.fn());
    expect(attempt).toThrow(UsageError);
    expect(attempt).toThrow(`Invalid call to createClient: ${reason}`);
  });

  it('accepts plain http on another host only with the explicit opt-in', () => {
    expect(resolveBaseUrl(TEST, { apiBaseUrl: 'http://auth.internal', allowInsecureHttp: true }, vi.fn()).apiUrl).toBe(
      'http://auth.internal',
    );
  });

  it('serves a valid custom domain over https', () => {
    const warn = vi.fn();
    expect(resolveBaseUrl(LIVE, { customDomain: 'Auth.Example.com' }, warn)).toEqual({
      apiUrl: 'https://auth.example.com',
      hasCustomApiEndpoint: true,
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it.each(['https://auth.example.com', 'auth example.com', '', 'auth.example.com/path', '-bad-.com'])(
    'warns about the invalid custom domain %j and falls back to the default',
    (customDomain) => {
      const warn = vi.fn();
      expect(resolveBaseUrl(LIVE, { customDomain }, warn)).toEqual({
        apiUrl: DEFAULT_LIVE_API_URL,
        hasCustomApiEndpoint: false,
      });
      expect(warn).toHaveBeenCalledOnce();
      expect(warn.mock.calls[0]?.[0]).toContain('is not a valid host');
    },
  );

  it('knows the loopback hosts', () => {
    for (const host of ['localhost', '127.0.0.1', '127.1.2.3', '[::1]']) expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['example.com', '128.0.0.1', 'localhost.evil.com', '127.0.0.1.evil.com']) {
      expect(isLoopbackHost(host)).toBe(false);
    }
  });
});
