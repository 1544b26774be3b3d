import { isIPv6 } from 'node:net';
import { domainToASCII } from 'node:url';
import { sql } from 'kysely';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { type Product, type ProjectConfig, type ProviderConfig, phoneCountryAllowed } from '../config';
import { dialectOf } from '../db/dialect';
import { precompiledQuery } from '../db/precompiled';
import type { Executor } from '../db/schema';
import { normalizeAddress } from '../http/addresses';
import type { ProviderDeps } from '../http/context';
import { ProviderError } from '../http/errors';
import { mapsToHostName } from './emailAddress';
import { newId } from './secrets';

/**
 * A plain `local@domain`: local part, @, a domain with a dot and a top-level part of at least two letters. The local
 * part holds no whitespace, control character, `@` or any of `<>()[]\,;:"`; the domain is dot-separated labels of
 * letters (any script), digits and hyphens, none empty, ending in at least two letters (or an internationalised
 * top-level domain in its ASCII form, `xn--p1ai`, as RFC 5321 §2.3.5 writes it without SMTPUTF8). What address-list syntax
 * needs (display names, `<…>`, commas, groups, quotes, comments, `[ip]` literals) is refused, so a mailer can never
 * read one accepted address as a different recipient, or as several (`x<attacker@evil.example>.corp.example`).
 */
export const EMAIL_PATTERN =
  /^[^\s\p{Cc}@<>()[\]\\,;:"]+@(?:[\p{L}\p{M}\p{N}-]+\.)+(?:(?:\p{L}\p{M}*){2,}|[Xx][Nn]--[A-Za-z0-9-]+)$/u;
/** E.164: a plus, a non-zero country digit, at most 15 digits in all. */
export const E164_PATTERN = /^\+[1-9]\d{1,14}$/;

/**
 * Refuses a malformed email with `invalid_email`. A domain may be written in any spelling IDNA (UTS #46) maps to one
 * domain (full-width letters, decomposed accents, its `xn--` A-label, any letter case): the provider stores and
 * compares the one canonical spelling (services/emailAddress.ts), so each spelling reaches the one account of the
 * mailbox mail is delivered to.
 */
export function assertEmail(email: string): void {
  if (email.length > 254 || !EMAIL_PATTERN.test(email.trim())) throw new ProviderError('invalid_email');
  // Symbols IDNA maps to what no host name holds (`x⑷y.com` is `x(4)y.com`): mail reaches no such domain.
  if (!mapsToHostName(email)) throw new ProviderError('invalid_email');
}

/**
 * Refuses a phone number that is not E.164 with `invalid_phone_number`, and one written with its national trunk
 * prefix (`+44 0…`, `+1 1…`: E.164 numbers leave it out; Twilio error 60703). Otherwise one handset would be
 * two numbers here: two accounts, two send caps, two guess counters. libphonenumber-js knows each country's prefix
 * (Italy keeps its 0: `+390612345678` is already canonical); a number it cannot place is judged by its shape only.
 * With `phone.allowedCountries` set, a number outside those countries (or one it cannot place) is refused with
 * `invalid_phone_number_country_code`.
 */
export function assertPhoneNumber(config: ProviderConfig, phoneNumber: string): void {
  if (!E164_PATTERN.test(phoneNumber)) throw new ProviderError('invalid_phone_number');
  const parsed = parsePhoneNumberFromString(phoneNumber);
  if (parsed !== undefined && parsed.number !== phoneNumber) throw new ProviderError('invalid_phone_number');
  // `phone.allowedCountries`: a number placed in another country, or in none, is never texted (toll fraud).
  if (!phoneCountryAllowed(config, parsed?.country)) throw new ProviderError('invalid_phone_number_country_code');
}

/** Refuses a call to a sign-in method the project has switched off. */
export function assertProductEnabled(deps: ProviderDeps, product: Product): void {
  if (!deps.config.project.products.includes(product)) throw new ProviderError('method_not_enabled');
}

/**
 * Counts `weight` requests (default one) against a fixed-window limit; over the limit answers 429
 * `too_many_requests` with `Retry-After`. The counter lives in the database, so every instance shares it.
 * Run in the caller's transaction (`db`), the count is one atomic upsert that keeps the bucket's row locked until
 * the transaction ends (PostgreSQL; on SQLite the transaction holds the only writing connection), and a refusal
 * rolls it back: a slot taken before a check, which releaseRateLimit gives back in the same transaction.
 */
export async function consumeRateLimit(
  deps: ProviderDeps,
  bucket: string,
  limit: { limit: number; windowSeconds: number },
  weight = 1,
  db: Executor = deps.db,
): Promise<void> {
  const now = deps.clock.now();
  const windowMs = limit.windowSeconds * 1000;
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const row = await db
    .insertInto('rate_limits')
    .values({ bucket, window_start: windowStart, count: weight })
    .onConflict((conflict) =>
      conflict.column('bucket').doUpdateSet({
        count: sql<number>`case when rate_limits.window_start = ${windowStart} then rate_limits.count + ${weight} else ${weight} end`,
        window_start: windowStart,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  if (Number(row.count) > limit.limit) {
    deps.metrics.rateLimited(limit);
    throw new ProviderError('too_many_requests', {
      retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)),
    });
  }
}

/**
 * Gives back `weight` that consumeRateLimit counted in `bucket` within the same transaction `trx` (whose row it
 * still locks, so the window is the one counted in): for a check that passed and must not use up the limit.
 */
export async function releaseRateLimit(trx: Executor, bucket: string, weight = 1): Promise<void> {
  await trx
    .updateTable('rate_limits')
    .set({ count: sql<number>`case when count > ${weight} then count - ${weight} else 0 end` })
    .where('bucket', '=', bucket)
    .execute();
}

/**
 * Refuses with 429 `too_many_requests` (and `Retry-After`) while `bucket` has reached its limit in the current
 * window, counting nothing: for limits on failures, which count (consumeRateLimit) only once a call has failed.
 */
export async function assertUnderRateLimit(
  deps: ProviderDeps,
  bucket: string,
  limit: { limit: number; windowSeconds: number },
): Promise<void> {
  const now = deps.clock.now();
  const windowMs = limit.windowSeconds * 1000;
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const row = await deps.db
    .selectFrom('rate_limits')
    .select(['window_start', 'count'])
    .where('bucket', '=', bucket)
    .executeTakeFirst();
  if (row && Number(row.window_start) === windowStart && Number(row.count) >= limit.limit) {
    throw new ProviderError('too_many_requests', {
      retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)),
    });
  }
}

