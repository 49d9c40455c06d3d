/**
 * Whether passkeys can work at this page's address, and the sentence that says why not: plain
 * functions, without the WebAuthn library, so the sign-in page decides whether to show its
 * passkey button before that library is loaded (docs/performance.md, "The sign-in page's
 * first load"). ceremony-errors.ts re-exports them for the other screens.
 */

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
