// The `login_ticket` of a `reauthentication_required` answer: proof that a fresh sign-in was asked for at a given
// time, for one authorization request (its client, redirect URI, `state`, `nonce` and `code_challenge`). The widget
// ends the session, signs the user in again and sends the ticket back; a session whose authentication time is not
// before the ticket's issue time then counts as re-authenticated for `prompt=login` and `max_age` (OpenID Connect
// Core §3.1.2.1) of that request only: another request's ticket (another user's among them) answers nothing, or any
// sign-in after any ticket would pass a step-up it never answered. Stateless: an HMAC under a subkey of the HMAC
// key, which lives outside the database, so any instance of the provider accepts a ticket any other issued.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** How long a ticket is accepted after it was issued. */
export const LOGIN_TICKET_LIFETIME_MS = 10 * 60_000;

/** How far in the future an issue time may be (instances' clocks differ a little). */
const CLOCK_SKEW_MS = 60_000;

/** The longest ticket looked at; ours are about 140 characters. */
export const MAX_LOGIN_TICKET_LENGTH = 2048;

function ticketKey(hmacKey: Buffer): Buffer {
  return createHmac('sha256', hmacKey).update('latchkey/idp-login-ticket/v1').digest();
}

function mac(hmacKey: Buffer, payload: string): Buffer {
  return createHmac('sha256', ticketKey(hmacKey)).update(payload).digest();
}

/** The parameters of the authorization request a ticket is bound to (an `AuthorizeBody` is one). */
export interface LoginTicketRequest {
  client_id: string;
  redirect_uri: string;
  state?: string | undefined;
  nonce?: string | undefined;
  code_challenge?: string | undefined;
}

/**
 * The request's digest: base64url SHA-256 of its client id, redirect URI, `state`, `nonce` and `code_challenge` (a
 * JSON array, absent ones null, so no two requests share an encoding). OpenID Connect Core §3.1.2.1: `prompt=login`
 * and `max_age` ask for re-authentication for this request; `state` and `nonce` are what the client ties to its own
 * browser session (RFC 6749 §10.12, OpenID Connect Core §15.5.2), and `code_challenge` to its own code verifier
 * (RFC 7636 §4.4), so another user's request never has the same ones.
 */
function requestDigest(request: LoginTicketRequest): string {
  const parts = [request.client_id, request.redirect_uri, request.state, request.nonce, request.code_challenge];
  return createHash('sha256')
    .update(JSON.stringify(parts.map((part) => part ?? null)))
    .digest('base64url');
}

/**
 * A ticket for `request` issued at `issuedAt` (epoch ms): `base64url(JSON {r, t}).base64url(HMAC)`, `r` the request's
 * digest (which covers its client id).
 */
export function issueLoginTicket(hmacKey: Buffer, request: LoginTicketRequest, issuedAt: number): string {
  const claims = { r: requestDigest(request), t: issuedAt };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${mac(hmacKey, payload).toString('base64url')}`;
}

/**
 * The issue time (epoch ms) of `ticket` when it is one of ours, for this very `request` (same client, redirect URI,
 * `state`, `nonce` and `code_challenge`), issued at most LOGIN_TICKET_LIFETIME_MS before `now`; else null (a wrong,
 * forged, foreign, expired or another request's ticket is no ticket).
 */
export function loginTicketIssuedAt(
  hmacKey: Buffer,
  ticket: string,
  request: LoginTicketRequest,
  now: number,
): number | null {
  if (ticket.length > MAX_LOGIN_TICKET_LENGTH) return null;
  const [payload, signature, extra] = ticket.split('.');
  if (payload === undefined || signature === undefined || extra !== undefined) return null;
  const expected = mac(hmacKey, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof claims !== 'object' || claims === null) return null;
  const { r, t } = claims as Record<string, unknown>;
  if (r !== requestDigest(request)) return null;
  if (typeof t !== 'number' || !Number.isSafeInteger(t)) return null;
  if (t > now + CLOCK_SKEW_MS || now - t > LOGIN_TICKET_LIFETIME_MS) return null;
  return t;
}