/** The key under which the per-IP limits count a caller whose address is not known (clientIp answered ''). */
export const UNKNOWN_IP_KEY = 'unknown';

/**
 * The part of a per-IP rate-limit bucket that names the caller: its address (clientIp) as the limits count it.
 * - No address ('') is `unknown`, one bucket shared by every such request: a request whose address was lost (a
 *   socket reset before the handler read it) or never given (an in-process `fetch` without `remoteAddress`) is
 *   counted, not waved through. It fails closed; an in-process caller that wants its own bucket names its address.
 * - An IPv6 address is its /64 prefix (`2001:db8:1:2::/64`): one host usually holds a whole /64, and could
 *   otherwise take a fresh bucket for each of its 2^64 addresses.
 * - An IPv4 address (also one in IPv6 form, `::ffff:a.b.c.d`) is itself.
 * Only the limits use this; logs and sessions record the full address.
 */
export function ipRateLimitKey(ip: string): string {
  const address = normalizeAddress(ip);
  if (address === '') return UNKNOWN_IP_KEY;
  return ipv6Prefix64(address) ?? address;
}

/** The /64 prefix of an IPv6 address, as `a:b:c:d::/64` (lower case, no leading zeros); null for anything else. */
function ipv6Prefix64(address: string): string | null {
  // A zone (`fe80::1%eth0`) names the local interface, not the host.
  let text = (address.split('%')[0] as string).toLowerCase();
  if (!isIPv6(text)) return null;
  // A dotted IPv4 tail (`64:ff9b::192.0.2.1`) stands for the last two groups, which the prefix never includes.
  if (text.includes('.')) text = `${text.slice(0, text.lastIndexOf(':') + 1)}0:0`;
  const [head = '', tail] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups =
    tail === undefined
      ? headGroups
      : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  const prefix = groups.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}

