/**
 * A software passkey authenticator for in-process tests: an ES256 key from node:crypto,
 * "none" attestation in CBOR, authenticator data with the RP ID hash, flags and counter, and
 * assertions signed here, as a browser plus platform authenticator would answer
 * navigator.credentials.create() and .get().
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export interface CeremonyTweaks {
  /** The page's origin the browser reports; the site's own by default. */
  origin?: string;
  /** The RP ID hashed into the authenticator data; the origin's host by default. */
  rpId?: string;
  /** Whether the user was verified (UV flag); true by default. */
  verified?: boolean;
  /** The signature counter to report; the authenticator's next one by default. */
  counter?: number;
  /** Sign with this key instead of the credential's (a forged assertion). */
  signingKey?: KeyObject;
  /** The user handle an assertion returns; null sends none. The registered one by default. */
  userHandle?: string | null;
}

export interface SoftwareAuthenticator {
  credentialId: string;
  /** The user handle stored with the credential (set when it is registered). */
  userHandle: string | null;
  /** The counter of the last ceremony. */
  counter: number;
  register(
    options: PublicKeyCredentialCreationOptionsJSON,
    tweaks?: CeremonyTweaks,
  ): RegistrationResponseJSON;
  assert(
    options: PublicKeyCredentialRequestOptionsJSON,
    tweaks?: CeremonyTweaks,
  ): AuthenticationResponseJSON;
}

/** A fresh key pair, e.g. to forge a signature the stored public key does not match. */
export function otherKey(): KeyObject {
  return generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
}

/**
 * An authenticator holding one credential. `counts`: false for an authenticator without a
 * signature counter (always 0, as many platform passkeys do); `idBytes`: the credential id's
 * length (16 by default; WebAuthn allows up to 1023).
 */
export function softwareAuthenticator(
  siteOrigin: string,
  { counts = true, idBytes = 16 }: { counts?: boolean; idBytes?: number } = {},
): SoftwareAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const coseKey = new Map<number, number | Uint8Array>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, Buffer.from(jwk.x ?? '', 'base64url')],
    [-3, Buffer.from(jwk.y ?? '', 'base64url')],
  ]);
  const credentialId = randomBytes(idBytes);

  function authData(rpId: string, flags: number, counter: number, attested?: Uint8Array) {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, attested ?? Buffer.alloc(0)]);
  }

  function clientData(type: string, challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  const nextCounter = (tweaks: CeremonyTweaks) =>
    tweaks.counter ?? (counts ? authenticator.counter + 1 : 0);

  const authenticator: SoftwareAuthenticator = {
    credentialId: b64url(credentialId),
    userHandle: null,
    counter: 0,
    register(options, tweaks = {}) {
      const origin = tweaks.origin ?? siteOrigin;
      const rpId = tweaks.rpId ?? options.rp.id ?? new URL(origin).hostname;
      const counter = nextCounter(tweaks);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([
        Buffer.alloc(16), // AAGUID: none
        idLength,
        credentialId,
        Buffer.from(isoCBOR.encode(coseKey)),
      ]);
      const flags = UP | AT | (tweaks.verified === false ? 0 : UV);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData(rpId, flags, counter, attested)],
        ]) as Parameters<typeof isoCBOR.encode>[0],
      );
      authenticator.counter = counter;
      authenticator.userHandle = options.user.id;
      return {
        id: authenticator.credentialId,
        rawId: authenticator.credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    assert(options, tweaks = {}) {
      const origin = tweaks.origin ?? siteOrigin;
      const rpId = tweaks.rpId ?? options.rpId ?? new URL(origin).hostname;
      const counter = nextCounter(tweaks);
      const flags = UP | (tweaks.verified === false ? 0 : UV);
      const data = authData(rpId, flags, counter);
      const client = clientData('webauthn.get', options.challenge, origin);
      const signature = sign(
        'sha256',
        Buffer.concat([data, sha256(client)]),
        tweaks.signingKey ?? privateKey,
      );
      authenticator.counter = Math.max(authenticator.counter, counter);
      const userHandle =
        tweaks.userHandle === undefined ? authenticator.userHandle : tweaks.userHandle;
      return {
        id: authenticator.credentialId,
        rawId: authenticator.credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(client),
          authenticatorData: b64url(data),
          signature: b64url(signature),
          ...(userHandle === null ? {} : { userHandle }),
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
  return authenticator;
}
