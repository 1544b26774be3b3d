// The real `@stytch/vanilla-js` 6.3.0 client's passkey calls against the provider: cases of
// test/stytch-vanilla.e2e.test.ts (its harness is test/stytchVanilla.ts), which collects this file.
import { StytchAPIError } from '@stytch/vanilla-js/headless';
import { describe, expect, it } from 'vitest';
import {
  cookieValue,
  installCredentials,
  openPage,
  passcodeSignIn,
  passkeyAuthenticate,
  rejectionOf,
  sent,
  start,
} from '../../../test/stytchVanilla';
import { API_BASE_URL, ORIGIN } from '../../../testing/harness';
import { SoftAuthenticator } from '../../../testing/softAuthenticator';

export function stytchVanillaCases(): void {
  describe('@stytch/vanilla-js 6.3.0 passkey calls against the provider', () => {
    it('registers, renames, signs in with (primary and secondary) and deletes a passkey', async () => {
      const t = await start();
      const authenticator = new SoftAuthenticator({ origin: ORIGIN });
      installCredentials(authenticator);
      const client = openPage(t);
      const signedIn = await passcodeSignIn(t, client);
      expect(sent.at(-1)).toMatchObject({
        url: `${API_BASE_URL}/sdk/v1/otps/authenticate`,
        authorization: `Basic ${btoa(`${t.provider.config.project.publicToken}:${t.provider.config.project.publicToken}`)}`,
      });
      expect(cookieValue('stytch_session')).toBe(signedIn.session_token);

      const registered = await client.webauthn.register({ is_passkey: true, session_duration_minutes: 60 });
      expect(sent.slice(-2).map((request) => [request.path, request.status])).toEqual([
        ['/webauthn/register/start', 200],
        ['/webauthn/register', 200],
      ]);
      // The start carried the page's hostname and the passkey flag; the session token rode in Authorization.
      expect(sent.at(-2)).toMatchObject({
        body: { domain: 'localhost', return_passkey_credential_options: true, user_agent: expect.any(String) },
        authorization: `Basic ${btoa(`${t.provider.config.project.publicToken}:${signedIn.session_token}`)}`,
      });
      // The envelope's data, unwrapped by the client: an AuthenticateResponse plus the registration id, no __user.
      expect(registered).toMatchObject({
        status_code: 200,
        request_id: expect.any(String),
        user_id: signedIn.user_id,
        session_token: signedIn.session_token,
        session_jwt: expect.any(String),
        webauthn_registration_id: expect.stringMatching(/^webauthn-registration-test-/),
      });
      expect(registered).not.toHaveProperty('__user');
      const registrationId = registered.webauthn_registration_id;
      // withUpdateSession kept the session and the user from the answer.
      expect(client.session.getSync()?.authentication_factors.map((factor) => factor.type)).toEqual([
        'otp',
        'webauthn',
      ]);
      expect(client.user.getSync()?.webauthn_registrations).toEqual([
        expect.objectContaining({ webauthn_registration_id: registrationId, name: 'Passkey', verified: true }),
      ]);

      const renamed = await client.webauthn.update({ webauthn_registration_id: registrationId, name: ' Laptop ' });
      expect(renamed.webauthn_registration).toMatchObject({ webauthn_registration_id: registrationId, name: 'Laptop' });

      // Signed in: the client asks for a secondary challenge, and the factor joins the same session.
      t.clock.advance(1_000);
      const again = await passkeyAuthenticate(client);
      expect(sent.at(-2)?.path).toBe('/webauthn/authenticate/start/secondary');
      expect(again.session.session_id).toBe(signedIn.session.session_id);

      await client.session.revoke();
      expect(client.session.getSync()).toBeNull();
      expect(cookieValue('stytch_session')).toBeUndefined();

      // Signed out: a primary challenge, a discoverable passkey, a new session.
      t.clock.advance(1_000);
      const passkey = await passkeyAuthenticate(client);
      expect(sent.slice(-2).map((request) => [request.path, request.status])).toEqual([
        ['/webauthn/authenticate/start/primary', 200],
        ['/webauthn/authenticate', 200],
      ]);
      expect(passkey).toMatchObject({ user_id: signedIn.user_id, webauthn_registration_id: registrationId });
      expect(passkey.session.authentication_factors).toEqual([
        expect.objectContaining({
          type: 'webauthn',
          webauthn_factor: expect.objectContaining({ domain: 'localhost' }),
        }),
      ]);
      expect(cookieValue('stytch_session')).toBe(passkey.session_token);

      // Delete it (a recent passkey sign-in is enough), then the authenticator's copy is refused with the spec's text.
      const deleted = await client.user.deleteWebauthnRegistration(registrationId);
      expect(deleted.user_id).toBe(signedIn.user_id);
      expect(client.user.getSync()?.webauthn_registrations).toEqual([]);
      await client.session.revoke();
      const error = await rejectionOf(client.webauthn.authenticate({ session_duration_minutes: 60, is_passkey: true }));
      expect(error).toBeInstanceOf(StytchAPIError);
      expect(error).toMatchObject({
        status_code: 404,
        error_type: 'webauthn_registration_not_found',
        error_message:
          'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.',
      });
      expect(client.session.getSync()).toBeNull();
    });

    it('maps a refused assertion to StytchAPIError with the contract’s error type', async () => {
      const t = await start();
      const authenticator = new SoftAuthenticator({ origin: ORIGIN });
      installCredentials(authenticator);
      const client = openPage(t);
      await passcodeSignIn(t, client);
      await client.webauthn.register({ is_passkey: true, session_duration_minutes: 60 });
      await client.session.revoke();
      // A cloned authenticator: its counter goes back.
      const credential = authenticator.credentials[0];
      if (!credential) throw new Error('no credential');
      credential.signCount = 100;
      await client.webauthn.authenticate({ session_duration_minutes: 60, is_passkey: true });
      await client.session.revoke();
      credential.signCount = 5;
      const error = await rejectionOf(client.webauthn.authenticate({ session_duration_minutes: 60, is_passkey: true }));
      expect(error).toBeInstanceOf(StytchAPIError);
      expect(error).toMatchObject({ status_code: 401, error_type: 'unable_to_auth_webauthn_registration' });
      expect(client.session.getSync()).toBeNull();
    });
  });
}