/** Domains whose mailboxes ignore dots in the local part, each mapped to the one domain it is counted under. */
const DOTLESS_MAIL_DOMAINS: ReadonlyMap<string, string> = new Map([
  ['gmail.com', 'gmail.com'],
  ['googlemail.com', 'gmail.com'],
]);

/**
 * The part of a per-identifier send bucket that names the recipient: a phone number lower-cased as it is; an email
 * address as the mailbox it reaches, so one inbox cannot be given a fresh limit by varying how it is written. A
 * `+tag` is dropped from the local part for every domain (`a+b@example.com` is `a@example.com`); at gmail.com and
 * googlemail.com dots are dropped too and googlemail.com is gmail.com (`v.i.c.t.i.m@googlemail.com` is
 * `victim@gmail.com`); an internationalised domain is counted under its A-label (`xn--…`). Only the limit uses this; the address stored and mailed is the one given.
 */
export function sendLimitKey(identifier: string): string {
  const normalized = identifier.trim().toLowerCase();
  const at = normalized.lastIndexOf('@');
  if (at <= 0) return normalized;
  let local = normalized.slice(0, at);
  let domain = normalized.slice(at + 1);
  // An internationalised domain in one spelling (UTS #46 via domainToASCII: `exämple.com`, its decomposed and
  // full-width forms and `xn--exmple-cua.com` are one mailbox's domain; mailers send to its A-label).
  domain = domainToASCII(domain) || domain;
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_MAIL_DOMAINS.get(domain);
  if (dotless !== undefined) {
    domain = dotless;
    local = local.replaceAll('.', '') || local;
  }
  return `${local}@${domain}`;
}

/**
 * The send limits (README, "Security"): per client IP (ipRateLimitKey) and per recipient (sendLimitKey: an email
 * address by its mailbox, plus-tags and Gmail dots dropped), one decision: both are counted in one transaction, so a
 * refusal by either rolls both back. A caller over its own IP limit uses up no slot of the address it names (it
 * cannot block mail to someone else's address) and writes no row for it. The IP bucket is always taken first: every
 * transaction locks its rows in that order (PostgreSQL), so parallel sends never wait on each other in a cycle.
 */
export async function limitSends(deps: ProviderDeps, identifier: string, ip: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await consumeRateLimit(deps, `send:ip:${ipRateLimitKey(ip)}`, deps.config.rateLimits.sendsPerIp, 1, trx);
    await consumeRateLimit(
      deps,
      `send:identifier:${sendLimitKey(identifier)}`,
      deps.config.rateLimits.sendsPerIdentifier,
      1,
      trx,
    );
  });
}

/**
 * The per-IP limits of calls that need no proof (user searches and telemetry events, and the products' entries of
 * `rateLimits`, such as their credential checks): the names of `rateLimits` that end in `PerIp`.
 */
export type IpLimit = Extract<keyof ProviderConfig['rateLimits'], `${string}PerIp`>;

/**
 * Counts `weight` against one of the per-IP limits, keyed by ipRateLimitKey: a caller without an address is counted
 * under the shared `unknown` bucket, an IPv6 caller under its /64.
 */
export async function limitPerIp(deps: ProviderDeps, kind: IpLimit, ip: string, weight = 1): Promise<void> {
  if (weight > 0) await consumeRateLimit(deps, `${kind}:${ipRateLimitKey(ip)}`, deps.config.rateLimits[kind], weight);
}

/** The key of a user's guess counter (guess_counters). */
export const userCounter = (userId: string) => `user:${userId}`;
/**
 * The key of a recipient's guess counter (guess_counters): the mailbox (sendLimitKey: plus-tags and Gmail dots
 * dropped, as the send cap counts it) or E.164 number a pending code was sent to, shared by every account that sends
 * codes to it, so `victim+1@…` and `victim+2@…` share one cap. A trade-off, as with a user's own counter: failing
 * guesses at codes sent to an address blocks attaching it (not signing in with it) until the window ends.
 */
