// The signing keys of session JWTs (ES256, `signing_keys`) and of the products' kinds (`signingKeys` of their
// descriptors: the identity provider's ID tokens, RS256), and their rotation. Every key goes through four states:
//
//   next       published in the JWKS, not signing yet (activated_at null)
//   active     signing new tokens (the one with the latest activated_at)
//   published  replaced by a rotation (superseded_at set), still in the JWKS while tokens it signed may be alive
//   retired    out of the JWKS, its private half erased: every token it signed has expired
//
// There is always a next key, so a rotation switches signing to a key that verifiers holding a cached JWKS already
// know: jose's remote JWK set and openid-client refetch a JWKS on an unknown key id only once their copy is 30 s and
// 60 s old, so a key that signed the moment it was created would be refused by them for up to that long.
//
// A key's private half is kept sealed (services/sealed.ts: AES-256-GCM under a subkey of the encryption key, which is
// never in the database, bound to its table and key id), so a copy of the database cannot sign anyone's session.
// Rows written before sealing existed are sealed in place by the first instance that reads them with a key, and stop
// signing (superseded): a copy of the database taken before holds them in clear.
//
// Every instance reads its keys from the database and keeps them at most KEY_CACHE_MS (by the provider's clock), so a
// rotation made by one instance (or by `latchkey-provider keys rotate`) moves every other instance to the new key
// within that bound. A key leaves the JWKS KEY_CACHE_MS + the longest token lifetime + a minute after it was
// superseded: the last token an instance can have signed with it has expired by then.
//
// "The longest token lifetime" is that of every instance that signed with the key, not only the reader's: before an
// instance first signs with a key it raises the key row's `retention_ms` to its own retention (keyRetentionMs), and
// every instance keeps a superseded key published, and the purge keeps it unretired, for the longer of its own
// retention and the row's. So when `idp.accessTokenMinutes` is lowered (a rolling deploy, or a restart of every
// instance) and the keys rotate, the key that signed day-long ID tokens stays in every instance's JWKS for a day. The
// instances' announced retention (ops/retention.ts) could not do this alone: a stopped instance's announcement is
// deleted when it stops (and purged 15 minutes after it was last renewed), while its tokens live on.
import { createPrivateKey, generateKeyPair, type JsonWebKey, type KeyObject, sign } from 'node:crypto';
import { promisify } from 'node:util';
import { importJWK, type JWK } from 'jose';
import { type Kysely, PostgresAdapter, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { KeyKind } from '../products/descriptor';
import { PRODUCT_DESCRIPTORS } from '../products/descriptors';
import { isSealed, seal, subkey, unseal } from './sealed';
import { randomToken } from './secrets';

export type { KeyKind };

const generateKeyPairAsync = promisify(generateKeyPair);

/** How long an instance keeps its copy of the keys: a rotation reaches every instance within this. */
export const KEY_CACHE_MS = 5_000;
/** Kept beyond the longest token lifetime before a superseded key retires (clock skew, slow verifiers). */
export const KEY_RETIREMENT_MARGIN_MS = 60_000;
/** Session JWTs live five minutes (README, "Security"); never past the session's own expiry. */
export const SESSION_JWT_LIFETIME_SECONDS = 300;

export type KeyState = 'next' | 'active' | 'published' | 'retired';

/** How long a superseded session-JWT key stays published: the cache bound, a JWT's five minutes and the margin. */
export const SESSION_KEY_RETENTION_MS = KEY_CACHE_MS + SESSION_JWT_LIFETIME_SECONDS * 1000 + KEY_RETIREMENT_MARGIN_MS;

/** The configuration as the key store reads it (each kind's `tokenLifetimeMs` reads its own section). */
export type KeyConfig = { readonly project: Readonly<Record<string, unknown>> };

export const SESSION_KEYS: KeyKind = {
  name: 'session',
  table: 'signing_keys',
  alg: 'ES256',
  kidPrefix: 'jwk-',
  tokenLifetimeMs: () => SESSION_JWT_LIFETIME_SECONDS * 1000,
};
/** Every kind of signing key: the session keys, then the products' (their descriptors' `signingKeys`). */
export const KEY_KINDS: readonly KeyKind[] = [
  SESSION_KEYS,
  ...PRODUCT_DESCRIPTORS.flatMap((descriptor) => descriptor.signingKeys ?? []),
];

/**
 * How the private halves are sealed: under a subkey of the encryption key (services/encryptionKey.ts). `ephemeral`: the
 * encryption key lives only as long as this process (development without one: an in-memory or PostgreSQL database),
 * so keys another process sealed do not open here; they are then replaced (`onReplaced` hears of it) instead of
 * refused, which a key that outlives the process never does.
 */
export interface KeySealing {
  readonly key: Buffer;
  readonly ephemeral: boolean;
  readonly onReplaced?: (kind: KeyKind['name'], unreadable: string) => void;
}

/** The sealing of the signing keys under `encryptionKey`. */
export function keySealing(
  encryptionKey: Buffer,
  options: { ephemeral?: boolean; onReplaced?: KeySealing['onReplaced'] } = {},
): KeySealing {
  return {
    key: subkey(encryptionKey, 'latchkey signing keys v1'),
    ephemeral: options.ephemeral ?? false,
    ...(options.onReplaced ? { onReplaced: options.onReplaced } : {}),
  };
}

/** A key's sealing context: its table and key id, so a sealed half copied onto another row does not open. */
function sealContext(kind: KeyKind, kid: string): string {
  return `${kind.table}:${kid}`;
}

/** A key whose private half does not open with this instance's encryption key. */
export class UnreadableKeyError extends Error {}

/**
 * The private half of a stored key. A row from before sealing (a JWK in clear) is read as it is. Throws
 * UnreadableKeyError when it was sealed under another encryption key, for another row, or was changed.
 */
export function openPrivateKey(
  kind: KeyKind,
  row: Pick<KeyRow, 'kid' | 'private_jwk'>,
  sealing: KeySealing,
): KeyObject {
  let jwk: string;
  try {
    jwk = isSealed(row.private_jwk)
      ? unseal(sealing.key, sealContext(kind, row.kid), row.private_jwk)
      : row.private_jwk;
  } catch {
    throw new UnreadableKeyError(
      `The ${kind.name} signing key ${row.kid} does not open with this instance's encryption key: was ` +
        `LATCHKEY_ENCRYPTION_KEY changed, or do the instances have different ones? Give every instance the key the ` +
        'signing keys were sealed under; if it is lost, run `latchkey-provider keys rotate` with the new one (new ' +
        'keys sign at once; tokens the old keys signed still verify until they expire).',
    );
  }
  return createPrivateKey({ key: JSON.parse(jwk) as JsonWebKey, format: 'jwk' });
}

function canOpen(kind: KeyKind, row: KeyRow, sealing: KeySealing): boolean {
  try {
    openPrivateKey(kind, row, sealing);
    return true;
  } catch {
    return false;
  }
}

/**
 * How long a superseded key stays published: the cache bound (an instance may sign with it that much longer), the
 * longest lifetime of a token it signs (its kind's `tokenLifetimeMs`: a session JWT's five minutes, an ID token's
 * `idp.accessTokenMinutes`) and a margin.
 */
export function keyRetentionMs(kind: KeyKind, config: KeyConfig): number {
  return KEY_CACHE_MS + kind.tokenLifetimeMs(config) + KEY_RETIREMENT_MARGIN_MS;
}

/** A stored key row, as both tables have it. */
export interface KeyRow {
  kid: string;
  private_jwk: string;
  public_jwk: string;
  created_at: number;
  activated_at: number | null;
  superseded_at: number | null;
  retired_at: number | null;
  /** The longest retention of the instances that signed with it (recordRetention); null while none has. */
  retention_ms: number | null;
}

/**
 * How long a superseded key stays published: the longer of `retentionMs` (the reader's, or the longest among the
 * serving instances') and the retention the instances that signed with it recorded on its row.
 */
export function rowRetentionMs(row: Pick<KeyRow, 'retention_ms'>, retentionMs: number): number {
  return Math.max(retentionMs, row.retention_ms ?? 0);
}

/** Where a key is in its life at `now`. A superseded key past its retention counts as retired before purge marks it. */
export function keyState(row: KeyRow, now: number, retentionMs: number): KeyState {
  if (row.retired_at !== null) return 'retired';
  if (row.superseded_at !== null) {
    return row.superseded_at + rowRetentionMs(row, retentionMs) <= now ? 'retired' : 'published';
  }
  return row.activated_at === null ? 'next' : 'active';
}

// biome-ignore lint/suspicious/noExplicitAny: the two key tables share these columns; Kysely cannot type a table chosen at run time.
type AnyDb = Kysely<any> | Transaction<any>;

const KEY_COLUMNS = [
  'kid',
  'private_jwk',
  'public_jwk',
  'created_at',
  'activated_at',
  'superseded_at',
  'retired_at',
  'retention_ms',
] as const;

function selectKeys(db: AnyDb, kind: KeyKind) {
  let query = db.selectFrom(kind.table).select([...KEY_COLUMNS]);
  if (kind.algColumn) query = query.where('alg', '=', kind.alg);
  return query.orderBy('created_at').orderBy('kid');
}

/** Every key of the kind, oldest first (retired ones included). */
export async function readKeys(db: Kysely<Database>, kind: KeyKind): Promise<KeyRow[]> {
  const rows = (await selectKeys(db as AnyDb, kind).execute()) as KeyRow[];
  return rows.map((row) => ({
    ...row,
    created_at: Number(row.created_at),
    activated_at: row.activated_at === null ? null : Number(row.activated_at),
    superseded_at: row.superseded_at === null ? null : Number(row.superseded_at),
    retired_at: row.retired_at === null ? null : Number(row.retired_at),
    retention_ms: row.retention_ms === null ? null : Number(row.retention_ms),
  }));
}

/** A new key pair of the kind, as rows to insert (not stored yet). */
async function newKey(kind: KeyKind, now: number, sealing: KeySealing): Promise<KeyRow & { alg?: string }> {
  const pair =
    kind.alg === 'ES256'
      ? await generateKeyPairAsync('ec', { namedCurve: 'P-256' })
      : await generateKeyPairAsync('rsa', { modulusLength: 2048 });
  const kid = `${kind.kidPrefix}${randomToken(12)}`;
  const header = { kid, alg: kind.alg, use: 'sig' };
  return {
    kid,
    private_jwk: seal(
      sealing.key,
      sealContext(kind, kid),
      JSON.stringify({ ...pair.privateKey.export({ format: 'jwk' }), ...header }),
    ),
    public_jwk: JSON.stringify({ ...pair.publicKey.export({ format: 'jwk' }), ...header }),
    created_at: now,
    activated_at: null,
    superseded_at: null,
    retired_at: null,
    retention_ms: null,
    ...(kind.algColumn ? { alg: kind.alg } : {}),
  };
}

/**
 * Runs `work` in a transaction that holds the key table exclusively: on PostgreSQL a self-conflicting table lock, so
 * instances that start or rotate at once take turns (SQLite serializes transactions already).
 */
async function withKeyLock<T>(db: Kysely<Database>, kind: KeyKind, work: (trx: AnyDb) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (trx.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`LOCK TABLE ${sql.table(kind.table)} IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
    }
    return work(trx as AnyDb);
  });
}

/** The key that signs: the active one activated last. */
function signingRow(rows: KeyRow[], now: number, retentionMs: number): KeyRow | undefined {
  let best: KeyRow | undefined;
  for (const row of rows) {
    if (keyState(row, now, retentionMs) !== 'active') continue;
    if (
      !best ||
      (row.activated_at as number) > (best.activated_at as number) ||
      (row.activated_at === best.activated_at && row.kid > best.kid)
    ) {
      best = row;
    }
  }
  return best;
}

/**
 * Makes sure there is a signing key and a next key (first use of an empty table, or a table migrated from before
 * rotation existed). Keys are generated outside the transaction (RSA takes a while) and inserted only if still missing.
 */
export async function ensureKeys(
  db: Kysely<Database>,
  kind: KeyKind,
  now: number,
  retentionMs: number,
  sealing: KeySealing,
): Promise<void> {
  const [first, second] = await Promise.all([newKey(kind, now, sealing), newKey(kind, now, sealing)]);
  await withKeyLock(db, kind, async (trx) => {
    const rows = (await selectKeys(trx, kind).execute()) as KeyRow[];
    const live = rows.filter((row) => row.retired_at === null);
    let next = live.filter((row) => keyState(row, now, retentionMs) === 'next');
    if (!signingRow(live, now, retentionMs)) {
      // Only a next key this instance can open may sign (one sealed under a lost key waits for the next rotation, which
      // supersedes it).
      const promoted = next.find((row) => canOpen(kind, row, sealing));
      if (promoted) {
        await trx.updateTable(kind.table).set({ activated_at: now }).where('kid', '=', promoted.kid).execute();
        next = next.filter((row) => row !== promoted);
      } else {
        await trx
          .insertInto(kind.table)
          .values({ ...first, activated_at: now })
          .execute();
      }
    }
    if (next.length === 0) await trx.insertInto(kind.table).values(second).execute();
  });
}

/** What a rotation did for one kind of key. */
export interface RotatedKey {
  kind: KeyKind['name'];
  /** The key that signs from now on (the former next key). */
  active: string;
  /** The keys that stopped signing (published until their tokens expire). */
  superseded: string[];
  /** The new next key, published now, signing after the following rotation. */
  next: string;
  /**
   * How long the key that signs from now on has been in the JWKS (0: made by this rotation, when the next key was
   * missing or did not open). Below JWKS_CACHE_MS, a verifier that cached the JWKS before it was published refuses its
   * tokens until it refetches (on an unknown key id, at most every 30 s for jose, 60 s for openid-client).
   */
  publishedForMs: number;
}

/** How long a verifier may keep a JWKS without looking again (jose's remote JWK set: 10 minutes). */
export const JWKS_CACHE_MS = 10 * 60_000;

/**
 * Rotates one kind of key: the active key is superseded (it stays published until every token it signed has
 * expired), the next key (already published) signs from now on, and a new next key is published. `retentionMs` only
 * tells which keys are active or next.
 */
export async function rotateKeys(
  db: Kysely<Database>,
  kind: KeyKind,
  now: number,
  retentionMs: number,
  sealing: KeySealing,
): Promise<RotatedKey> {
  const [spare, next] = await Promise.all([newKey(kind, now, sealing), newKey(kind, now, sealing)]);
  const rotated = await withKeyLock(db, kind, async (trx) => {
    const rows = (await selectKeys(trx, kind).execute()) as KeyRow[];
    const active = rows.filter((row) => keyState(row, now, retentionMs) === 'active');
    const waiting = rows.filter((row) => keyState(row, now, retentionMs) === 'next');
    // The next key signs from now on, unless its private half does not open here (sealed under an encryption key that
    // was lost or replaced): then a new key signs at once, and that next key is superseded with the active one (both
    // stay published until their tokens could have expired).
    const promoted = waiting.find((row) => canOpen(kind, row, sealing));
    const superseded = [...active, ...waiting.filter((row) => row !== promoted)];
    if (superseded.length > 0) {
      await trx
        .updateTable(kind.table)
        .set({ superseded_at: now })
        .where(
          'kid',
          'in',
          superseded.map((row) => row.kid),
        )
        .execute();
    }
    let activeKid: string;
    if (promoted) {
      await trx.updateTable(kind.table).set({ activated_at: now }).where('kid', '=', promoted.kid).execute();
      activeKid = promoted.kid;
    } else {
      await trx
        .insertInto(kind.table)
        .values({ ...spare, activated_at: now })
        .execute();
      activeKid = spare.kid;
    }
    await trx.insertInto(kind.table).values(next).execute();
    return {
      kind: kind.name,
      active: activeKid,
      superseded: active.map((row) => row.kid),
      next: next.kid,
      publishedForMs: promoted ? Math.max(0, now - Number(promoted.created_at)) : 0,
    };
  });
  // No key is retired here: `keys rotate` may run with another configuration than the instances (a token lifetime of
  // its own, or the defaults), and a key it retired too early would leave every instance's JWKS while its tokens are
  // still valid. The instances' purge retires keys by their own configuration (ops/purge.ts), and until then a key
  // past its retention already counts as retired (keyState).
  return rotated;
}

/**
 * Records that an instance whose retention is `retentionMs` signs with the key `kid`: its row's `retention_ms` is
 * raised to at least that (never lowered, so instances recording at once keep the longest). Done before the
 * instance's first signature with the key, so no token outlives the key's publication.
 */
export async function recordRetention(
  db: Kysely<Database>,
  kind: KeyKind,
  kid: string,
  retentionMs: number,
): Promise<void> {
  await (db as AnyDb)
    .updateTable(kind.table)
    .set({ retention_ms: retentionMs })
    .where('kid', '=', kid)
    .where((eb) => eb.or([eb('retention_ms', 'is', null), eb('retention_ms', '<', retentionMs)]))
    .execute();
}

/**
 * Retires the superseded keys whose tokens have all expired (by `retentionMs` and by the retention recorded on each
 * row): they leave the JWKS (already, by their state) and their private half is erased. Returns how many were retired.
 */
export async function retireKeys(
  db: Kysely<Database>,
  kind: KeyKind,
  now: number,
  retentionMs: number,
): Promise<number> {
  let query = (db as AnyDb)
    .updateTable(kind.table)
    .set({ retired_at: now, private_jwk: '' })
    .where('retired_at', 'is', null)
    .where('superseded_at', 'is not', null)
    .where('superseded_at', '<=', now - retentionMs)
    .where((eb) => eb.or([eb('retention_ms', 'is', null), eb(sql`superseded_at + retention_ms`, '<=', now)]));
  if (kind.algColumn) query = query.where('alg', '=', kind.alg);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** One key as `keys list` shows it. */
export interface KeyListing {
  kind: KeyKind['name'];
  kid: string;
  alg: string;
  state: KeyState;
  createdAt: number;
  activatedAt: number | null;
  supersededAt: number | null;
  /** When a published key leaves the JWKS; when a retired one did. */
  retiresAt: number | null;
}

/** Every key of the kind with its state at `now`, oldest first. */
export async function listKeys(
  db: Kysely<Database>,
  kind: KeyKind,
  now: number,
  retentionMs: number,
): Promise<KeyListing[]> {
  const rows = await readKeys(db, kind);
  const signing = signingRow(rows, now, retentionMs);
  // Oldest first; of two keys made together (the first start makes the signing key and the next one), the one that
  // signed first.
  rows.sort(
    (a, b) =>
      a.created_at - b.created_at ||
      (a.activated_at ?? Number.POSITIVE_INFINITY) - (b.activated_at ?? Number.POSITIVE_INFINITY) ||
      (a.kid < b.kid ? -1 : 1),
  );
  return rows.map((row) => {
    let state = keyState(row, now, retentionMs);
    // A second active key (two instances that raced before locks existed) does not sign; it is only published.
    if (state === 'active' && row.kid !== signing?.kid) state = 'published';
    return {
      kind: kind.name,
      kid: row.kid,
      alg: kind.alg,
      state,
      createdAt: row.created_at,
      activatedAt: row.activated_at,
      supersededAt: row.superseded_at,
      retiresAt:
        row.retired_at ?? (row.superseded_at === null ? null : row.superseded_at + rowRetentionMs(row, retentionMs)),
    };
  });
}

/**
 * Seals the private halves still kept in clear (rows written before sealing existed), each by a conditional update of
 * its own row, so instances doing it at once write one sealed value. Retired rows hold nothing.
 */
export async function sealLegacyKeys(
  db: Kysely<Database>,
  kind: KeyKind,
  rows: readonly KeyRow[],
  sealing: KeySealing,
): Promise<number> {
  let sealed = 0;
  for (const row of rows) {
    if (!isClear(row)) continue;
    const result = await (db as AnyDb)
      .updateTable(kind.table)
      .set({ private_jwk: seal(sealing.key, sealContext(kind, row.kid), row.private_jwk) })
      .where('kid', '=', row.kid)
      .where('private_jwk', '=', row.private_jwk)
      .executeTakeFirst();
    sealed += Number(result.numUpdatedRows);
  }
  return sealed;
}

/** Whether a row holds its private half in clear (written before sealing existed). */
function isClear(row: KeyRow): boolean {
  return row.private_jwk !== '' && !isSealed(row.private_jwk);
}

/**
 * Supersedes those of `rows` that are still active or next (a conditional update: instances doing it at once change
 * each row once). They stay published until every token they signed has expired, like any superseded key.
 */
async function supersedeKeys(
  db: Kysely<Database>,
  kind: KeyKind,
  rows: readonly KeyRow[],
  now: number,
  retentionMs: number,
): Promise<void> {
  const kids = rows.filter((row) => ['active', 'next'].includes(keyState(row, now, retentionMs))).map((row) => row.kid);
  if (kids.length === 0) return;
  await (db as AnyDb)
    .updateTable(kind.table)
    .set({ superseded_at: now })
    .where('kid', 'in', kids)
    .where('superseded_at', 'is', null)
    .execute();
}

type KeyLike = Awaited<ReturnType<typeof importJWK>>;

/** The key that signs, with its JWS protected header already encoded. */
export interface SigningKey {
  kid: string;
  key: KeyObject;
  encodedHeader: string;
}

/** The JWS signing input (RFC 7515 §5.1): the key's encoded protected header, a dot, the base64url of the payload. */
export function jwsSigningInput(key: SigningKey, payload: object): string {
  return `${key.encodedHeader}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
}

/**
 * `node:crypto`'s one-shot `sign` with a callback: the signature is computed on libuv's thread pool, not on the event
 * loop. A session refresh is bound by its one event loop (the database waits elsewhere), and an ES256 signature is its
 * largest single cost there: about 30 µs of the loop's time signed in place, about 9 µs to hand the job over and take
 * the answer back (measured alone, 16 at a time); an RS256 ID token's signature is about a millisecond. The pool's
 * threads also run SQLite's fsyncs, one at a time.
 */
const signOffTheLoop = promisify(sign);

/**
 * The compact JWS (RFC 7515 §7.1) of `signingInput` under `key`, signed on libuv's thread pool. An ECDSA signature is
 * r‖s (`ieee-p1363`, RFC 7518 §3.4); RSA ignores the option (RSASSA-PKCS1-v1_5, RFC 7518 §3.3).
 */
export async function signJws(signingInput: string, key: SigningKey): Promise<string> {
  const signature = await signOffTheLoop('sha256', Buffer.from(signingInput), {
    key: key.key,
    dsaEncoding: 'ieee-p1363',
  });
  return `${signingInput}.${signature.toString('base64url')}`;
}

interface Snapshot {
  /** The key that signs; its private half is opened on the first signature (verifying never needs it). */
  signing: KeyRow;
  /** The published keys (next, active, published) by key id. */
  published: Map<string, KeyRow>;
  /** The JWK Set: the published keys' public halves, oldest first. */
  jwks: { keys: JWK[] };
}

/**
 * One instance's view of one kind of key: read from the database, kept at most KEY_CACHE_MS (by the provider's
 * clock), so every instance signs with the key the last rotation activated within that bound. Imported keys are
 * kept by key id.
 */
export class SigningKeyStore {
  private snapshot: Promise<Snapshot> | null = null;
  private loadedAt = 0;
  private readonly privateKeys = new Map<string, KeyObject>();
  private readonly publicKeys = new Map<string, Promise<KeyLike>>();

  /** Whether this store has sealed the rows written before sealing existed (once per store). */
  private sealedLegacy = false;
  /** The rotation that replaces keys this process cannot open (random encryption key only), while it runs. */
  private replacing: Promise<void> | null = null;
  /** The read a key id the cached view does not know started, while it runs (shared by every such request). */
  private reloading: Promise<Snapshot> | null = null;
  /** This store's retention recorded on a key's row (recordRetention), by key id: written once, before it signs. */
  private readonly recorded = new Map<string, Promise<void>>();

  /** Whether `kid` has the form of this kind's key ids: its prefix, then a random token (newKey). */
  private couldExist(kid: string): boolean {
    return kid.startsWith(this.kind.kidPrefix) && /^[A-Za-z0-9_-]{8,64}$/.test(kid.slice(this.kind.kidPrefix.length));
  }

  constructor(
    private readonly db: Kysely<Database>,
    readonly kind: KeyKind,
    private readonly options: { now: () => number; retentionMs: number; sealing: KeySealing },
  ) {}

  private async load(): Promise<Snapshot> {
    const now = this.options.now();
    const { retentionMs, sealing } = this.options;
    let rows = await readKeys(this.db, this.kind);
    if (!this.sealedLegacy) {
      await sealLegacyKeys(this.db, this.kind, rows, sealing);
      // A key found in clear is in every copy of the database taken before: sealed, it would still sign for whoever
      // holds one of those. It stops signing (superseded, published until its tokens have expired, then retired and
      // erased) and ensureKeys below makes a fresh active and next key.
      await supersedeKeys(this.db, this.kind, rows.filter(isClear), now, retentionMs);
      this.sealedLegacy = true;
      rows = await readKeys(this.db, this.kind);
    }
    const hasNext = () => rows.some((row) => keyState(row, now, retentionMs) === 'next');
    if (!signingRow(rows, now, retentionMs) || !hasNext()) {
      await ensureKeys(this.db, this.kind, now, retentionMs, sealing);
      rows = await readKeys(this.db, this.kind);
    }
    const row = signingRow(rows, now, retentionMs);
    if (!row) throw new Error(`No ${this.kind.name} signing key could be created.`);
    const published = new Map<string, KeyRow>();
    for (const candidate of rows) {
      if (keyState(candidate, now, retentionMs) !== 'retired') published.set(candidate.kid, candidate);
    }
    return {
      signing: row,
      published,
      jwks: { keys: [...published.values()].map((candidate) => JSON.parse(candidate.public_jwk) as JWK) },
    };
  }

  /** The signing key of `row`, its private half opened once per key id. */
  private open(row: KeyRow): SigningKey {
    let key = this.privateKeys.get(row.kid);
    if (!key) {
      key = openPrivateKey(this.kind, row, this.options.sealing);
      this.privateKeys.set(row.kid, key);
    }
    return {
      kid: row.kid,
      key,
      encodedHeader: Buffer.from(JSON.stringify({ alg: this.kind.alg, kid: row.kid, typ: 'JWT' })).toString(
        'base64url',
      ),
    };
  }

  /**
   * With a random encryption key (development), keys an earlier process sealed are replaced by a rotation under this
   * one; concurrent signatures share one. A key that outlives the process never replaces anything: another instance
   * may hold the right one, so the signature fails with UnreadableKeyError's message instead.
   */
  private async replaceUnreadable(unreadable: KeyRow): Promise<SigningKey> {
    const { sealing, retentionMs, now } = this.options;
    this.replacing ??= rotateKeys(this.db, this.kind, now(), retentionMs, sealing).then(
      () => {
        sealing.onReplaced?.(this.kind.name, unreadable.kid);
      },
      (error: unknown) => {
        this.replacing = null;
        throw error;
      },
    );
    await this.replacing;
    const row = (await this.current(true)).signing;
    const key = this.open(row);
    this.replacing = null;
    await this.recordRetention(row);
    return key;
  }

  /**
   * Makes sure `row`'s `retention_ms` is at least this store's retention before this store signs with it, so every
   * instance keeps the key published until the tokens this one signs with it have expired (one write per key and
   * process, none when the row already says as much; a failed write is tried again on the next signature).
   */
  private async recordRetention(row: KeyRow): Promise<void> {
    const { retentionMs } = this.options;
    if ((row.retention_ms ?? 0) >= retentionMs) return;
    let recording = this.recorded.get(row.kid);
    if (!recording) {
      recording = recordRetention(this.db, this.kind, row.kid, retentionMs);
      this.recorded.set(row.kid, recording);
      recording.catch(() => this.recorded.delete(row.kid));
    }
    await recording;
  }

  /** The current view, read again once it is KEY_CACHE_MS old. Concurrent callers share one read. */
  private current(force = false): Promise<Snapshot> {
    const now = this.options.now();
    const fresh = this.snapshot !== null && now >= this.loadedAt && now - this.loadedAt < KEY_CACHE_MS;
    if (fresh && !force) return this.snapshot as Promise<Snapshot>;
    this.loadedAt = now;
    const loading = this.load();
    this.snapshot = loading;
    loading.catch(() => {
      if (this.snapshot === loading) this.snapshot = null;
    });
    return loading;
  }

  /** Forgets the cached view (after a rotation made by this process). */
  invalidate(): void {
    this.snapshot = null;
  }

  /** The key new tokens are signed with. */
  async signingKey(): Promise<SigningKey> {
    const { signing } = await this.current();
    let key: SigningKey;
    try {
      key = this.open(signing);
    } catch (error) {
      if (!(error instanceof UnreadableKeyError) || !this.options.sealing.ephemeral) throw error;
      return this.replaceUnreadable(signing);
    }
    await this.recordRetention(signing);
    return key;
  }

  /**
   * The public key with this key id, if it is published (next, active or published); a retired or unknown key id
   * is refused. An id the cached view does not know makes one fresh read (a key another instance just created).
   */
  async publicKey(kid: string): Promise<KeyLike> {
    let snapshot = await this.current();
    if (!snapshot.published.has(kid)) {
      // Only a key id of the form this store makes (its prefix and a random token) is worth a read, and parallel
      // requests with unknown ids share one: a token with a made-up `kid` costs no read of its own.
      if (!this.couldExist(kid)) throw new Error('unknown key id');
      this.reloading ??= this.current(true).finally(() => {
        this.reloading = null;
      });
      snapshot = await this.reloading;
    }
    const row = snapshot.published.get(kid);
    if (!row) throw new Error('unknown key id');
    let key = this.publicKeys.get(kid);
    if (!key) {
      key = importJWK(JSON.parse(row.public_jwk) as JWK, this.kind.alg);
      key.catch(() => this.publicKeys.delete(kid));
      this.publicKeys.set(kid, key);
    }
    return key;
  }

  /** The published keys as a JWK Set (RFC 7517 §5), oldest first. */
  async jwks(): Promise<{ keys: JWK[] }> {
    return (await this.current()).jwks;
  }
}

/** Rotates every kind of key (session JWTs, ID tokens): what `latchkey-provider keys rotate` does. */
export async function rotateSigningKeys(
  db: Kysely<Database>,
  config: KeyConfig,
  now: number,
  sealing: KeySealing,
): Promise<RotatedKey[]> {
  const rotated: RotatedKey[] = [];
  for (const kind of KEY_KINDS) rotated.push(await rotateKeys(db, kind, now, keyRetentionMs(kind, config), sealing));
  return rotated;
}

/**
 * Every key of every kind with its state: what `latchkey-provider keys list` shows. `retentionMs` (by key table) is
 * how long a superseded key stays published when it is not `config`'s: the longest of the serving instances'
 * (ops/retention.ts), which the purge retires keys by.
 */
export async function listSigningKeys(
  db: Kysely<Database>,
  config: KeyConfig,
  now: number,
  retentionMs: Readonly<Record<string, number>> = {},
): Promise<KeyListing[]> {
  const listings: KeyListing[] = [];
  for (const kind of KEY_KINDS) {
    listings.push(...(await listKeys(db, kind, now, retentionMs[kind.table] ?? keyRetentionMs(kind, config))));
  }
  return listings;
}
