import { WebAuthnError } from '@simplewebauthn/browser';
import { errorMessage } from '../errors';

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
  | { kind: 'failed'; message: string };

export function ceremonyOutcome(error: unknown): CeremonyOutcome {
  if (error instanceof WebAuthnError) {
    if (error.code === 'ERROR_CEREMONY_ABORTED') return { kind: 'aborted' };
    if (error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
      return { kind: 'alreadyRegistered' };
    }
  }
  if (error instanceof Error) {
    if (error.name === 'AbortError') return { kind: 'aborted' };
    if (error.name === 'NotAllowedError') return { kind: 'cancelled' };
    if (error.name === 'InvalidStateError') return { kind: 'alreadyRegistered' };
  }
  return { kind: 'failed', message: errorMessage(error) };
}
