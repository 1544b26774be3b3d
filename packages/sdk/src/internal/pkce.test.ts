import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../environment';
import { base64UrlEncode, computeCodeChallenge, createProofKeyPair } from './pkce';
import { PkceStore } from './pkceStore';

describe('PKCE', () => {
  it('computes the RFC 7636 appendix B challenge', async () => {
    await expect(computeCodeChallenge(crypto.subtle, 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).resolves.toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('writes 16 random 32-bit values as hex and hashes them with SHA-256, base64url', async () => {
    const values = Array.from({ length: 16 }, (_, i) => (i === 0 ? 0x1 : 0xdeadbeef - i));
    const fixed = {
      subtle: crypto.subtle,
      getRandomValues: <T extends ArrayBufferView | null>(array: T): T => {
        (array as unknown as Uint32Array).set(values);
        return array;
      },
    } as Crypto;
    const pair = await createProofKeyPair(fixed);
    expect(pair.code_verifier).toBe(values.map((v) => v.toString(16).padStart(8, '0')).join(''));
    expect(pair.code_verifier).toHaveLength(128);
    expect(pair.code_verifier.startsWith('00000001deadbeee')).toBe(true);
    const expected = createHash('sha256').update(pair.code_verifier).digest('base64url');
    expect(pair.code_challenge).toBe(expected);
  });

  it('makes a different verifier each time', async () => {
    const [a, b] = await Promise.all([createProofKeyPair(crypto), createProofKeyPair(crypto)]);
    expect(a.code_verifier).not.toBe(b.code_verifier);
  });

  it('encodes base64url without padding or + and /', () => {
    expect(base64UrlEncode(new Uint8Array([251, 255, 191]))).toBe('-_-_');
    expect(base64UrlEncode(new Uint8Array([1]))).toBe('AQ');
  });

  it('keeps one pair per flow in storage and forgets it after use', async () => {
    const storage = memoryStorage();
    const store = new PkceStore(storage, crypto, 'stytch_sdk_state_public-token-test-x');
    const pair = await store.start('oauth');
    expect(JSON.parse(storage.getItem('stytch_sdk_state_public-token-test-x::PKCE_VERIFIER:oauth') ?? '')).toEqual(
      pair,
    );
    expect(store.get('oauth')).toEqual(pair);
    expect(store.get('magic_links')).toBeUndefined();
    store.clear('oauth');
    expect(store.get('oauth')).toBeUndefined();
  });

  it('treats a corrupt stored pair as none', () => {
    const storage = memoryStorage();
    storage.setItem('p::PKCE_VERIFIER:passwords', '{not json');
    expect(new PkceStore(storage, crypto, 'p').get('passwords')).toBeUndefined();
  });

  it('reuses the stored pair of a flow instead of replacing it, so an earlier emailed link still works', async () => {
    const store = new PkceStore(memoryStorage(), crypto, 'p');
    const first = await store.ensure('passwords');
    await expect(store.ensure('passwords')).resolves.toEqual(first);
    expect(await store.ensure('magic_links')).not.toEqual(first);
  });

  it('sends the stored verifier and forgets the pair only once the call succeeded', async () => {
    const store = new PkceStore(memoryStorage(), crypto, 'p');
    const pair = await store.start('oauth');
    const refused = store.consume('oauth', async (verifier) => {
      expect(verifier).toBe(pair.code_verifier);
      throw new Error('pkce mismatch');
    });
    await expect(refused).rejects.toThrow('pkce mismatch');
    expect(store.get('oauth')).toEqual(pair);
    await expect(store.consume('oauth', async (verifier) => verifier)).resolves.toBe(pair.code_verifier);
    expect(store.get('oauth')).toBeUndefined();
    await expect(store.consume('oauth', async (verifier) => verifier)).resolves.toBeUndefined();
  });
});