export const identifierCounter = (identifier: string) => `identifier:${sendLimitKey(identifier)}`;

/**
 * Whose guesses a counter caps: a user (its id), or the recipient of codes that would attach it to an account
 * (`{ identifier }`, a secondary send's pending address). Both have `lockout.maxFailuresPerUser` slots per window.
 */
export type GuessCounter = string | { identifier: string };

function guessCounterKey(counter: GuessCounter): string {
  return typeof counter === 'string' ? userCounter(counter) : identifierCounter(counter.identifier);
}

// The statements of a guess, compiled once per dialect (see precompiled.ts): every passcode and password check runs them.
// Taking a slot is one upsert (SQLite and PostgreSQL alike): a user's first guess creates the counter at one; a later
// one updates it only while a slot is free or the window has passed, so it returns a row exactly when it took a slot.
// The conflicting row stays locked until the caller's transaction ends (PostgreSQL), whether or not it was updated,
// so parallel guesses take slots one after the other. Both SET expressions read the row as it was before.
const takeSlot = precompiledQuery(
  (db, key, now, expiredAt, maxFailures) =>
    db
      .insertInto('guess_counters')
      .values({ counter_key: key as string, window_start: now as unknown as number, count: 1 })
      .onConflict((conflict) =>
        conflict
          .column('counter_key')
          .doUpdateSet({
            count: sql<number>`case when guess_counters.window_start <= ${expiredAt} then 1 else guess_counters.count + 1 end`,
            window_start: sql<number>`case when guess_counters.window_start <= ${expiredAt} then ${now} else guess_counters.window_start end`,
          })
          .where((eb) =>
            eb.or([
              eb('guess_counters.count', '<', maxFailures as unknown as number),
              eb('guess_counters.window_start', '<=', expiredAt as unknown as number),
            ]),
          ),
      )
      .returning('count'),
  4,
);
const releaseSlot = precompiledQuery(
  (db, key) =>
    db
      .updateTable('guess_counters')
      .set({ count: sql<number>`count - 1` })
      .where('counter_key', '=', key as string)
      .where('count', '>', 0),
  1,
);

/**
 * Takes one guess slot of the user (or of the recipient a pending code was sent to: GuessCounter) before a guess
 * (password, passcode) is checked, or refuses with `user_lock_limit_reached` when `lockout.maxFailuresPerUser` slots
 * are taken within the window. The slot is
 * taken by one conditional upsert (`count = count + 1 WHERE count < cap`) that succeeds only when it wrote a row,
 * so parallel guesses can never evaluate more than the cap. A wrong guess keeps its slot; a right one
 * gives it back (releaseGuessSlot). The window starts at the first slot taken and ends `windowMinutes` later.
 */
export async function takeGuessSlot(deps: ProviderDeps, counter: GuessCounter, db: Executor = deps.db): Promise<void> {
  const { maxFailuresPerUser, windowMinutes } = deps.config.lockout;
  const now = deps.clock.now();
  const expiredAt = now - windowMinutes * 60_000;
  const taken = await takeSlot(db, guessCounterKey(counter), now, expiredAt, maxFailuresPerUser);
  if (taken.rows.length !== 1) deps.metrics.lockout();
  if (taken.rows.length !== 1) throw new ProviderError('user_lock_limit_reached');
}
// The user's counter, locked until the caller's transaction ends and left as it was (a new one starts empty).
const lockCounter = precompiledQuery(
  (db, key, now) =>
    db
      .insertInto('guess_counters')
      .values({ counter_key: key as string, window_start: now as unknown as number, count: 0 })
      .onConflict((conflict) =>
        conflict.column('counter_key').doUpdateSet({ count: sql<number>`guess_counters.count` }),
      )
      .returning(['count', 'window_start']),
  2,
);

const readCounter = precompiledQuery(
  (db, key) =>
    db
      .selectFrom('guess_counters')
      .select(['count', 'window_start'])
      .where('counter_key', '=', key as string),
  1,
);

