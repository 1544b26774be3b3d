// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { randomToken } from './secrets';

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
