// The login ticket: stateless, so any instance holding the provider's HMAC key accepts it; bound to one authorization
// request (client, redirect URI, state, nonce, code_challenge) and an issue time; 10 minutes.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  issueLoginTicket,
  LOGIN_TICKET_LIFETIME_MS,
  type LoginTicketRequest,
  loginTicketIssuedAt,
} from './loginTicket';

const KEY = randomBytes(32);
const NOW = Date.parse('2026-11-21T12:00:00.000Z');
const REQUEST: LoginTicketRequest = {
  client_id: 'spa',
  redirect_uri: 'https://app.example.com/callback',
  state: 'state-ada',
  nonce: 'nonce-ada',
  code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
};

describe('login tickets', () => {
  it('answers the issue time of a ticket of this key and request, for 10 minutes', () => {
    const ticket = issueLoginTicket(KEY, REQUEST, NOW);
    expect(ticket).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    // Another "instance": nothing but the key is shared.
    expect(loginTicketIssuedAt(Buffer.from(KEY), ticket, { ...REQUEST }, NOW)).toBe(NOW);
    expect(loginTicketIssuedAt(KEY, ticket, REQUEST, NOW + LOGIN_TICKET_LIFETIME_MS)).toBe(NOW);
    expect(loginTicketIssuedAt(KEY, ticket, REQUEST, NOW + LOGIN_TICKET_LIFETIME_MS + 1)).toBeNull();
    // Issued more than a minute in the future (clock skew allowed up to one).
    expect(loginTicketIssuedAt(KEY, issueLoginTicket(KEY, REQUEST, NOW + 60_000), REQUEST, NOW)).toBe(NOW + 60_000);
    expect(loginTicketIssuedAt(KEY, issueLoginTicket(KEY, REQUEST, NOW + 60_001), REQUEST, NOW)).toBeNull();
    // A request without state, nonce or code_challenge has its own tickets too.
    const bare = { client_id: 'server', redirect_uri: 'https://server.example.com/oauth/callback' };
    expect(loginTicketIssuedAt(KEY, issueLoginTicket(KEY, bare, NOW), { ...bare, state: undefined }, NOW)).toBe(NOW);
  });

  it('refuses another key, another client, a changed payload or signature, and junk', () => {
    const ticket = issueLoginTicket(KEY, REQUEST, NOW);
    const [payload, signature] = ticket.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const otherPayload = Buffer.from(JSON.stringify({ ...claims, t: NOW + 1 })).toString('base64url');
    for (const wrong of [
      issueLoginTicket(randomBytes(32), REQUEST, NOW),
      issueLoginTicket(KEY, { ...REQUEST, client_id: 'server' }, NOW),
      `${otherPayload}.${signature}`,
      `${payload}.${signature.slice(0, -1)}`,
      `${payload}.${signature}.x`,
      `${payload}`,
      '',
      'x'.repeat(5_000),
    ]) {
      expect(loginTicketIssuedAt(KEY, wrong, REQUEST, NOW)).toBeNull();
    }
  });

  it("is another request's ticket for any other redirect URI, state, nonce or code_challenge (OIDC Core §3.1.2.1)", () => {
    const ticket = issueLoginTicket(KEY, REQUEST, NOW);
    for (const other of [
      { ...REQUEST, redirect_uri: 'https://app.example.com/callback2' },
      { ...REQUEST, state: 'state-mallory' },
      { ...REQUEST, state: undefined },
      { ...REQUEST, nonce: 'nonce-mallory' },
      { ...REQUEST, nonce: undefined },
      { ...REQUEST, code_challenge: 'x'.repeat(43) },
      { ...REQUEST, code_challenge: undefined },
      // Values moved from one field to another are another request too.
      { ...REQUEST, state: REQUEST.nonce, nonce: REQUEST.state },
    ]) {
      expect(loginTicketIssuedAt(KEY, ticket, other, NOW)).toBeNull();
    }
  });
});
