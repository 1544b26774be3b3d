// The session exchange's configuration section (`project.trustedAuthTokens`), declared by its descriptor
// (products/sessionExchange/descriptor.ts) and merged into the project's by config.ts.
import { z } from 'zod';
import type { ParsedConfig } from '../descriptor';

/** A trusted issuer whose JWTs `sessions/attest` exchanges for a session (one profile per `profileId`). */
const trustedAuthToken = z.strictObject({
  profileId: z.string().min(1).max(128),
  /** The `iss` the token must carry. */
  issuer: z.string().min(1),
  /** The `aud` the token must carry. */
  audience: z.string().min(1),
  /** Where the issuer's keys are published (one of `jwksUrl` and `publicKeyPem`). */
  jwksUrl: z.string().url().optional(),
  /** The issuer's public key (SPKI PEM). */
  publicKeyPem: z.string().optional(),
  /** The claim holding the user's email address. */
  emailClaim: z.string().min(1).default('email'),
});

/** `project.trustedAuthTokens`: issuers whose JWTs `sessions/attest` accepts. */
export const sessionExchangeProjectConfig = { trustedAuthTokens: z.array(trustedAuthToken).default([]) };

/** The check zod cannot make: exactly one of a key set URL and a public key per profile. */
export function checkSessionExchangeConfig(config: ParsedConfig): void {
  const profiles = config.project.trustedAuthTokens as z.infer<typeof trustedAuthToken>[];
  for (const [index, profile] of profiles.entries()) {
    if ((profile.jwksUrl === undefined) === (profile.publicKeyPem === undefined)) {
      throw new Error(
        `Invalid Latchkey provider configuration:\n  project.trustedAuthTokens.${index}: give exactly one of jwksUrl and publicKeyPem`,
      );
    }
  }
}
