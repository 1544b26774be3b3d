// The real `@stytch/vanilla-js` 6.3.0 client's TOTP calls against the provider: cases of
// test/stytch-vanilla.e2e.test.ts (its harness is test/stytchVanilla.ts), which collects this file.
import { StytchAPIError } from '@stytch/vanilla-js/headless';
import { describe, expect, it } from 'vitest';
import { codeNow, openPage, passcodeSignIn, rejectionOf, sent, start } from '../../../test/stytchVanilla';

export function stytchVanillaCases(): void {
  describe('@stytch/vanilla-js 6.3.0 TOTP calls against the provider', () => {
    it('creates a TOTP, confirms it, refuses a wrong code, rotates recovery codes and recovers once', async () => {
      const t = await start();
      const client = openPage(t);
      const signedIn = await passcodeSignIn(t, client);

      const created = await client.totps.create({ expiration_minutes: 30 });
      expect(created).toMatchObject({
        status_code: 200,
        request_id: expect.any(String),
        user_id: signedIn.user_id,
        totp_id: expect.stringMatching(/^totp-test-/),
        secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
        qr_code: expect.stringMatching(/^data:image\/png;base64,/),
      });
      expect(created.recovery_codes).toHaveLength(10);
      // The client replaced its user with the answer's __user: the TOTP is there, pending.
      expect(client.user.getSync()?.totps).toEqual([{ totp_id: created.totp_id, verified: false }]);

      const wrong = await rejectionOf(client.totps.authenticate({ totp_code: '12345', session_duration_minutes: 60 }));
      expect(wrong).toBeInstanceOf(StytchAPIError);
      expect(wrong).toMatchObject({ status_code: 400, error_type: 'invalid_code' });

      t.clock.advance(1_000);
      const code = await codeNow(t, created.secret);
      const confirmed = await client.totps.authenticate({ totp_code: code, session_duration_minutes: 60 });
      expect(confirmed).toMatchObject({ totp_id: created.totp_id, session_token: signedIn.session_token });
      expect(confirmed).not.toHaveProperty('__user');
      expect(client.session.getSync()?.authentication_factors.map((factor) => factor.type)).toEqual(['otp', 'totp']);
      expect(client.user.getSync()?.totps).toEqual([{ totp_id: created.totp_id, verified: true }]);

      // The same code again: no replay within its window.
      const replay = await rejectionOf(client.totps.authenticate({ totp_code: code, session_duration_minutes: 60 }));
      expect(replay).toBeInstanceOf(StytchAPIError);
      expect(replay).toMatchObject({
        status_code: 404,
        error_type: 'otp_code_not_found',
        error_message: 'Invalid passcode, please try again.',
      });
      expect(client.session.getSync()).not.toBeNull();

      const rotated = await client.totps.recoveryCodes();
      expect(sent.at(-1)).toMatchObject({ method: 'POST', path: '/totps/recovery_codes', status: 200 });
      expect(rotated).toMatchObject({
        user_id: signedIn.user_id,
        totps: { totp_id: created.totp_id, verified: true, recovery_codes: expect.any(Array) },
      });
      const [recoveryCode] = (rotated.totps as unknown as { recovery_codes: string[] }).recovery_codes;
      if (recoveryCode === undefined) throw new Error('no recovery code');
      const recovered = await client.totps.recover({ recovery_code: recoveryCode, session_duration_minutes: 60 });
      expect(recovered).toMatchObject({ totp_id: created.totp_id, user_id: signedIn.user_id });
      expect(client.session.getSync()?.authentication_factors.at(-1)?.type).toBe('recovery_codes');
      const reused = await rejectionOf(
        client.totps.recover({ recovery_code: recoveryCode, session_duration_minutes: 60 }),
      );
      expect(reused).toBeInstanceOf(StytchAPIError);
      expect(reused).toMatchObject({ status_code: 404, error_type: 'recovery_code_not_found' });
      // The first set stopped working when the fresh one was issued.
      const old = await rejectionOf(
        client.totps.recover({ recovery_code: created.recovery_codes[0] as string, session_duration_minutes: 60 }),
      );
      expect(old).toMatchObject({ error_type: 'recovery_code_not_found' });
    });
  });
}
