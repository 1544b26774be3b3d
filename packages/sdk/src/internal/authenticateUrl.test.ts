import { describe, expect, it } from 'vitest';
import { parseAuthenticateUrl, urlWithoutToken } from './authenticateUrl';

describe('parseAuthenticateUrl', () => {
  it.each(['magic_links', 'oauth', 'impersonation', 'login', 'reset_password'] as const)(
    'reads a %s token',
    (tokenType) => {
      expect(parseAuthenticateUrl(`https://app.example.com/auth?stytch_token_type=${tokenType}&token=tok-1`)).toEqual({
        tokenType,
        token: 'tok-1',
      });
    },
  );

  it('reads the parameters in any order, among others, and decodes the token', () => {
    expect(parseAuthenticateUrl('https://app.example.com/a?x=1&token=a%2Bb%3D&stytch_token_type=oauth#top')).toEqual({
      tokenType: 'oauth',
      token: 'a+b=',
    });
  });

  it('works on a relative URL', () => {
    expect(parseAuthenticateUrl('/auth?stytch_token_type=magic_links&token=t')).toEqual({
      tokenType: 'magic_links',
      token: 't',
    });
  });

  it.each([
    ['an unknown type', 'https://a.example/?stytch_token_type=sso&token=t'],
    ['a type in another case', 'https://a.example/?stytch_token_type=OAUTH&token=t'],
    ['no type', 'https://a.example/?token=t'],
    ['no token', 'https://a.example/?stytch_token_type=oauth'],
    ['an empty token', 'https://a.example/?stytch_token_type=oauth&token='],
    ['no query', 'https://a.example/auth'],
    ['the parameters only in the fragment', 'https://a.example/#stytch_token_type=oauth&token=t'],
    ['an empty string', ''],
  ])('answers null for %s', (_case, href) => {
    expect(parseAuthenticateUrl(href)).toBeNull();
  });
});

describe('urlWithoutToken', () => {
  it('removes both parameters and the empty query', () => {
    expect(urlWithoutToken('https://app.example.com/auth?stytch_token_type=oauth&token=tok-1')).toBe(
      'https://app.example.com/auth',
    );
  });

  it('keeps other parameters as written, in order, and the fragment', () => {
    expect(
      urlWithoutToken(
        'https://app.example.com/auth?next=%2Fhome&stytch_token_type=oauth&q=a+b&token=tok-1#section?x=1',
      ),
    ).toBe('https://app.example.com/auth?next=%2Fhome&q=a+b#section?x=1');
  });

  it('keeps the fragment when the query empties', () => {
    expect(urlWithoutToken('https://app.example.com/?token=t&stytch_token_type=oauth#done')).toBe(
      'https://app.example.com/#done',
    );
  });

  it('removes encoded and repeated token parameters, but not look-alikes', () => {
    expect(urlWithoutToken('/a?%74oken=x&token=y&tokens=1&my_token=2&stytch_token_type')).toBe(
      '/a?tokens=1&my_token=2',
    );
  });

  it('leaves a URL without a query, or with a fragment-only token, unchanged', () => {
    expect(urlWithoutToken('https://app.example.com/auth')).toBe('https://app.example.com/auth');
    expect(urlWithoutToken('https://app.example.com/#token=t')).toBe('https://app.example.com/#token=t');
  });

  it('leaves a URL whose query has no token unchanged', () => {
    expect(urlWithoutToken('https://app.example.com/?a=1&b=2#h')).toBe('https://app.example.com/?a=1&b=2#h');
  });
});
