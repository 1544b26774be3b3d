import { isIP } from 'node:net';
import type { ProjectConfig } from '../../config';
import { ProviderError } from '../../http/errors';

/** How long a challenge lives (issue 13: five minutes); also the `timeout` the browser is given. */
export const CHALLENGE_LIFETIME_MS = 5 * 60_000;

/** The public-key algorithms offered and accepted: EdDSA, ES256, RS256 (COSE ids), in that order of preference. */
export const SUPPORTED_ALGORITHM_IDS = [-8, -7, -257];

/**
 * The relying-party ids of the project: `project.webauthn.relyingPartyIds`, or else the host names of
 * `allowedOrigins` that are domains (WebAuthn refuses IP addresses as relying-party ids).
 */
export function relyingPartyIds(project: ProjectConfig): string[] {
  if (project.webauthn.relyingPartyIds !== null) return project.webauthn.relyingPartyIds;
  const hosts = project.allowedOrigins.map((origin) => new URL(origin).hostname);
  return [...new Set(hosts.filter((host) => !host.startsWith('[') && isIP(host) === 0))];
}

/** The page origins a ceremony may come from: `project.webauthn.origins`, or else `allowedOrigins`. */
export function webauthnOrigins(project: ProjectConfig): string[] {
  return project.webauthn.origins ?? project.allowedOrigins;
}

/** The relying-party id a start call names (`domain`), if it is one of the project's; else `invalid_webauthn_domain`. */
export function assertRelyingPartyId(project: ProjectConfig, domain: string): string {
  if (!relyingPartyIds(project).includes(domain)) throw new ProviderError('invalid_webauthn_domain');
  return domain;
}
