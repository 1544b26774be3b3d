// A software authenticator for tests: real WebAuthn ceremonies without a browser. It makes ES256 (P-256) key
// pairs with node:crypto, builds authenticatorData, clientDataJSON and a 'none' attestation object (CBOR through
// @simplewebauthn/server's own encoder), and signs assertions, so the provider verifies exactly what a browser and
// a platform authenticator would send. Tweaks let a test send what a broken or hostile client would.
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import type { LatchkeyEnvironment } from '@latchkey/sdk';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/** The part of `@simplewebauthn/browser` the SDK loads through `environment.loadWebAuthn`. */
export type WebAuthnLibrary = Awaited<ReturnType<LatchkeyEnvironment['loadWebAuthn']>>;

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

/** One credential the authenticator holds. */
export interface SoftCredential {
  /** base64url */
  id: string;
  rpId: string;
  /** base64url of the `user.id` it was created for. */
  userHandle: string;
  privateKey: KeyObject;
  cosePublicKey: Uint8Array;
  signCount: number;
  discoverable: boolean;
}

/** What a test may change about one ceremony, to send what a broken or hostile client would. */
export interface CeremonyTweaks {
  /** `clientDataJSON.origin` (default: the authenticator's origin). */
  origin?: string;
  /** The relying-party id hashed into authenticatorData (default: the options' id). */
  rpId?: string;
  /** `clientDataJSON.type` (default `webauthn.create` / `webauthn.get`). */
  type?: string;
  /** `clientDataJSON.challenge` (default: the options' challenge). */
  challenge?: string;
  userPresent?: boolean;
  /** Whether the user-verified flag is set (default: the authenticator's `userVerification`). */
  userVerified?: boolean;
  /** Assertion: the counter to report instead of the next one (a cloned authenticator). */
  signCount?: number;
  /** Assertion: the credential to use (default: the first allowed one, or the newest discoverable one). */
  credential?: SoftCredential;
  /** Assertion: the user handle to report (default: the credential's, for a discoverable credential). */
  userHandle?: string | null;
  /** Assertion: sign something else, so the signature does not verify. */
  badSignature?: boolean;
  /** `clientDataJSON.crossOrigin` and `topOrigin`: a ceremony run in a frame (default: not framed). */
  framing?: { crossOrigin: boolean; topOrigin?: string };
  /** Registration: make the new credential with this one's id and key (a synced passkey registered twice). */
  reuse?: SoftCredential;
  /** Registration: the attestation statement format written (default `none`, with an empty statement). */
  attestationFormat?: string;
}

// CBOR's encoder recognises byte strings by `instanceof Uint8Array`: under jsdom (the hooks' and kits' tests) the
// global Uint8Array is not the one Node's Buffer extends, so bytes are copied into the global kind before encoding.
const bytes = (data: Uint8Array) => new Uint8Array(data);
const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

function uint32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value >>> 0);
  return buffer;
}

/** The COSE_Key (RFC 9053) of a P-256 public key: kty EC2, alg ES256, crv P-256, x, y. */
function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, bytes(Buffer.from(jwk.x as string, 'base64url'))],
      [-3, bytes(Buffer.from(jwk.y as string, 'base64url'))],
    ]),
  );
}

