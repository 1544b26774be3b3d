import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { decodeAttestationObject } from '@simplewebauthn/server/helpers';
import { z } from 'zod';
import { exceedsJsonDepth } from '../../http/context';
import { ProviderError } from '../../http/errors';

/** The longest `public_key_credential` text accepted (a credential with a long attestation is a few KiB). */
export const MAX_CREDENTIAL_CHARS = 64 * 1024;

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/);

/** Credential ids are at most 1023 bytes (WebAuthn §5.8.3). */
export const MAX_CREDENTIAL_ID_BYTES = 1023;
/** A credential id as the client sends it: at most 1023 bytes, 1364 base64url characters. */
const credentialId = base64url(Math.ceil((MAX_CREDENTIAL_ID_BYTES * 4) / 3)).min(1);
const clientDataJSON = base64url(16 * 1024).min(1);

const common = {
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).nullish(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
};

const registrationSchema = z.object({
  ...common,
  response: z.object({
    clientDataJSON,
    attestationObject: base64url(48 * 1024).min(1),
    transports: z.array(z.string().max(32)).max(16).optional(),
  }),
});

const assertionSchema = z.object({
  ...common,
  response: z.object({
    clientDataJSON,
    authenticatorData: base64url(16 * 1024).min(1),
    signature: base64url(4 * 1024).min(1),
    userHandle: base64url(128).nullish(),
  }),
});

const clientDataSchema = z.object({
  type: z.string(),
  challenge: base64url(1024).min(1),
  origin: z.string(),
  crossOrigin: z.unknown().optional(),
  topOrigin: z.unknown().optional(),
});

/** A credential as the browser library returned it, and the challenge its client data names. */
export interface ParsedCredential<T> {
  credential: T;
  /** The challenge the authenticator signed over (base64url), read from `clientDataJSON`. */
  challenge: string;
  /**
   * Whether the client data says the ceremony ran in a frame that is not same-origin with its ancestors:
   * `crossOrigin` anything but absent or `false`, or a `topOrigin` present (WebAuthn L3 §5.8.1).
   */
  crossOrigin: boolean;
}

function parseCredential<T>(text: string, schema: z.ZodType): ParsedCredential<T> {
  if (exceedsJsonDepth(text)) throw new ProviderError('invalid_public_key_credential');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ProviderError('invalid_public_key_credential');
  }
  const result = schema.safeParse(json);
  if (!result.success) throw new ProviderError('invalid_public_key_credential');
  const credential = result.data as T & { response: { clientDataJSON: string } };
  let clientData: unknown;
  try {
    clientData = JSON.parse(Buffer.from(credential.response.clientDataJSON, 'base64url').toString('utf8'));
  } catch {
    throw new ProviderError('invalid_public_key_credential');
  }
  const parsed = clientDataSchema.safeParse(clientData);
  if (!parsed.success) throw new ProviderError('invalid_public_key_credential');
  const { challenge, crossOrigin, topOrigin } = parsed.data;
  return {
    credential,
    challenge,
    crossOrigin: (crossOrigin !== undefined && crossOrigin !== false) || topOrigin !== undefined,
  };
}

/**
 * The attestation statement formats a registration may carry (WebAuthn L3 §8): `none`, which registration asks for
 * (`attestationType: 'none'`), and `packed` (self attestation, which some authenticators send anyway). Nothing relies
 * on attestation. The others are refused before anything is verified: `@simplewebauthn/server` checks an
 * `android-key` chain against the last certificate the client itself supplies and then fetches every revocation-list
 * URL its leaf names, so any signed-in user could make the provider request a URL of their choice (an internal
 * address, a metadata endpoint) and hold a database transaction open while it answers.
 */
const ACCEPTED_ATTESTATION_FORMATS: ReadonlySet<string> = new Set(['none', 'packed']);

/** The refusal of a registration whose attestation statement has another format. */
const ATTESTATION_REFUSED =
  'The passkey could not be registered: its attestation statement format is not accepted (only none and packed are).';

/** The `public_key_credential` of `webauthn/register`: the JSON text of a new credential. */
export function parseRegistrationCredential(text: string): ParsedCredential<RegistrationResponseJSON> {
  const parsed = parseCredential<RegistrationResponseJSON>(text, registrationSchema);
  let format: unknown;
  try {
    format = decodeAttestationObject(Buffer.from(parsed.credential.response.attestationObject, 'base64url')).get('fmt');
  } catch {
    // Not an attestation object at all: refused by the verification, as it always was (no format to act on).
    return parsed;
  }
  if (typeof format !== 'string' || !ACCEPTED_ATTESTATION_FORMATS.has(format)) {
    throw new ProviderError('unable_to_register_webauthn', { message: ATTESTATION_REFUSED });
  }
  return parsed;
}

/** The `public_key_credential` of `webauthn/authenticate`: the JSON text of an assertion. */
export function parseAssertionCredential(text: string): ParsedCredential<AuthenticationResponseJSON> {
  return parseCredential<AuthenticationResponseJSON>(text, assertionSchema);
}
