// The browser half of a wallet sign-in: the account request, then the signature of the provider's challenge.
// Ethereum-like wallets: `eth_requestAccounts`, then `personal_sign` (EIP-191) of the challenge's UTF-8 bytes as hex.
// Solana-like wallets: `connect()`, then `signMessage` of the same bytes; the signature is sent base58-encoded.
// Only this module (loaded with useCryptoWalletFlow) imports bs58; nothing here may import viem or tweetnacl.
import bs58 from 'bs58';
import type { DetectedWallet } from './wallets';

/** A wallet answered without refusing, but with nothing usable (no account, an empty signature). */
class EmptyWalletAnswer extends Error {}

// `Uint8Array.from`: the bytes in this realm's Uint8Array, which Solana wallets (tweetnacl) check with instanceof.
const utf8 = (text: string): Uint8Array => Uint8Array.from(new TextEncoder().encode(text));

const toHex = (bytes: Uint8Array): string =>
  `0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;

/** Asks the wallet for its account (the pop-up): the address the challenge is asked for. Throws if refused. */
export async function connectWallet(wallet: DetectedWallet): Promise<string> {
  if (wallet.type === 'ethereum') {
    const accounts = await wallet.provider.request({ method: 'eth_requestAccounts' });
    const [account] = Array.isArray(accounts) ? accounts : [];
    if (typeof account !== 'string' || account === '') throw new EmptyWalletAnswer('The wallet gave no account.');
    return account;
  }
  const connected = await wallet.provider.connect();
  // Phantom answers the key; some wallets only set `publicKey` on the provider.
  const address = (connected?.publicKey ?? wallet.provider.publicKey)?.toBase58();
  if (typeof address !== 'string' || address === '') throw new EmptyWalletAnswer('The wallet gave no account.');
  return address;
}

/** Asks the wallet to sign `challenge` with `address` (the pop-up): the signature as the provider takes it. */
export async function signChallenge(wallet: DetectedWallet, address: string, challenge: string): Promise<string> {
  const message = utf8(challenge);
  if (wallet.type === 'ethereum') {
    // Hex, not text: wallets decode it to the exact bytes; text is ambiguous when it looks like hex itself.
    const signature = await wallet.provider.request({ method: 'personal_sign', params: [toHex(message), address] });
    if (typeof signature !== 'string' || signature === '') throw new EmptyWalletAnswer('The wallet gave no signature.');
    return signature;
  }
  const signed = await wallet.provider.signMessage(message, 'utf8');
  const bytes = ArrayBuffer.isView(signed) ? signed : signed?.signature;
  if (!bytes || bytes.byteLength === 0) throw new EmptyWalletAnswer('The wallet gave no signature.');
  return bs58.encode(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}