function domException(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];
  /** Every ceremony the SDK ran through `library()`, in order. */
  readonly calls: { method: 'startRegistration' | 'startAuthentication'; options: unknown; autofill?: boolean }[] = [];

  /**
   * `origin`: the page the ceremonies run on. `userVerification`: whether the authenticator verifies the user
   * (a platform authenticator does; a security key without a PIN does not). `counter`: whether it keeps a
   * signature counter (synced passkeys report 0).
   */
  constructor(readonly settings: { origin: string; userVerification?: boolean; counter?: boolean }) {}

  private clientData(type: string, challenge: string, tweaks: CeremonyTweaks): Buffer {
    return Buffer.from(
      JSON.stringify({
        type: tweaks.type ?? type,
        challenge: tweaks.challenge ?? challenge,
        origin: tweaks.origin ?? this.settings.origin,
        crossOrigin: false,
        ...tweaks.framing,
      }),
    );
  }

  private flags(tweaks: CeremonyTweaks, extra = 0): number {
    const present = tweaks.userPresent ?? true;
    const verified = tweaks.userVerified ?? this.settings.userVerification ?? true;
    return (present ? FLAG_USER_PRESENT : 0) | (verified ? FLAG_USER_VERIFIED : 0) | extra;
  }

  /** `navigator.credentials.create()`: a new credential for the options' relying party and user. */
  async create(
    options: PublicKeyCredentialCreationOptionsJSON,
    tweaks: CeremonyTweaks = {},
  ): Promise<RegistrationResponseJSON> {
    const rpId = options.rp.id ?? new URL(this.settings.origin).hostname;
    const excluded = new Set((options.excludeCredentials ?? []).map((item) => item.id));
    if (!tweaks.reuse && this.credentials.some((item) => item.rpId === rpId && excluded.has(item.id))) {
      throw domException('InvalidStateError', 'The authenticator was previously registered');
    }
    let credential: SoftCredential;
    if (tweaks.reuse) {
      credential = { ...tweaks.reuse, userHandle: options.user.id };
    } else {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      credential = {
        id: b64url(randomBytes(32)),
        rpId,
        userHandle: options.user.id,
        privateKey,
        cosePublicKey: coseKey(publicKey),
        signCount: 0,
        discoverable: options.authenticatorSelection?.residentKey !== 'discouraged',
      };
    }
    const idBytes = Buffer.from(credential.id, 'base64url');
    const authData = Buffer.concat([
      sha256(tweaks.rpId ?? rpId),
      Buffer.from([this.flags(tweaks, FLAG_ATTESTED_CREDENTIAL)]),
      uint32(credential.signCount),
      Buffer.alloc(16), // AAGUID: zeros, as a 'none' attestation may give
      Buffer.from([idBytes.length >> 8, idBytes.length & 0xff]),
      idBytes,
      Buffer.from(credential.cosePublicKey),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', tweaks.attestationFormat ?? 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', bytes(authData)],
      ]),
    );
    this.credentials.push(credential);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, tweaks)),
        attestationObject: b64url(attestationObject),
        transports: ['internal', 'hybrid'],
      },
      clientExtensionResults: {},
    };
  }

  /** The credential `navigator.credentials.get()` would pick for these options. */
  pick(options: PublicKeyCredentialRequestOptionsJSON): SoftCredential {
    const rpId = options.rpId ?? new URL(this.settings.origin).hostname;
    const allowed = (options.allowCredentials ?? []).map((item) => item.id);
    const candidates = this.credentials.filter(
      (item) => item.rpId === rpId && (allowed.length > 0 ? allowed.includes(item.id) : item.discoverable),
    );
    const chosen = allowed.length > 0 ? candidates[0] : candidates.at(-1);
    if (!chosen) throw domException('NotAllowedError', 'No credential of this authenticator is allowed');
    return chosen;
  }

  /** `navigator.credentials.get()`: an assertion over the options' challenge, raising the counter. */
  async get(
    options: PublicKeyCredentialRequestOptionsJSON,
    tweaks: CeremonyTweaks = {},
  ): Promise<AuthenticationResponseJSON> {
    const credential = tweaks.credential ?? this.pick(options);
    const rpId = options.rpId ?? new URL(this.settings.origin).hostname;
    if (tweaks.signCount === undefined && this.settings.counter !== false) credential.signCount += 1;
    const authData = Buffer.concat([
      sha256(tweaks.rpId ?? rpId),
      Buffer.from([this.flags(tweaks)]),
      uint32(tweaks.signCount ?? (this.settings.counter === false ? 0 : credential.signCount)),
    ]);
    const clientData = this.clientData('webauthn.get', options.challenge, tweaks);
    const signed = Buffer.concat([authData, sha256(tweaks.badSignature ? Buffer.from('forged') : clientData)]);
    const userHandle =
      tweaks.userHandle === undefined
        ? credential.discoverable
          ? credential.userHandle
          : undefined
        : tweaks.userHandle;
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        // ECDSA signatures in WebAuthn are ASN.1 DER, which is what node:crypto gives by default.
        signature: b64url(sign('sha256', signed, credential.privateKey)),
        ...(userHandle === null || userHandle === undefined ? {} : { userHandle }),
      },
      clientExtensionResults: {},
    };
  }

  /**
   * A stand-in for `@simplewebauthn/browser` that runs the ceremonies on this authenticator, each with `tweaks`
   * (what a broken or hostile client would send).
   */
  library(tweaks: { create?: CeremonyTweaks; get?: CeremonyTweaks } = {}): WebAuthnLibrary {
    const library = {
      startRegistration: async ({ optionsJSON }: { optionsJSON: PublicKeyCredentialCreationOptionsJSON }) => {
        this.calls.push({ method: 'startRegistration', options: optionsJSON });
        return this.create(optionsJSON, tweaks.create);
      },
      startAuthentication: async ({
        optionsJSON,
        useBrowserAutofill,
      }: {
        optionsJSON: PublicKeyCredentialRequestOptionsJSON;
        useBrowserAutofill?: boolean;
      }) => {
        this.calls.push({ method: 'startAuthentication', options: optionsJSON, autofill: useBrowserAutofill });
        return this.get(optionsJSON, tweaks.get);
      },
      browserSupportsWebAuthnAutofill: async () => true,
      browserSupportsWebAuthn: () => true,
      WebAuthnAbortService: {
        createNewAbortSignal: () => new AbortController().signal,
        cancelCeremony: () => {},
      },
    };
    // The browser library's JSON types spell a few unions differently from the server's; the shapes are the same.
    return library as unknown as WebAuthnLibrary;
  }
}
