import type { OAuthProvider } from '@latchkey/sdk/contract';
import { describe, expect, it } from 'vitest';
import { OAUTH_PROVIDERS } from './config';
import { PROFILE_SAMPLES } from './profileSamples';
import { type DevelopmentClaims, developmentProfile, mapProfile, type SocialProfile } from './profiles';

/** The upstreams that assert an email as verified (profiles.ts's table); every other one never does. */
const ASSERTS_VERIFIED = new Set<OAuthProvider>([
  'google',
  'apple',
  'github',
  'gitlab',
  'discord',
  'salesforce',
  'slack',
  'bitbucket',
  'linkedin',
  'twitch',
  'yahoo',
]);
const NO_EMAIL = new Set<OAuthProvider>(['twitter', 'tiktok', 'snapchat']);
/** Apple's ID token has no name; the name comes only with the first sign-in's form post. */
const NO_NAME = new Set<OAuthProvider>(['apple']);
/** No picture URL: Apple none, Discord an avatar hash, Amazon none. */
const NO_PICTURE = new Set<OAuthProvider>(['apple', 'discord', 'amazon']);
const CARRIES_LOCALE = new Set<OAuthProvider>([
  'google',
  'gitlab',
  'discord',
  'salesforce',
  'slack',
  'linkedin',
  'yahoo',
]);

const claims = (overrides: Partial<DevelopmentClaims> = {}): DevelopmentClaims => ({
  sub: '1202891990747977',
  email: 'ada@example.com',
  email_verified: true,
  name: 'Ada Lovelace',
  given_name: 'Ada',
  family_name: 'Lovelace',
  picture: 'https://example.com/ada.png',
  locale: 'en-GB',
  ...overrides,
});

function expected(provider: OAuthProvider, from: DevelopmentClaims): SocialProfile {
  return {
    subject: from.sub,
    email: NO_EMAIL.has(provider) ? null : from.email,
    emailVerified: ASSERTS_VERIFIED.has(provider) && from.email_verified,
    name: NO_NAME.has(provider) ? '' : from.name,
    pictureUrl: NO_PICTURE.has(provider) ? '' : (from.picture ?? ''),
    locale: CARRIES_LOCALE.has(provider) ? (from.locale ?? '') : '',
  };
}

describe('developmentProfile → mapProfile', () => {
  it('covers all 19 providers', () => {
    expect(OAUTH_PROVIDERS).toHaveLength(19);
    expect(Object.keys(PROFILE_SAMPLES).sort()).toEqual([...OAUTH_PROVIDERS].sort());
  });

  for (const provider of OAUTH_PROVIDERS) {
    it(`${provider}: a development identity comes back as itself, as far as ${provider}'s answer carries it`, () => {
      for (const identity of [
        claims(),
        claims({ email_verified: false }),
        claims({ sub: 'typed-subject', picture: undefined, locale: undefined, name: 'Grace' }),
      ]) {
        const json = JSON.parse(JSON.stringify(developmentProfile(provider, identity)));
        expect(mapProfile(provider, json)).toEqual(expected(provider, identity));
      }
    });
  }
});

describe('mapProfile on recorded answers', () => {
  for (const provider of OAUTH_PROVIDERS) {
    for (const sample of PROFILE_SAMPLES[provider]) {
      it(`${provider}: ${sample.title}`, () => {
        expect(mapProfile(provider, sample.json)).toEqual(sample.profile);
      });
    }
  }

  it('the development shape of each provider has the recorded shape’s keys', () => {
    for (const provider of OAUTH_PROVIDERS) {
      const recorded = PROFILE_SAMPLES[provider][0]?.json as Record<string, unknown>;
      const development = developmentProfile(provider, claims());
      // The envelope (data, data.user, data.me, the OIDC claims) is the same, so production code reads both.
      for (const key of Object.keys(development)) {
        if (['emails', 'given_name', 'family_name', 'sub_legacy', 'groups', 'locale'].includes(key)) continue;
        expect(Object.keys(recorded), `${provider} has ${key}`).toContain(key);
      }
    }
  });

  it('never reports a verified email without an email', () => {
    expect(mapProfile('google', { sub: '1', email_verified: true }).emailVerified).toBe(false);
    expect(mapProfile('discord', { id: '1', verified: true }).emailVerified).toBe(false);
    expect(mapProfile('github', { id: 1, emails: [{ email: '', primary: true, verified: true }] }).emailVerified).toBe(
      false,
    );
  });

  it('treats an email that is not a plain local@domain as no email, never stored nor verified', () => {
    const listLike = 'x<a@evil.com>.corp.com';
    for (const provider of OAUTH_PROVIDERS) {
      if (NO_EMAIL.has(provider)) continue;
      for (const email of [
        listLike,
        'a@evil.com, b@corp.com',
        'Eve <eve@evil.com>',
        'no-at-sign',
        `${'a'.repeat(250)}@x.co`,
      ]) {
        const json = JSON.parse(JSON.stringify(developmentProfile(provider, claims({ email }))));
        expect(mapProfile(provider, json), `${provider}: ${email}`).toEqual({
          ...expected(provider, claims({ email })),
          email: null,
          emailVerified: false,
        });
      }
    }
    // Where an upstream gives a second address, a bad first one falls back to it, unverified (the Apple form
    // post's `user.email`, GitHub's `/user` email).
    expect(
      mapProfile('apple', { sub: '1', email: listLike, email_verified: 'true', user: { email: 'g@example.com' } }),
    ).toMatchObject({ email: 'g@example.com', emailVerified: false });
    expect(
      mapProfile('github', {
        id: 1,
        email: 'mona@public.example',
        emails: [{ email: listLike, primary: true, verified: true }],
      }),
    ).toMatchObject({ email: 'mona@public.example', emailVerified: false });
    expect(mapProfile('google', { sub: '1', email: listLike, email_verified: true })).toMatchObject({
      email: null,
      emailVerified: false,
    });
  });

  it('refuses an answer without a user id', () => {
    for (const json of [null, 'text', [], {}, { email: 'a@example.com' }, { data: {} }]) {
      for (const provider of OAUTH_PROVIDERS) expect(() => mapProfile(provider, json)).toThrow(/no user id/);
    }
  });

  it('reads JSON numbers as ids and ignores other values of the wrong type', () => {
    expect(mapProfile('github', { id: 42, name: { first: 'x' }, avatar_url: 7 })).toEqual({
      subject: '42',
      email: null,
      emailVerified: false,
      name: '',
      pictureUrl: '',
      locale: '',
    });
  });
});
