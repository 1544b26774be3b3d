// The robustness battery's cases for sessions from other credentials (collected by test/robustnessCases.ts): access
// tokens, trusted JWTs, session credentials, impersonation tokens.
import { exportSPKI, generateKeyPair } from 'jose';
import type { RobustnessCases } from '../../../test/robustnessCases';

/** The trusted issuer profile the attest bodies name (its key is generated per run). */
const ATTEST_PROFILE = 'robustness-profile';

export const robustness: RobustnessCases = {
  routes: [
    ['POST', '/sessions/exchange_access_token'],
    ['POST', '/sessions/attest'],
    ['POST', '/impersonation/authenticate'],
  ],
  bodies: [
    '{"access_token":{"$ne":null},"session_duration_minutes":30}',
    `{"access_token":"${'a'.repeat(600)}","session_duration_minutes":1e308}`,
    `{"profile_id":"${ATTEST_PROFILE}","token":"a.b.c","session_token":"a.b.c","session_jwt":"x.y.z"}`,
    `{"profile_id":"${ATTEST_PROFILE}","token":"eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.","session_jwt":{"$ne":null}}`,
    `{"profile_id":"${ATTEST_PROFILE}","token":"eyJhbGciOiJFUzI1NiIsImtpZCI6Ii4uLy4uIn0.e30.${'A'.repeat(86)}"}`,
    `{"profile_id":"${ATTEST_PROFILE}","token":"${'e'.repeat(9_000)}","session_token":""}`,
    '{"profile_id":"__proto__","token":"","session_duration_minutes":"60"}',
    '{"impersonation_token":["x"],"session_duration_minutes":-1}',
    '{"impersonation_token":"\\u0000\\ud800","captcha_token":{}}',
    '{"user_id":"user-test-nobody","impersonator_id":"\\u0000","reason":{"$ne":1}}',
    `{"user_id":"${'u'.repeat(300)}","impersonator_id":"a","reason":"${'r'.repeat(2_000)}"}`,
  ],
  serverRoutes: [['POST', '/v1/impersonation_tokens']],
  async config() {
    const { publicKey } = await generateKeyPair('ES256');
    return {
      project: {
        trustedAuthTokens: [
          {
            profileId: ATTEST_PROFILE,
            issuer: 'https://issuer.example',
            audience: 'robustness',
            publicKeyPem: await exportSPKI(publicKey),
          },
        ],
      },
    };
  },
};
