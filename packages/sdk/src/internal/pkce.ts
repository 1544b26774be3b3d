import type { KeyValueStorage, LatchkeyEnvironment } from '../environment';

/** The flows that keep a proof-key pair between the start call and the authenticate call. */
export type PkceFlow = 'magic_links' | 'passwords' | 'oauth';

export interface ProofKeyPair {
  code_verifier: string;
  code_challenge: string;
}

/** base64url without padding (RFC 4648 §5). */
export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The S256 challenge of a verifier: base64url(SHA-256(verifier)). */
export async function computeCodeChallenge(subtle: SubtleCrypto, verifier: string): Promise<string> {
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64UrlEncode(new Uint8Array(digest));
}

/**
 * A new proof-key pair (spec §9): the verifier is 16 random 32-bit values, each written as 8 hex digits
 * (128 characters, the RFC 7636 maximum); the challenge is its SHA-256, base64url.
 */
export async function createProofKeyPair(crypto: LatchkeyEnvironment['crypto']): Promise<ProofKeyPair> {
  const values = crypto.getRandomValues(new Uint32Array(16));
  const code_verifier = Array.from(values, (value) => value.toString(16).padStart(8, '0')).join('');
  return { code_verifier, code_challenge: await computeCodeChallenge(crypto.subtle, code_verifier) };
}

/** Proof-key pairs kept in storage per flow, under `{statePrefix}::PKCE_VERIFIER:{flow}`, cleared after use. */
export class PkceStore {
  constructor(
    private readonly storage: KeyValueStorage,
    private readonly crypto: LatchkeyEnvironment['crypto'],
    private readonly statePrefix: string,
  ) {}

  private key(flow: PkceFlow): string {
    return `${this.statePrefix}::PKCE_VERIFIER:${flow}`;
  }

  /** Makes a new pair for `flow`, stores it (replacing any earlier one) and returns it. */
  async start(flow: PkceFlow): Promise<ProofKeyPair> {
    const pair = await createProofKeyPair(this.crypto);
    this.storage.setItem(this.key(flow), JSON.stringify(pair));
    return pair;
  }

  /** The stored pair of `flow`, if any. */
  get(flow: PkceFlow): ProofKeyPair | undefined {
    const raw = this.storage.getItem(this.key(flow));
    if (!raw) return undefined;
    try {
      const pair = JSON.parse(raw) as Partial<ProofKeyPair>;
      if (typeof pair.code_verifier === 'string' && typeof pair.code_challenge === 'string') {
        return { code_verifier: pair.code_verifier, code_challenge: pair.code_challenge };
      }
    } catch {
      // A corrupt entry is as good as none.
    }
    return undefined;
  }

  /** The stored pair of `flow`, or a new one: an email sent again keeps the link of the earlier one working. */
  async ensure(flow: PkceFlow): Promise<ProofKeyPair> {
    return this.get(flow) ?? this.start(flow);
  }

  /**
   * Runs `send` with the stored verifier of `flow` (undefined when there is none) and forgets the pair once `send`
   * succeeded; a refused attempt keeps it, so the user can try again.
   */
  async consume<T>(flow: PkceFlow, send: (codeVerifier: string | undefined) => Promise<T>): Promise<T> {
    const pair = this.get(flow);
    const result = await send(pair?.code_verifier);
    if (pair) this.clear(flow);
    return result;
  }

  /** Forgets the pair of `flow` (after the authenticate call that used it). */
  clear(flow: PkceFlow): void {
    this.storage.removeItem(this.key(flow));
  }
}
