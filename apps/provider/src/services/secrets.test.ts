// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { newTimeOrderedId, randomToken } from './secrets';

const bytesOf = (token: string) => Buffer.from(token, 'base64url');

describe('randomToken', () => {
  it('gives base64url tokens of the asked size, every one different, across many refills of its pool', () => {
    // 32-byte and odd-sized tokens, far more bytes than one 4 KiB pool, so tokens straddle refills.
    const tokens = Array.from({ length: 1_500 }, (_, index) => randomToken(index % 3 === 0 ? 32 : 7 + (index % 29)));
    tokens.forEach((token, index) => {
      const size = index % 3 === 0 ? 32 : 7 + (index % 29);
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(bytesOf(token)).toHaveLength(size);
      // A byte handed out after it was zeroed (the pool's wipe) would show as a run of zeros.
      expect(bytesOf(token).every((byte) => byte === 0)).toBe(false);
    });
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(randomToken()).toHaveLength(43);
  });

  it('draws uniform bytes: over 64 KiB, each byte value about as often as the others', () => {
    const counts = new Array<number>(256).fill(0);
    for (let index = 0; index < 2_048; index += 1)
      for (const byte of bytesOf(randomToken(32))) counts[byte] = (counts[byte] ?? 0) + 1;
    // 256 expected per value; a stuck or reused pool, or zeros handed out, is far outside these bounds.
    expect(Math.min(...counts)).toBeGreaterThan(150);
    expect(Math.max(...counts)).toBeLessThan(380);
  });

  it('serves a token larger than its pool straight from the CSPRNG', () => {
    const large = bytesOf(randomToken(10_000));
    expect(large).toHaveLength(10_000);
    expect(large.subarray(4_096).every((byte) => byte === 0)).toBe(false);
  });
});

describe('newTimeOrderedId', () => {
  const UUID_V7 = /^session-test-([0-9a-f]{8})-([0-9a-f]{4})-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('is a version 7 UUID (RFC 9562) whose first 48 bits are the time given, in milliseconds', () => {
    const now = Date.parse('2026-11-30T06:00:00.123Z');
    const id = newTimeOrderedId('session', 'test', now);
    const [, high = '', low = ''] = id.match(UUID_V7) ?? [];
    expect(id).toMatch(UUID_V7);
    expect(Number.parseInt(high + low, 16)).toBe(now);
    expect(newTimeOrderedId('session', 'live', now)).toMatch(/^session-live-/);
  });

  it('sorts by time, and ids of the same millisecond differ', () => {
    const start = Date.parse('2026-11-30T06:00:00.000Z');
    const ids = Array.from({ length: 300 }, (_, index) => newTimeOrderedId('session', 'test', start + index * 997));
    expect([...ids].sort()).toEqual(ids);
    const same = Array.from({ length: 1_000 }, () => newTimeOrderedId('session', 'test', start));
    expect(new Set(same).size).toBe(same.length);
    for (const id of same) expect(id).toMatch(UUID_V7);
  });
});
