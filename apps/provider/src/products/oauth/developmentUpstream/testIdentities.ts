import { createHash } from 'node:crypto';
import { OAUTH_PROVIDERS, type OAuthProvider } from '../config';
import type { DevelopmentClaims } from '../profiles';

/** Who signs in at the development upstream: typed on its identity page, or one of TEST_IDENTITIES. */
export interface DevelopmentIdentity {
  email: string;
  name?: string;
  /** Whether the upstream asserts the email as verified (default true). */
  emailVerified?: boolean;
  /** The subject the upstream answers; default a stable number derived from the email. */
  subject?: string;
  picture?: string;
  locale?: string;
}

/** The identities the identity page and the One Tap stand-in offer as one-click buttons. */
export const TEST_IDENTITIES: readonly Required<Pick<DevelopmentIdentity, 'email' | 'name' | 'emailVerified'>>[] = [
  { email: 'ada@example.com', name: 'Ada Lovelace', emailVerified: true },
  { email: 'grace@example.com', name: 'Grace Hopper', emailVerified: true },
  { email: 'katherine@example.com', name: 'Katherine Johnson', emailVerified: true },
  { email: 'alan@example.com', name: 'Alan Turing', emailVerified: false },
];

/** Is `value` one of the 19 providers? */
export function isOAuthProvider(value: string): value is OAuthProvider {
  return (OAUTH_PROVIDERS as readonly string[]).includes(value);
}

/**
 * A subject derived from the email alone, so the same test identity is the same upstream account across restarts
 * (a development database outlives the process). Numeric and below 2^53, so upstreams whose ids are JSON numbers
 * (GitHub, Facebook's app-scoped ids) can carry it exactly.
 */
export function subjectForEmail(email: string): string {
  const digest = createHash('sha256').update(`latchkey-dev:${email.trim().toLowerCase()}`).digest();
  return String(10 ** 15 + digest.readUIntBE(0, 6));
}

/** The OpenID Connect claims of an identity, with its defaults filled in. */
export function identityClaims(identity: DevelopmentIdentity): DevelopmentClaims {
  const email = identity.email.trim();
  const name = identity.name?.trim() || defaultName(email);
  const [givenName, ...rest] = name.split(/\s+/);
  return {
    sub: identity.subject?.trim() || subjectForEmail(email),
    email,
    email_verified: identity.emailVerified ?? true,
    name,
    given_name: givenName ?? name,
    family_name: rest.join(' '),
    ...(identity.picture ? { picture: identity.picture } : {}),
    ...(identity.locale ? { locale: identity.locale } : {}),
  };
}

/** `ada.lovelace@example.com` → `Ada Lovelace`. */
function defaultName(email: string): string {
  const local = email.split('@')[0] ?? email;
  return local
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join(' ');
}
