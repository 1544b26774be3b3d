// Secondary sends answer whether someone holds an address (`duplicate_email`, `duplicate_phone_number`), so they
// count against the per-IP budget of `users/search` (`rateLimits.userSearchesPerIp`) before that look-up.
import { describe, expect, it } from 'vitest';
import { BROWSER_PKCE } from '../../test/browserPkce';
import { signIn } from '../../testing/fixtures';
import { startProvider } from '../../testing/harness';

const LIMITED = { rateLimits: { userSearchesPerIp: { limit: 2, windowSeconds: 60 } } };
const TAKEN_EMAIL = 'taken@example.com';
const TAKEN_PHONE = '+14155550123';

describe('secondary sends count against userSearchesPerIp', () => {
  it.each([
    ['/magic_links/email/send/secondary', { email: TAKEN_EMAIL, code_challenge: BROWSER_PKCE.challenge }],
    ['/otps/email/send/secondary', { email: TAKEN_EMAIL }],
    ['/otps/sms/send/secondary', { phone_number: TAKEN_PHONE }],
  ] as const)('answers the third probe of %s from one IP with 429 too_many_requests', async (path, body) => {
    const t = await startProvider(LIMITED);
    await signIn(t, { email: TAKEN_EMAIL, phoneNumber: TAKEN_PHONE });
    const prober = await signIn(t);
    const duplicate = path.includes('sms') ? 'duplicate_phone_number' : 'duplicate_email';
    for (let index = 0; index < 2; index += 1) {
      const probe = await t.post(path, body, prober.sessionToken);
      expect(probe.status).toBe(409);
      expect(probe.json.error_type).toBe(duplicate);
    }
    const limited = await t.post(path, body, prober.sessionToken);
    expect(limited.status).toBe(429);
    expect(limited.json.error_type).toBe('too_many_requests');
    expect(limited.headers.get('retry-after')).toBe('60');
    // Another client is not affected, and the window passing frees the caller again.
    const other = await t.call('POST', path, { body, sessionToken: prober.sessionToken, remoteAddress: '10.0.0.2' });
    expect(other.json.error_type).toBe(duplicate);
    t.clock.advance(60_000);
    expect((await t.post(path, body, prober.sessionToken)).json.error_type).toBe(duplicate);
  });

  it('shares one budget with users/search, and is counted before any send', async () => {
    const t = await startProvider(LIMITED);
    const prober = await signIn(t);
    expect((await t.post('/users/search', { email: 'a@example.com' })).status).toBe(200);
    // An address nobody holds: sent, counted once.
    expect((await t.post('/otps/email/send/secondary', { email: 'new@example.com' }, prober.sessionToken)).status).toBe(
      200,
    );
    const limited = await t.post('/otps/email/send/secondary', { email: 'other@example.com' }, prober.sessionToken);
    expect(limited.status).toBe(429);
    expect(limited.json.error_type).toBe('too_many_requests');
    expect((await t.post('/users/search', { email: 'b@example.com' })).status).toBe(429);
    // Refused before anything was sent: only the first address got a code.
    await expect(t.lastCode('other@example.com')).rejects.toThrow();
  });
});
