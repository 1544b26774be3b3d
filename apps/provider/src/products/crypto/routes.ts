import type { Hono } from 'hono';
import { parseSiweMessage, validateSiweMessage } from 'viem/siwe';
import { z } from 'zod';
import { clientIp, ok, type ProviderContext, type ProviderEnv, readBody } from '../../http/context';
import { ProviderError } from '../../http/errors';
import { protectionFields, sessionDurationField } from '../../http/fields';
import {
  assertUnderRateLimit,
  consumeRateLimit,
  ipRateLimitKey,
  recordFailure,
  releaseGuessSlot,
  releaseRateLimit,
  takeGuessSlot,
} from '../../services/guards';
import {
  assertRecentAuthentication,
  authenticateResponseFields,
  optionalSession,
  recordAuthentication,
  requireOpaqueSession,
  requireSession,
  type SessionRow,
} from '../../services/sessions';
import { requireUser } from '../../services/users';
import { assertIdentifiersVerified } from '../../services/verification';
import { challengeNonce, siweScheme } from './challengeMessage';
import {
  type ChallengeCaller,
  type ChallengeContent,
  type ChallengeRow,
  consumeChallenge,
  liveChallenges,
  messageOf,
  newChallenge,
  storeChallenge,
} from './challenges';
import { signatureMatches } from './signatures';
import { resolveSiweFields, siweFieldError, siweParamsSchema } from './siweParams';
import {
  attachWallet,
  cryptoWalletFactor,
  findOrCreateWalletUser,
  findWallet,
  parseWallet,
  type Wallet,
  type WalletRow,
} from './wallets';

// Lengths are capped here; parseWallet decides what a valid address of each type is.
const walletFields = {
  crypto_wallet_address: z.string().max(128),
  crypto_wallet_type: z.string().max(64),
};

const startSchema = z.object({
  ...walletFields,
  siwe_params: siweParamsSchema.optional(),
  ...protectionFields,
});

const authenticateSchema = z.object({
  ...walletFields,
  signature: z.string().max(1024),
  session_duration_minutes: sessionDurationField,
  ...protectionFields,
});

const CHALLENGE_NOT_FOUND =
  'No live challenge for this crypto wallet: it expired, was used already, was issued to another session or was never issued. Start again (crypto_wallets/authenticate/start).';

const NO_PAGE =
  "A wallet challenge names the page that asks for it, so it must be asked for from a page on one of the project's allowed origins: this call sent no Origin header.";

/**
 * The page that asks for a challenge: the call's Origin header, one of the project's allowed origins. The CORS layer
 * refuses a browser on another origin; a call without the header (a server, perhaps relaying for a phishing page)
 * is refused here with `origin_not_allowed`, so that every challenge names a page of the project.
 */
function pageOrigin(c: ProviderContext): string {
  const origin = c.req.header('origin');
  if (origin === undefined) throw new ProviderError('origin_not_allowed', { message: NO_PAGE });
  if (!c.get('deps').config.project.allowedOrigins.includes(origin)) throw new ProviderError('origin_not_allowed');
  return origin;
}

/**
 * What the wallet will sign, for the page `origin`: an Ethereum wallet a Sign-In with Ethereum message (its fields
 * from `siwe_params`), a Solana wallet a Sign-In With Solana message naming the project's cluster
 * (`siwe_params` for it is `crypto_wallet_type_incompatible_with_siwe`).
 */
function challengeContent(
  c: ProviderContext,
  wallet: Wallet,
  origin: string,
  params: z.infer<typeof startSchema>['siwe_params'],
): ChallengeContent {
  const deps = c.get('deps');
  const { project } = deps.config;
  if (wallet.type === 'ethereum') {
    return { format: 'siwe', origin, siwe: resolveSiweFields(project, params, origin, deps.clock.now()) };
  }
  if (params !== undefined) throw new ProviderError('crypto_wallet_type_incompatible_with_siwe');
  return { format: 'siws', origin, solanaChainId: project.cryptoWallets.solanaChainId };
}

/**
 * `crypto_wallets/authenticate/start/primary` and `/secondary`: the message the wallet must sign, for the page that
 * asks (an allowed origin), bound to the wallet type and address (and, for a secondary start, to the caller's
 * session), single-use, live five minutes. Anyone may ask for a primary challenge (limited per IP). A secondary
 * challenge needs the opaque token of a session; proving a wallet the user already holds adds it to the session,
 * attaching a new one is a sensitive change and needs a recent authentication.
 */
