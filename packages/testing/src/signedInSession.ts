// A made-up signed-in visitor, for tests of what a server renders: the session and user a server reads from the
// request's cookie (`sessionFromCookies` / `authenticateSession` of @latchkey/server), handed to a client as its
// `initialSession`. Plain data with type-only imports, so a page bundled for the browser can import it
// (`@latchkey/testing/signed-in-session`) without the provider harness the package's index brings.
import type { InitialSession, User } from '@latchkey/sdk';

/** The visitor `name` (their ids are `user-test-{name}`, `session-test-{name}`…), signed in until 2099. */
export function fakeSignedInSession(name: string): InitialSession {
  return {
    user: {
      user_id: `user-test-${name}`,
      created_at: '2026-01-01T00:00:00Z',
      status: 'active',
      name: { first_name: '', middle_name: '', last_name: '' },
      emails: [{ email_id: `email-test-${name}`, email: 'ada@example.com', verified: true }],
      phone_numbers: [],
      biometric_registrations: [],
      trusted_metadata: {},
      untrusted_metadata: {},
      roles: [],
    } as unknown as User, // only what the widgets read
    session: {
      session_id: `session-test-${name}`,
      user_id: `user-test-${name}`,
      started_at: '2026-01-01T00:00:00Z',
      last_accessed_at: '2026-01-01T00:00:00Z',
      expires_at: '2099-01-01T00:00:00Z',
      attributes: { ip_address: '', user_agent: '' },
      authentication_factors: [],
      roles: [],
    },
  };
}
