// The real `@stytch/vanilla-js` 6.3.0 client's session-exchange and impersonation calls against the provider: cases
// of test/stytch-vanilla.e2e.test.ts (its harness is test/stytchVanilla.ts), which collects this file. The access
// token to exchange comes from the identity provider's flow (its demo client, ../idp/stytchVanilla.cases.ts).
import { StytchAPIError } from '@stytch/vanilla-js/headless';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { cookieValue, openPage, passcodeSignIn, rejectionOf, sent, start } from '../../../test/stytchVanilla';
import { IDP, params, redeem } from '../idp/stytchVanilla.cases';

export function stytchVanillaCases(): void {
  describe('@stytch/vanilla-js 6.3.0 session-exchange and impersonation calls against the provider', () => {
    it('session.exchangeAccessToken turns a full_access access token into a session of its user', async () => {
      const t = await start(IDP);
      const client = openPage(t);
      const signedIn = await passcodeSignIn(t, client);
      const submitted = await client.idp.oauthAuthorizeSubmit({
        ...params(['openid', 'full_access']),
        consent_granted: true,
      });
      const tokens = await redeem(t, new URL(submitted.redirect_uri).searchParams.get('code') as string);
      await client.session.revoke();
      expect(cookieValue('stytch_session')).toBeUndefined();

      const exchanged = await client.session.exchangeAccessToken({
        access_token: tokens.access_token,
        session_duration_minutes: 30,
      });
      expect(exchanged.user.user_id).toBe(signedIn.user.user_id);
      expect(exchanged.session_token).not.toBe(signedIn.session_token);
      expect(cookieValue('stytch_session')).toBe(exchanged.session_token);
      expect(client.session.getSync()?.session_id).toBe(exchanged.session.session_id);
    });

    it('session.attest exchanges a trusted issuer’s JWT for a session of the user with its email', async () => {
      const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
      const t = await start({
        project: {
          trustedAuthTokens: [
            {
              profileId: 'partner-sso',
              issuer: 'https://partner.example',
              audience: 'latchkey',
              publicKeyPem: await exportSPKI(publicKey),
            },
          ],
        },
      });
      const client = openPage(t);
      const token = await new SignJWT({ email: 'grace@example.com' })
        .setProtectedHeader({ alg: 'ES256' })
        .setIssuer('https://partner.example')
        .setAudience('latchkey')
        .setSubject('partner-user-1')
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
      const answer = await client.session.attest({ profile_id: 'partner-sso', token, session_duration_minutes: 30 });
      expect(answer.user.emails).toEqual([expect.objectContaining({ email: 'grace@example.com', verified: true })]);
      expect(cookieValue('stytch_session')).toBe(answer.session_token);
      expect(sent.at(-1)).toMatchObject({ path: '/sessions/attest', status: 200 });
      const refused = await rejectionOf(
        client.session.attest({ profile_id: 'unknown-profile', token, session_duration_minutes: 30 }),
      );
      expect(refused).toBeInstanceOf(StytchAPIError);
      expect(refused.error_type).toBe('trusted_auth_token_profile_not_found');
    });

    it('impersonation.authenticate signs in with a token from the server call, once', async () => {
      const t = await start();
      const client = openPage(t);
      const signedIn = await passcodeSignIn(t, client);
      await client.session.revoke();
      const issued = await t.call('POST', '/v1/impersonation_tokens', {
        body: { user_id: signedIn.user.user_id, impersonator_id: 'support-agent-7' },
        authorization: `Basic ${Buffer.from(`${t.projectId}:${t.secretKey}`).toString('base64')}`,
        origin: null,
      });
      expect(issued.status).toBe(200);
      const token = issued.json.data?.impersonation_token ?? issued.json.impersonation_token;
      const answer = await client.impersonation.authenticate({ impersonation_token: token });
      expect(answer.user.user_id).toBe(signedIn.user.user_id);
      expect(cookieValue('stytch_session')).toBe(answer.session_token);
      const again = await rejectionOf(client.impersonation.authenticate({ impersonation_token: token }));
      expect(again).toBeInstanceOf(StytchAPIError);
    });
  });
}
