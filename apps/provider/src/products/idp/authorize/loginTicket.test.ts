// The login ticket: stateless, so any instance holding the provider's HMAC key accepts it; bound to a client and
// an issue time; 10 minutes.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { issueLoginTicket, LOGIN_TICKET_LIFETIME_MS, loginTicketIssuedAt } from './loginTicket';

const KEY = randomBytes(32);
const NOW = Date.parse('2026-11-21T12:00:00.000Z');

describe('login tickets', () => {
  it('answers the issue time of a ticket of this key and client, for 10 minutes', () => {
    const ticket = issueLoginTicket(KEY, 'spa', NOW);
    expect(ticket).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    // Another "instance": nothing but the key is shared.
    expect(loginTicketIssuedAt(Buffer.from(KEY), ticket, 'spa', NOW)).toBe(NOW);
    expect(loginTicketIssuedAt(KEY, ticket, 'spa', NOW + LOGIN_TICKET_LIFETIME_MS)).toBe(NOW);
    expect(loginTicketIssuedAt(KEY, ticket, 'spa', NOW + LOGIN_TICKET_LIFETIME_MS + 1)).toBeNull();
    // Issued more than a minute in the future (clock skew allowed up to one).
    expect(loginTicketIssuedAt(KEY, issueLoginTicket(KEY, 'spa', NOW + 60_000), 'spa', NOW)).toBe(NOW + 60_000);
    expect(loginTicketIssuedAt(KEY, issueLoginTicket(KEY, 'spa', NOW + 60_001), 'spa', NOW)).toBeNull();
  });

  it('refuses another key, another client, a changed payload or signature, and junk', () => {
    const ticket = issueLoginTicket(KEY, 'spa', NOW);
    const [payload, signature] = ticket.split('.') as [string, string];
    const otherPayload = Buffer.from(JSON.stringify({ c: 'spa', t: NOW + 1 })).toString('base64url');
    for (const wrong of [
      issueLoginTicket(randomBytes(32), 'spa', NOW),
      issueLoginTicket(KEY, 'server', NOW),
      `${otherPayload}.${signature}`,
      `${payload}.${signature.slice(0, -1)}`,
      `${payload}.${signature}.x`,
      `${payload}`,
      '',
      'x'.repeat(5_000),
    ]) {
      expect(loginTicketIssuedAt(KEY, wrong, 'spa', NOW)).toBeNull();
    }
  });
});
