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

/** The parts of the page's address the note needs (`window.location`). */
export type PageAddress = Pick<Location, 'hostname' | 'port' | 'protocol'>;

/** An IPv4 address, or an IPv6 one (which `location.hostname` keeps in brackets). */
function isIpAddress(hostname: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.includes(':');
}

const LOOPBACK = /^(127(\.\d{1,3}){3}|\[::1\])$/;

/**
 * Browsers tie a passkey to the site's name and refuse one on an IP address (docs/passkeys.md):
 * `npm start` prints http://127.0.0.1:3000, where passkeys cannot work. The login page hides
 * its passkey button there and says this instead.
 */
export function passkeysWorkAt(location: PageAddress = globalThis.location): boolean {
  return !isIpAddress(location.hostname);
}

/**
 * One plain sentence for the owner when passkeys cannot work at this address: on this
 * computer's own address, the same site under the name "localhost"; elsewhere, its name.
 */
export function wrongAddressNote(location: PageAddress): string {
  const { hostname, port, protocol } = location;
  if (!isIpAddress(hostname)) {
    return 'Passkeys work only on the address the site was set up with (SITE_URL): open the site there.';
  }
  const shown = hostname.replace(/^\[|\]$/g, '');
  if (LOOPBACK.test(hostname)) {
    const local = `${protocol}//localhost${port ? `:${port}` : ''}`;
    return `Passkeys work on the site’s name, not on a number address like ${shown}: open ${local} instead.`;
  }
  return `Passkeys work on the site’s name, not on a number address like ${shown}: open the site by its name (SITE_URL).`;
}