async function authenticateStart(c: ProviderContext, mode: 'primary' | 'secondary'): Promise<Response> {
  const deps = c.get('deps');
  const body = await readBody(c, startSchema);
  const wallet = parseWallet(deps, body.crypto_wallet_type, body.crypto_wallet_address);
  const origin = pageOrigin(c);
  const ip = clientIp(c);
  let caller: ChallengeCaller | null = null;
  if (mode === 'secondary') {
    const { row } = await requireOpaqueSession(c);
    const holder = await findWallet(deps.db, deps.config.project.projectId, wallet);
    if (holder?.user_id !== row.user_id) {
      await assertRecentAuthentication(deps, row);
      // Attaching a wallet: the owner's later proof of an unverified address would remove it (finding 7).
      await assertIdentifiersVerified(deps.db, row.user_id);
    }
    caller = { userId: row.user_id, sessionId: row.session_id };
  } else {
    // An unknown address counts too, under one shared key (services/guards.ts ipRateLimitKey).
    await consumeRateLimit(
      deps,
      `cryptoWalletChallengesPerIp:${ipRateLimitKey(ip)}`,
      deps.config.rateLimits.cryptoWalletChallengesPerIp,
    );
  }
  const row = newChallenge(deps, wallet, challengeContent(c, wallet, origin, body.siwe_params), caller, ip);
  let challenge: string;
  try {
    challenge = messageOf(deps, row, wallet);
  } catch (error) {
    // viem checks every SIWE field again as it builds the message.
    throw siweFieldError(error);
  }
  await storeChallenge(deps, row);
  return ok(c, { challenge });
}

/** A live challenge the signature answers, and whether its SIWE `Not Before` is still ahead. */
interface Match {
  challenge: ChallengeRow;
  notYetValid: boolean;
}

/**
 * The challenge (of `candidates`) whose message the signature signs with the wallet's key, if any. Its page (and
 * SIWE URI) must still be of the project's allowed origins. A SIWE message is checked again as EIP-4361 says: the
 * domain and scheme are the page's, the nonce, address and times the challenge's.
 */
async function matchingChallenge(
  c: ProviderContext,
  wallet: Wallet,
  candidates: ChallengeRow[],
  signature: string,
  now: number,
): Promise<Match | null> {
  const deps = c.get('deps');
  const { project } = deps.config;
  for (const challenge of candidates) {
    // The pages must still be the project's (the configuration may have changed since the start).
    if (!project.allowedOrigins.includes(challenge.origin)) continue;
    if (!URL.canParse(challenge.uri) || !project.allowedOrigins.includes(new URL(challenge.uri).origin)) continue;
    let message: string;
    try {
      // Throws for a format this version does not write (none is left after migration 0012).
      message = messageOf(deps, challenge, wallet);
    } catch {
      continue;
    }
    if (!(await signatureMatches(wallet, message, signature))) continue;
    // A Sign-In With Solana message is the challenge's, rebuilt byte for byte; its expiry is the challenge's.
    if (challenge.format !== 'siwe') return { challenge, notYetValid: false };
    // A message whose Not Before is ahead is checked as of that time: valid then, it is "not valid yet" now.
    const notYetValid = challenge.not_before !== null && challenge.not_before > now;
    // EIP-4361 "Verifying a signed Message": parsed, then checked against the expected values.
    const valid = validateSiweMessage({
      message: parseSiweMessage(message),
      domain: challenge.domain,
      scheme: siweScheme(challenge.origin),
      nonce: challengeNonce(deps.hmacKey, challenge.nonce_salt),
      address: wallet.display as `0x${string}`,
      time: new Date(notYetValid ? (challenge.not_before as number) : now),
    });
    if (valid) return { challenge, notYetValid };
  }
  return null;
}

/**
 * The wallet row a secondary challenge signs in with: the wallet attached to the user whose session asked (a new
 * wallet is a sensitive change: it needs a recent authentication), or that user's own wallet. A wallet of another
 * user is refused with `duplicate_wallet_address`.
 */
async function walletOfCaller(
  trx: Parameters<typeof recordAuthentication>[0],
  c: ProviderContext,
  wallet: Wallet,
  userId: string,
  current: { row: SessionRow } | null,
): Promise<WalletRow> {
  const deps = c.get('deps');
  const holder = await findWallet(trx, deps.config.project.projectId, wallet, { signsIn: true });
  if (holder === undefined) {
    // The challenge was bound to this session (liveChallenges), so the session is the caller's.
    if (!current) throw new ProviderError('crypto_wallet_not_found', { message: CHALLENGE_NOT_FOUND });
    await assertRecentAuthentication(deps, current.row, trx);
    await assertIdentifiersVerified(trx, userId);
  }
  const row = holder ?? (await attachWallet(trx, deps, userId, wallet)).row;
  if (row.user_id !== userId) throw new ProviderError('duplicate_wallet_address');
  return row;
}

/** The rate-limit bucket of an address's refused signatures (`rateLimits.cryptoWalletSignatureFailuresPerIp`). */
const signatureFailures = (ip: string) => `cryptoWalletSignatureFailuresPerIp:${ip}`;

/**
 * `crypto_wallets/authenticate`: checks the signature against the wallet's live challenges and signs in: the
 * wallet's user (created at its first sign-in), the caller's session of the same user with the factor added, or,
 * for a secondary challenge, the wallet attached to the user whose session asked. The challenge is used up by one
 * conditional UPDATE in the transaction that starts the session, so fifty parallel uses of one signature start one
 * session.
 *
 * Refused signatures (issue 25, finding 8). A wallet address is public and a signature cannot be guessed, so a
 * refused signature of a primary challenge (which anyone may ask for any address) counts against the caller's IP
 * alone (`rateLimits.cryptoWalletSignatureFailuresPerIp`; past it the address waits, even with a right signature),
 * never against the wallet's user: strangers cannot lock its owner out. Only a challenge the caller started with
 * its own session (a secondary start) takes a slot of that signed-in user's lockout, like a password: a failure
 * keeps it, a success gives it back. A user locked out by other guesses stays locked out here too. The IP's count
 * works the same way: each call takes a slot before any signature is checked and a match gives it back, so a parallel
 * burst from one address has its signatures checked by at most `limit` calls a window.
 */
