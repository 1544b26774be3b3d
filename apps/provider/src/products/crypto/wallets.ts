import { ed25519 } from '@noble/curves/ed25519';
import bs58 from 'bs58';
import type { Selectable } from 'kysely';
import { getAddress, isAddress } from 'viem';
import { dialectOf } from '../../db/dialect';
import type { Executor } from '../../db/schema';
import type { ProviderDeps } from '../../http/context';
import { ProviderError } from '../../http/errors';
import { newId } from '../../services/secrets';
import type { NewFactor } from '../../services/sessions';
import { newUserRow } from '../../services/users';
import { CRYPTO_WALLET_TYPES, type CryptoWalletType } from './config';
import { walletAddressForDisplay } from './descriptor';
import type { CryptoWalletsTable } from './tables';

/** A stored wallet of a user. */
export type WalletRow = Selectable<CryptoWalletsTable>;

/** A wallet as a call names it, checked and normalised. */
export interface Wallet {
  type: CryptoWalletType;
  /** How it is stored and compared: Ethereum lower-case `0x…` hex, Solana base58. */
  address: string;
  /** How it is shown (messages, user object, factor): Ethereum EIP-55 checksummed, Solana base58. */
  display: string;
}

const ETHEREUM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const ETHEREUM_UPPER_CASE = /^0x[0-9A-F]{40}$/;
/** A base58 Ed25519 public key (32 bytes) is 32 to 44 characters. */
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/**
 * An Ethereum address: 0x and 40 hex digits. All lower or all upper case carries no checksum (EIP-55); mixed case
 * must be a valid checksum, so a mistyped address is refused rather than signed in as somebody else.
 */
function ethereumAddress(raw: string): string | null {
  if (!ETHEREUM_ADDRESS.test(raw)) return null;
  if (!isAddress(raw, { strict: true }) && !ETHEREUM_UPPER_CASE.test(raw)) return null;
  return raw.toLowerCase();
}

/**
 * A Solana address: the base58 text of a 32-byte Ed25519 public key, in its canonical spelling, that is a point of the
 * curve and not of small order. Under a small-order key (the identity `1` followed by zeros, and seven others) a
 * signature with R of small order and S = 0 passes RFC 8032 §5.1.7's check for every message: anyone could sign in as
 * that address. A point off the curve (a program-derived address) has no private key and signs nothing.
 */
function solanaAddress(raw: string): string | null {
  if (!SOLANA_ADDRESS.test(raw)) return null;
  let bytes: Uint8Array;
  try {
    bytes = bs58.decode(raw);
  } catch {
    return null;
  }
  if (bytes.length !== 32 || bs58.encode(bytes) !== raw) return null;
  try {
    return ed25519.ExtendedPoint.fromHex(bytes).isSmallOrder() ? null : raw;
  } catch {
    return null;
  }
}

/**
 * The wallet a call names: `invalid_wallet_type` for a type other than ethereum or solana, `method_not_enabled` for
 * one the project has switched off (`cryptoWallets.types`), `invalid_crypto_wallet_address` for an address that is
 * not one of that type.
 */
export function parseWallet(deps: ProviderDeps, type: string, address: string): Wallet {
  if (!(CRYPTO_WALLET_TYPES as readonly string[]).includes(type)) throw new ProviderError('invalid_wallet_type');
  const walletType = type as CryptoWalletType;
  if (!deps.config.project.cryptoWallets.types.includes(walletType)) throw new ProviderError('method_not_enabled');
  const normalised = walletType === 'ethereum' ? ethereumAddress(address) : solanaAddress(address);
  if (normalised === null) throw new ProviderError('invalid_crypto_wallet_address');
  return {
    type: walletType,
    address: normalised,
    display: walletType === 'ethereum' ? getAddress(normalised) : normalised,
  };
}

/** The session factor a wallet signature proves: `crypto_wallet_factor`, delivery `crypto_wallet`. */
export function cryptoWalletFactor(row: WalletRow): NewFactor {
  return {
    type: 'crypto',
    delivery_method: 'crypto_wallet',
    crypto_wallet_factor: {
      crypto_wallet_id: row.crypto_wallet_id,
      crypto_wallet_address: walletAddressForDisplay(row.wallet_type, row.address),
      crypto_wallet_type: row.wallet_type,
    },
  };
}

/**
 * The wallet row of this project holding `wallet`, if any. `signsIn`: the caller's transaction signs in with it, so on
 * PostgreSQL the row stays locked (`FOR SHARE`) until that transaction ends. A pre-hijacking reset of the account (its
 * owner proving an address: services/verification.ts) deletes the wallets and then revokes the sessions, so it waits
 * for the sign-in to commit and then revokes its session too; unlocked, the sign-in's session was committed after the
 * reset's revocation and a stranger kept a session in the owner's account (resetRaces.test.ts). A reset that
 * committed first left no row to sign in with. The sign-in writes nothing of the user's afterwards (no write bumps
 * `users.methods_version`), so holding the row cannot deadlock with a reset holding the user's row. SQLite's
 * transaction holds the only writing connection.
 */
export async function findWallet(
  db: Executor,
  projectId: string,
  wallet: Wallet,
  options: { signsIn?: boolean } = {},
): Promise<WalletRow | undefined> {
  return db
    .selectFrom('crypto_wallets')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('wallet_type', '=', wallet.type)
    .where('address', '=', wallet.address)
    .$if(options.signsIn === true && dialectOf(db) === 'postgres', (query) => query.forShare())
    .executeTakeFirst();
}

/**
 * Adds `wallet` to `userId` and answers the wallet's row: the new one, or the row that already holds the wallet
 * (of that user or another: the caller decides). The unique (project, type, address) index decides a race.
 */
export async function attachWallet(
  db: Executor,
  deps: ProviderDeps,
  userId: string,
  wallet: Wallet,
): Promise<{ row: WalletRow; created: boolean }> {
  const row: WalletRow = {
    crypto_wallet_id: newId('crypto-wallet', deps.environment),
    project_id: deps.config.project.projectId,
    user_id: userId,
    wallet_type: wallet.type,
    address: wallet.address,
    created_at: deps.clock.now(),
  };
  const inserted = await db
    .insertInto('crypto_wallets')
    .values(row)
    .onConflict((conflict) => conflict.columns(['project_id', 'wallet_type', 'address']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) return { row, created: true };
  const holder = await findWallet(db, row.project_id, wallet);
  if (!holder) throw new Error('Crypto wallet row missing after a conflicting insert');
  return { row: holder, created: false };
}

/**
 * The wallet's row, with a new user created for it when nobody holds it (a first sign-in with the wallet). Parallel
 * sign-ups of one new wallet (each with its own challenge) create one user: the loser drops the user it made and
 * signs in as the winner's.
 */
export async function findOrCreateWalletUser(db: Executor, deps: ProviderDeps, wallet: Wallet): Promise<WalletRow> {
  const existing = await findWallet(db, deps.config.project.projectId, wallet, { signsIn: true });
  if (existing) return existing;
  const userId = newId('user', deps.environment);
  await db
    .insertInto('users')
    .values(newUserRow(userId, deps.config.project.projectId, deps.clock.now(), 'active'))
    .execute();
  const { row, created } = await attachWallet(db, deps, userId, wallet);
  if (!created) await db.deleteFrom('users').where('user_id', '=', userId).execute();
  return row;
}
