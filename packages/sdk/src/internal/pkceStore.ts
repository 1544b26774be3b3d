import type { KeyValueStorage, LatchkeyEnvironment } from '../environment';
import type { PkceFlow } from '../products/registry';
import { createProofKeyPair, type ProofKeyPair } from './pkce';

/**
 * Proof-key pairs kept in storage per flow (the products' `PkceFlow`s, declared in their registry), under
 * `{statePrefix}::PKCE_VERIFIER:{flow}`, cleared after use.
 */
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
