// The retention the purge applies (ops/retention.ts): the longest of its own configuration's and each serving
// instance's announced values, field by field, whatever an announcement of another version holds.
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config';
import { longest, retentionOf } from './retention';

describe('longest', () => {
  const own = retentionOf(parseConfig({ purge: { sessionGraceDays: 1, eventsDays: 2 } }));

  it('takes the longer value of each field, the keys by table', () => {
    const other = retentionOf(
      parseConfig({
        purge: { sessionGraceDays: 3, eventsDays: 1 },
        rateLimits: { sendsPerIp: { limit: 5, windowSeconds: 7200 } },
      }),
    );
    const merged = longest(own, JSON.parse(JSON.stringify({ ...other, keys: { signing_keys: 99 * 60_000 } })));
    expect(merged.sessionGraceMs).toBe(3 * 86_400_000);
    expect(merged.eventsMs).toBe(2 * 86_400_000);
    expect(merged.rateLimitWindowMs).toBe(7_200_000);
    expect(merged.keys.signing_keys).toBe(99 * 60_000);
    // `own` is left as it was.
    expect(own.sessionGraceMs).toBe(86_400_000);
  });

  it('keeps its own value where an announcement lacks a field, holds something else, or is not an object', () => {
    expect(longest(own, null)).toEqual(own);
    expect(longest(own, 'text')).toEqual(own);
    expect(
      longest(own, { sessionGraceMs: 'forever', eventsMs: Number.POSITIVE_INFINITY, keys: { signing_keys: '9' } }),
    ).toEqual(own);
    // A key table this version does not know is not added.
    expect(Object.keys(longest(own, { keys: { someone_elses_keys: 1 } }).keys)).toEqual(Object.keys(own.keys));
  });
});
