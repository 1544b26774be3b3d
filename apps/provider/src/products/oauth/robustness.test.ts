// The browser's social sign-in navigations (`/v1/public/oauth/*`: start and callback, outside `/sdk/v1`) get
// malformed queries and form bodies: no 500, no stack trace. The `/sdk/v1` calls are in robustness.cases.ts.
import { describe, expect, it } from 'vitest';
import { PUBLIC_TOKEN, startProvider } from '../../../testing/harness';

describe('no input to the social sign-in navigations produces a 500 or a stack trace', () => {
  it("answers the browser's social sign-in routes (start and callback) without a 500 or a stack trace", async () => {
    const testProvider = await startProvider({
      rateLimits: { oauthStartsPerIp: { limit: 10_000, windowSeconds: 60 } },
    });
    const queries = [
      '',
      `public_token=${PUBLIC_TOKEN}`,
      `public_token=${PUBLIC_TOKEN}&public_token=x`,
      `public_token=${PUBLIC_TOKEN}&login_redirect_url=%E0%A4%A`,
      `public_token=${PUBLIC_TOKEN}&login_redirect_url=http://[::1`,
      `public_token=${PUBLIC_TOKEN}&custom_scopes=${'s '.repeat(2_000)}`,
      `public_token=${PUBLIC_TOKEN}&provider_prompt=%00&provider_${'x'.repeat(300)}=1`,
      `public_token=${PUBLIC_TOKEN}&code_challenge=${'a'.repeat(5_000)}&code_challenge_method=plain`,
      `public_token=${PUBLIC_TOKEN}&oauth_attach_token=%ud800`,
      'state=%00&code=%ff',
      `state=${'s'.repeat(5_000)}&code=x&error=${'<script>'.repeat(100)}`,
      'state=x&state=y&error=access_denied',
    ];
    const failures: string[] = [];
    for (const path of [
      '/v1/public/oauth/google/start',
      '/v1/public/oauth/%E0%A4%A/start',
      '/v1/public/oauth/__proto__/start',
      '/v1/public/oauth/callback',
    ]) {
      for (const query of queries) {
        for (const method of ['GET', 'POST']) {
          const response = await testProvider.provider.fetch(
            new Request(`http://localhost:8787${path}?${query}`, {
              method,
              headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'latchkey_oauth_binding=%%%' },
              body: method === 'POST' ? query : undefined,
            }),
          );
          const text = await response.text();
          if (response.status >= 500 || /\bat .+:\d+:\d+/.test(text)) {
            failures.push(`${method} ${path}?${query.slice(0, 40)} → ${response.status} ${text.slice(0, 120)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
