// The robustness battery's cases for social sign-in (collected by test/robustnessCases.ts): tokens, verifiers,
// providers, One Tap credentials and nonces of every wrong kind. The browser's start and callback navigations have
// their own battery (robustness.test.ts here).
import type { RobustnessCases } from '../../../test/robustnessCases';

export const robustness: RobustnessCases = {
  routes: [
    ['POST', '/oauth/authenticate'],
    ['POST', '/oauth/attach'],
    ['POST', '/oauth/google/onetap/start'],
    ['POST', '/oauth/google/onetap/submit'],
    ['DELETE', '/users/oauth/oauth-user-registration-test-nope'],
    ['DELETE', '/users/oauth/%E0%A4%A'],
  ],
  bodies: [
    '{"token":"x","code_verifier":{"$ne":null},"session_duration_minutes":60}',
    `{"token":"${'t'.repeat(300)}","session_duration_minutes":60}`,
    '{"provider":"__proto__"}',
    '{"provider":["google"]}',
    '{"provider":"google\\u0000"}',
    '{"credential":"a.b.c","nonce":"x"}',
    '{"credential":"eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.","nonce":"x","code_challenge":"short"}',
    `{"credential":"${'e'.repeat(9_000)}","nonce":"x"}`,
    '{"credential":{"$ne":null},"nonce":null,"login_redirect_url":"javascript:alert(1)"}',
    '{"login_redirect_url":"//evil.com","signup_redirect_url":"data:text/html,x"}',
    '{"name":"\\u0000","untrusted":1}',
    `{"name":"${'n'.repeat(10_000)}"}`,
  ],
  config: () => ({ rateLimits: { oauthStartsPerIp: { limit: 10_000, windowSeconds: 60 } } }),
};