/**
 * For a guess already known to be right (a passcode's HMAC, checked in memory) whose answer waits on this: refuses
 * with `user_lock_limit_reached` unless the user (or recipient: GuessCounter) has a free slot, like takeGuessSlot,
 * but takes none, since a right guess would give its slot back at once (takeGuessSlot then releaseGuessSlot, in one
 * statement instead of two). The counter is locked until the caller's transaction ends, so among parallel guesses this one is admitted exactly when
 * takeGuessSlot would have admitted it, and leaves the count as take-then-release would. `db` is the caller's
 * transaction: on PostgreSQL the counter is locked (an upsert that leaves it as it was) until it ends; on SQLite the
 * transaction holds the only writing connection until it ends, so the counter is only read (no write, and no row
 * created for a user who never guessed).
 */
export async function assertGuessSlotFree(deps: ProviderDeps, whose: GuessCounter, db: Executor): Promise<void> {
  const { maxFailuresPerUser, windowMinutes } = deps.config.lockout;
  const now = deps.clock.now();
  const key = guessCounterKey(whose);
  // On SQLite the caller's transaction holds the only writing connection until it ends, so nothing can change the
  // counter in between: a read is as good as a lock, and writes nothing (no new row for a user who never guessed).
  const [counter] = (dialectOf(db) === 'sqlite' ? await readCounter(db, key) : await lockCounter(db, key, now)).rows;
  const free =
    counter === undefined ||
    Number(counter.count) < maxFailuresPerUser ||
    Number(counter.window_start) <= now - windowMinutes * 60_000;
  if (!free) throw new ProviderError('user_lock_limit_reached');
}

export async function releaseGuessSlot(db: Executor, counter: GuessCounter): Promise<void> {
  await releaseSlot(db, guessCounterKey(counter));
}

/** Clears every slot of the user: a successful password reset ends a lockout. */
export async function clearGuessSlots(db: Executor, userId: string): Promise<void> {
  await db.updateTable('guess_counters').set({ count: 0 }).where('counter_key', '=', userCounter(userId)).execute();
}

/** Records one failed guess (wrong passcode, wrong password) against the user: the audit trail of failures. */
export async function recordFailure(deps: ProviderDeps, userId: string, db: Executor = deps.db): Promise<void> {
  await db
    .insertInto('auth_failures')
    .values({ failure_id: newId('failure', deps.environment), user_id: userId, created_at: deps.clock.now() })
    .execute();
}

function redirectKey(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`;
}

/** Parses a redirect URL strictly: http(s) only, no credentials, no backslashes or control characters. */
function parseRedirect(raw: string): URL | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused.
  if (/[\\\u0000-\u0020\u007f]/.test(raw) || !URL.canParse(raw)) return null;
  const url = new URL(raw);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '') return null;
  return url;
}

/** Is `raw` on the project's allowlist: the same scheme, host, port and path as an entry (the query may differ)? */
export function isAllowedRedirect(project: ProjectConfig, raw: string): boolean {
  const url = parseRedirect(raw);
  if (!url) return false;
  const key = redirectKey(url);
  return project.redirectUrls.some((entry) => {
    const allowed = parseRedirect(entry);
    return allowed !== null && redirectKey(allowed) === key;
  });
}

/**
 * The redirect URL to put in an email: the one the caller named, if allowed, else the project's default
 * for `kind`. Anything else is `invalid_redirect_url`.
 */
export function resolveRedirect(
  project: ProjectConfig,
  raw: string | undefined,
  kind: keyof ProjectConfig['defaultRedirectUrls'],
): string {
  const url = raw ?? project.defaultRedirectUrls[kind] ?? project.redirectUrls[0];
  if (url === undefined) {
    throw new ProviderError('invalid_redirect_url', {
      message: `No redirect URL was given and the project has no default ${kind} redirect URL.`,
    });
  }
  if (!isAllowedRedirect(project, url)) throw new ProviderError('invalid_redirect_url');
  return url;
}

/** Appends `stytch_token_type` and `token` to a redirect URL, keeping its own query. */
export function tokenLink(redirectUrl: string, tokenType: string, token: string): string {
  const url = new URL(redirectUrl);
  url.searchParams.set('stytch_token_type', tokenType);
  url.searchParams.set('token', token);
  return url.toString();
}
