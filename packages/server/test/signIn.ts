// Signing a user in through the real provider's routes, for the tests of this package.
import type { TestProvider as HarnessProvider } from '@latchkey/provider/testing';
import { expect } from 'vitest';

/** Signs in through the provider's routes: an email passcode, read from the development inbox. */
export async function signInByPasscode(testProvider: HarnessProvider, email = 'ada@example.com', minutes = 30) {
  const sent = await testProvider.post('/otps/email/login_or_create', { email });
  expect(sent.status).toBe(200);
  const code = await testProvider.lastCode(email);
  const authenticated = await testProvider.post('/otps/authenticate', {
    token: code,
    method_id: sent.json.data.method_id,
    session_duration_minutes: minutes,
  });
  expect(authenticated.status).toBe(200);
  const data = authenticated.json.data;
  return {
    sessionToken: data.session_token as string,
    sessionJwt: data.session_jwt as string,
    sessionId: data.session.session_id as string,
    userId: data.user_id as string,
    expiresAt: data.session.expires_at as string,
  };
}