async function authenticate(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  const body = await readBody(c, authenticateSchema);
  const wallet = parseWallet(deps, body.crypto_wallet_type, body.crypto_wallet_address);
  const ip = clientIp(c);
  const ipLimit = deps.config.rateLimits.cryptoWalletSignatureFailuresPerIp;
  // An unknown address counts too, under one shared key (services/guards.ts ipRateLimitKey).
  const failures = signatureFailures(ipRateLimitKey(ip));
  await assertUnderRateLimit(deps, failures, ipLimit);
  // Read before the transaction: on SQLite the transaction holds the only connection.
  const current = await optionalSession(c);
  const candidates = await liveChallenges(deps, wallet, current?.row.session_id ?? null, ip);
  if (candidates.length === 0) throw new ProviderError('crypto_wallet_not_found', { message: CHALLENGE_NOT_FOUND });
  // The wallet's holder is not refused while locked out by guesses at passwords or codes: a signature cannot be guessed,
  // and held to that lockout, a wallet let anyone who knew the owner's address lock her out of it too (failures against
  // someone else's identifier must not lock its owner out of everything).
  // The signed-in caller, when it started one of the candidates itself (liveChallenges answers only the secondary
  // challenges of the caller's own session).
  const guessUser = candidates.find((challenge) => challenge.session_id !== null)?.user_id ?? null;
  const now = deps.clock.now();

  const outcome = await deps.db.transaction().execute(async (trx) => {
    // A slot of the IP's failures before any signature is checked, given back by a match: counted after the check,
    // every call of a parallel burst was checked (up to MAX_LIVE_CHALLENGES signatures each) before the first failure
    // was written. Throws too_many_requests once none is left, rolling the transaction back.
    await consumeRateLimit(deps, failures, ipLimit, 1, trx);
    // Throws user_lock_limit_reached past the cap, rolling the transaction back.
    if (guessUser !== null) await takeGuessSlot(deps, guessUser, trx);
    const match = await matchingChallenge(c, wallet, candidates, body.signature, now);
    if (!match) {
      if (guessUser !== null) await recordFailure(deps, guessUser, trx);
      return { refused: 'unable_to_authenticate_crypto_wallet' as const };
    }
    await releaseRateLimit(trx, failures);
    if (guessUser !== null) await releaseGuessSlot(trx, guessUser);
    if (match.notYetValid) return { refused: 'siwe_message_not_valid_yet' as const };
    if (!(await consumeChallenge(trx, match.challenge.challenge_id, now))) {
      return { refused: 'crypto_wallet_not_found' as const, message: CHALLENGE_NOT_FOUND };
    }
    const { user_id: boundUser } = match.challenge;
    const row =
      boundUser === null
        ? await findOrCreateWalletUser(trx, deps, wallet)
        : await walletOfCaller(trx, c, wallet, boundUser, current);
    const session = await recordAuthentication(trx, c, {
      userId: row.user_id,
      factor: cryptoWalletFactor(row),
      durationMinutes: body.session_duration_minutes,
      current,
    });
    return { session };
  });
  if (outcome.refused !== undefined) throw new ProviderError(outcome.refused, { message: outcome.message });
  return ok(c, await authenticateResponseFields(c, outcome.session));
}

/** `DELETE /users/crypto_wallets/{id}`: removes one of the caller's own wallets (a sensitive change). */
async function remove(c: ProviderContext): Promise<Response> {
  const deps = c.get('deps');
  const { row } = await requireSession(c);
  await assertRecentAuthentication(deps, row);
  // Only the caller's own: another user's id is "not found", never deleted.
  const deleted = await deps.db
    .deleteFrom('crypto_wallets')
    .where('crypto_wallet_id', '=', c.req.param('id') ?? '')
    .where('user_id', '=', row.user_id)
    .executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) throw new ProviderError('crypto_wallet_not_found');
  const user = await requireUser(deps.db, row.user_id);
  return ok(c, { user_id: user.user_id, __user: user });
}

/** The SDK's crypto wallet calls, and its delete of a wallet from the user. */
export function registerCryptoWalletRoutes(app: Hono<ProviderEnv>): void {
  app.post('/sdk/v1/crypto_wallets/authenticate/start/primary', (c) => authenticateStart(c, 'primary'));
  app.post('/sdk/v1/crypto_wallets/authenticate/start/secondary', (c) => authenticateStart(c, 'secondary'));
  app.post('/sdk/v1/crypto_wallets/authenticate', authenticate);
  app.delete('/sdk/v1/users/crypto_wallets/:id', remove);
}
