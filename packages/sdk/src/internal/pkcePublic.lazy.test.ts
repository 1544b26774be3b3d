// The package's PKCE helpers load their module on first call: importing the package (and creating a client) does
// not evaluate it, so an app bundler keeps it out of the first load. The real module runs; the mock only counts.
import { describe, expect, it, vi } from 'vitest';
import { createTestClient, settle } from '../../test/fakes';
import { computeCodeChallenge, createProofKeyPair } from '../index';

const loads = vi.hoisted(() => ({ evaluated: 0 }));

vi.mock('./pkce', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./pkce')>();
  loads.evaluated += 1;
  return actual;
});

describe('the PKCE helpers of the package', () => {
  it('load their module on first call, not with the package or a client', async () => {
    createTestClient();
    await settle();
    expect(loads.evaluated).toBe(0);
    const pair = await createProofKeyPair(globalThis.crypto);
    expect(pair.code_verifier).toMatch(/^[0-9a-f]{128}$/);
    await expect(computeCodeChallenge(globalThis.crypto.subtle, pair.code_verifier)).resolves.toBe(pair.code_challenge);
    expect(loads.evaluated).toBe(1);
  });
});
