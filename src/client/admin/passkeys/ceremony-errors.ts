import { WebAuthnError } from '@simplewebauthn/browser';
import { errorMessage } from '../ui/errors';
import { wrongAddressNote, type PageAddress } from './passkey-address';

export { passkeysWorkAt, wrongAddressNote, type PageAddress } from './passkey-address';

/**
 * What the browser's passkey ceremony ended with, for the sentence a person sees. A person
 * who closes the browser's dialog (NotAllowedError, also its timeout) did nothing wrong: that
 * is a calm note, not an error. An aborted ceremony (another one started, the page left) says
 * nothing at all.
 */
export type CeremonyOutcome =
  | { kind: 'aborted' }
  | { kind: 'cancelled' }
  | { kind: 'alreadyRegistered' }
  /** `wrongAddress`: the browser refuses passkeys at this address; trying again cannot help. */
  | { kind: 'failed'; message: string; wrongAddress?: true };

export function ceremonyOutcome(
  error: unknown,
  location: PageAddress = globalThis.location,
): CeremonyOutcome {
  if (error instanceof WebAuthnError) {
    if (error.code === 'ERROR_CEREMONY_ABORTED') return { kind: 'aborted' };
    // The library's own text ("127.0.0.1 is an invalid domain") means nothing to the owner.
    if (error.code === 'ERROR_INVALID_DOMAIN' || error.code === 'ERROR_INVALID_RP_ID') {
      return { kind: 'failed', message: wrongAddressNote(location), wrongAddress: true };
    }
    if (error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
      return { kind: 'alreadyRegistered' };
    }
  }
  if (error instanceof Error) {
    if (error.name === 'AbortError') return { kind: 'aborted' };
    if (error.name === 'NotAllowedError') return { kind: 'cancelled' };
    if (error.name === 'InvalidStateError') return { kind: 'alreadyRegistered' };
    // The browser refusing this address for passkeys (the RP ID).
    if (error.name === 'SecurityError') {
      return { kind: 'failed', message: wrongAddressNote(location), wrongAddress: true };
    }
  }
  return { kind: 'failed', message: errorMessage(error) };
}
