// The session-exchange part of the configuration (`project.trustedAuthTokens`), as parseConfig reads it.
import { describe, expect, it } from 'vitest';
import { configProblem as problem } from '../../../test/configProblem';
import { parseConfig } from '../../config';

describe('parseConfig: project.trustedAuthTokens', () => {
  const profile = { profileId: 'partner', issuer: 'https://partner.example', audience: 'latchkey' };
  const PEM = '-----BEGIN PUBLIC KEY-----\nMFkw...\n-----END PUBLIC KEY-----';

  it('takes a trusted auth token profile with exactly one of jwksUrl and publicKeyPem', () => {
    expect(
      parseConfig({ project: { trustedAuthTokens: [{ ...profile, jwksUrl: 'https://partner.example/jwks' }] } }).project
        .trustedAuthTokens,
    ).toEqual([{ ...profile, jwksUrl: 'https://partner.example/jwks', emailClaim: 'email' }]);
    expect(
      parseConfig({ project: { trustedAuthTokens: [{ ...profile, publicKeyPem: PEM, emailClaim: 'mail' }] } }).project
        .trustedAuthTokens,
    ).toEqual([{ ...profile, publicKeyPem: PEM, emailClaim: 'mail' }]);
  });

  it('refuses a trusted auth token profile with neither or both of jwksUrl and publicKeyPem', () => {
    const expected =
      'Invalid Latchkey provider configuration:\n  project.trustedAuthTokens.1: give exactly one of jwksUrl and publicKeyPem';
    const good = { ...profile, profileId: 'good', publicKeyPem: PEM };
    expect(problem({ project: { trustedAuthTokens: [good, profile] } })).toBe(expected);
    expect(
      problem({
        project: {
          trustedAuthTokens: [good, { ...profile, jwksUrl: 'https://partner.example/jwks', publicKeyPem: PEM }],
        },
      }),
    ).toBe(expected);
  });
});
