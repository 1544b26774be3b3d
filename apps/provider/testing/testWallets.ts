// Test wallets that sign with real keys: an Ethereum account (viem, EIP-191 personal_sign) behind an EIP-1193
// provider, and a Solana keypair (tweetnacl, Ed25519) behind a Phantom-style provider. The provider's tests sign
// challenges with them directly; the hooks' and kits' tests put their providers on the jsdom window (re-exported by
// @latchkey/testing); the browser tests sign in Node with the same classes behind an exposed function.
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { type Hex, hexToBytes, isHex } from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';

/** What the wallet does with the next request: answer, or refuse as a user closing the pop-up does (EIP-1193 4001). */
export type WalletBehaviour = 'approve' | 'reject';

/** The error a wallet raises when the user refuses (EIP-1193 `4001 User Rejected Request`). */
export class UserRejectedError extends Error {
  readonly code = 4001;
  constructor() {
    super('User rejected the request.');
  }
}

/** The message bytes of a `personal_sign` parameter: hex is the bytes, anything else is UTF-8 text. */
function messageOf(data: string): { raw: Hex } | string {
  return isHex(data) ? { raw: data } : data;
}

/** An Ethereum wallet with a real private key; `provider` answers the EIP-1193 calls a sign-in makes. */
export class TestEthereumWallet {
  readonly account: PrivateKeyAccount;
  /** Every request the page made, in order (method and params). */
  readonly requests: { method: string; params?: unknown }[] = [];
  /** What the next `eth_requestAccounts` / `personal_sign` does (reset to `approve` after each). */
  next: { connect: WalletBehaviour; sign: WalletBehaviour } = { connect: 'approve', sign: 'approve' };

  constructor(privateKey: Hex = generatePrivateKey()) {
    this.account = privateKeyToAccount(privateKey);
  }

  /** The checksummed address (`0x…`). */
  get address(): string {
    return this.account.address;
  }

  /** Signs `message` (text, or `{ raw: hex }`) as `personal_sign` does (EIP-191). */
  sign(message: string | { raw: Hex }): Promise<Hex> {
    return this.account.signMessage({ message });
  }

  /** Answers one EIP-1193 request as a wallet extension would (the methods a sign-in uses). */
  async request({ method, params }: { method: string; params?: readonly unknown[] | object }): Promise<unknown> {
    this.requests.push({ method, params });
    switch (method) {
      case 'eth_requestAccounts':
      case 'eth_accounts': {
        const behaviour = method === 'eth_requestAccounts' ? this.take('connect') : 'approve';
        if (behaviour === 'reject') throw new UserRejectedError();
        return [this.address];
      }
      case 'eth_chainId':
        return '0x1';
      case 'personal_sign': {
        if (this.take('sign') === 'reject') throw new UserRejectedError();
        const [data, address] = params as [string, string];
        if (address?.toLowerCase() !== this.address.toLowerCase()) throw new Error(`Unknown account ${address}`);
        return this.sign(messageOf(data));
      }
      default:
        throw Object.assign(new Error(`The method ${method} is not supported.`), { code: 4200 });
    }
  }

  /** The EIP-1193 provider object (only `request`), as a page receives it. */
  get provider(): { request: TestEthereumWallet['request'] } {
    return { request: (args) => this.request(args) };
  }

  private take(step: 'connect' | 'sign'): WalletBehaviour {
    const behaviour = this.next[step];
    this.next = { ...this.next, [step]: 'approve' };
    return behaviour;
  }
}

/**
 * The bytes as tweetnacl accepts them: it checks `instanceof Uint8Array`, and under jsdom the arrays Node's
 * TextEncoder makes are of another realm's Uint8Array ("unexpected type, use Uint8Array"). A copy is of this one's.
 */
function naclBytes(bytes: Uint8Array): Uint8Array {
  return Uint8Array.from(bytes);
}

/** A Solana wallet with a real Ed25519 keypair; `provider` answers like Phantom's `window.phantom.solana`. */
export class TestSolanaWallet {
  readonly keyPair: nacl.SignKeyPair;
  /** What the next `connect` / `signMessage` does (reset to `approve` after each). */
  next: { connect: WalletBehaviour; sign: WalletBehaviour } = { connect: 'approve', sign: 'approve' };
  /** The messages the page asked to sign, as text. */
  readonly signed: string[] = [];

  constructor(seed?: Uint8Array) {
    this.keyPair = seed ? nacl.sign.keyPair.fromSeed(seed) : nacl.sign.keyPair();
  }

  /** The base58 address (the public key). */
  get address(): string {
    return bs58.encode(this.keyPair.publicKey);
  }

  /** The detached Ed25519 signature of `message`, base58-encoded (what `crypto_wallets/authenticate` takes). */
  signBase58(message: string): string {
    return bs58.encode(nacl.sign.detached(naclBytes(new TextEncoder().encode(message)), this.keyPair.secretKey));
  }

  /** The Phantom-style provider object: `connect`, `publicKey`, `signMessage`. */
  get provider() {
    const publicKey = { toBase58: () => this.address, toString: () => this.address };
    let connected = false;
    return {
      isPhantom: true,
      get publicKey() {
        return connected ? publicKey : null;
      },
      connect: async () => {
        if (this.take('connect') === 'reject') throw new UserRejectedError();
        connected = true;
        return { publicKey };
      },
      signMessage: async (message: Uint8Array) => {
        if (this.take('sign') === 'reject') throw new UserRejectedError();
        this.signed.push(new TextDecoder().decode(message));
        return { signature: nacl.sign.detached(naclBytes(message), this.keyPair.secretKey), publicKey };
      },
    };
  }

  private take(step: 'connect' | 'sign'): WalletBehaviour {
    const behaviour = this.next[step];
    this.next = { ...this.next, [step]: 'approve' };
    return behaviour;
  }
}

/** The EIP-6963 `info` of a wallet (`rdns` decides which spec option it maps to: `io.metamask` → Metamask). */
export interface Eip6963Info {
  uuid: string;
  name: string;
  icon: string;
  rdns: string;
}

/**
 * Announces `provider` on `target` (a window) as EIP-6963 wallets do: once now, and again on every
 * `eip6963:requestProvider`. Returns a function that stops answering.
 */
export function announceEip6963(target: Window, info: Eip6963Info, provider: object): () => void {
  const announce = () =>
    target.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info: Object.freeze(info), provider }) }),
    );
  target.addEventListener('eip6963:requestProvider', announce);
  announce();
  return () => target.removeEventListener('eip6963:requestProvider', announce);
}

/** Decodes a `0x` hex string to bytes (the signature a test tampers with). */
export const bytesOfHex = (hex: Hex): Uint8Array => hexToBytes(hex);
