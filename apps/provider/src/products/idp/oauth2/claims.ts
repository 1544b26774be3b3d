// The user's claims each scope releases (OpenID Connect Core §5.4), for the ID token and the UserInfo answer.
import type { User } from '@latchkey/sdk/contract';

/** The claims this provider can release (the discovery document's `claims_supported`). */
export const SUPPORTED_CLAIMS = [
  'sub',
  'iss',
  'aud',
  'exp',
  'iat',
  'auth_time',
  'nonce',
  'at_hash',
  'sid',
  'email',
  'email_verified',
  'name',
  'given_name',
  'family_name',
  'phone_number',
  'phone_number_verified',
] as const;

/** The verified entry of a list if there is one, else the first (the oldest: loadUser lists them by creation). */
function preferVerified<T extends { verified: boolean }>(entries: T[]): T | undefined {
  return entries.find((entry) => entry.verified) ?? entries[0];
}

/**
 * The claims `scopes` release for `user` (OpenID Connect Core §5.4): `email` → email, email_verified; `profile` → name,
 * given_name, family_name; `phone` → phone_number, phone_number_verified. OpenID Connect Core §5.3.2: a claim without
 * a value is omitted, never sent as null or an empty string.
 */
export function scopeClaims(user: User, scopes: ReadonlySet<string>): Record<string, string | boolean> {
  const claims: Record<string, string | boolean> = {};
  if (scopes.has('email')) {
    const email = preferVerified(user.emails);
    if (email) {
      claims.email = email.email;
      claims.email_verified = email.verified;
    }
  }
  if (scopes.has('profile')) {
    const { first_name, middle_name, last_name } = user.name;
    const name = [first_name, middle_name, last_name].filter((part) => part !== '').join(' ');
    if (name !== '') claims.name = name;
    if (first_name !== '') claims.given_name = first_name;
    if (last_name !== '') claims.family_name = last_name;
  }
  if (scopes.has('phone')) {
    const phone = preferVerified(user.phone_numbers);
    if (phone) {
      // OpenID Connect Core §5.1: phone_number in E.164, which is how Latchkey stores it.
      claims.phone_number = phone.phone_number;
      claims.phone_number_verified = phone.verified;
    }
  }
  return claims;
}
