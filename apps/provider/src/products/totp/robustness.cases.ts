// The robustness battery's cases for authenticator apps (collected by test/robustnessCases.ts).
import type { RobustnessCases } from '../../../test/robustnessCases';

export const robustness: RobustnessCases = {
  routes: [
    ['POST', '/totps'],
    ['POST', '/totps/authenticate'],
    ['POST', '/totps/recovery_codes'],
    ['POST', '/totps/recover'],
    ['DELETE', '/users/totps/totp-test-nope'],
  ],
  bodies: [
    '{"totp_code":"\\u0000\\u0000","intermediate_session_token":{"$ne":null},"expiration_minutes":1e308}',
    `{"totp_code":"123456","intermediate_session_token":"${'x'.repeat(300)}"}`,
    `{"recovery_code":"${'a-'.repeat(5_000)}","intermediate_session_token":"\\ud800"}`,
  ],
  cookieBodies: ['{"totp_code":"123456"}', '{"recovery_code":"abcd-efgh"}'],
  unknownPaths: [['DELETE', '/users/totps/%E0%A4%A']],
};
