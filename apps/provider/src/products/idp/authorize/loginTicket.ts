// The `login_ticket` of a `reauthentication_required` answer: proof that a fresh sign-in was asked for at a given
// time, for one client. The widget ends the session, signs the user in again and sends the ticket back; a session
// whose authentication time is not before the ticket's issue time then counts as re-authenticated for `prompt=login`
// and `max_age` (OpenID Connect Core §3.1.2.1). Stateless: an HMAC under a subkey of the HMAC key, which lives
// outside the database, so any instance of the provider accepts a ticket any other issued.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a ticket is accepted after it was issued. */
export const LOGIN_TICKET_LIFETIME_MS = 10 * 60_000;

/** How far in the future an issue time may be (instances' clocks differ a little). */
const CLOCK_SKEW_MS = 60_000;

/** The longest ticket looked at; ours are about 100 characters plus the client id. */
export const MAX_LOGIN_TICKET_LENGTH = 2048;

function ticketKey(hmacKey: Buffer): Buffer {
  return createHmac('sha256', hmacKey).update('latchkey/idp-login-ticket/v1').digest();
}

function mac(hmacKey: Buffer, payload: string): Buffer {
  return createHmac('sha256', ticketKey(hmacKey)).update(payload).digest();
}

/** A ticket for `clientId` issued at `issuedAt` (epoch ms): `base64url(JSON {c, t}).base64url(HMAC)`. */
export function issueLoginTicket(hmacKey: Buffer, clientId: string, issuedAt: number): string {
  const payload = Buffer.from(JSON.stringify({ c: clientId, t: issuedAt })).toString('base64url');
  return `${payload}.${mac(hmacKey, payload).toString('base64url')}`;
}

/**
 * The issue time (epoch ms) of `ticket` when it is one of ours, for `clientId`, issued at most
 * LOGIN_TICKET_LIFETIME_MS before `now`; else null (a wrong, forged, foreign or expired ticket is no ticket).
 */
export function loginTicketIssuedAt(hmacKey: Buffer, ticket: string, clientId: string, now: number): number | null {
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
  const { c, t } = claims as Record<string, unknown>;
  if (c !== clientId || typeof t !== 'number' || !Number.isSafeInteger(t)) return null;
  if (t > now + CLOCK_SKEW_MS || now - t > LOGIN_TICKET_LIFETIME_MS) return null;
  return t;
}
