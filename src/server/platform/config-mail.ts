/** The mail settings: SMTP_URL, MAIL_FROM, BOUNCE_ADDRESS, IMAP_* and the newsletter's pace. */
import { bounceAddressFits, MAX_BOUNCE_LOCAL_PART } from './bounce-address';
import { ConfigError, isLoopback, parseEmail } from './config-values';
import { DAY_SECONDS } from '#shared/calendar-days';

/** Hosts whose SMTP traffic never leaves the machine: plain text is allowed there. */
function isLoopbackHost(hostname: string): boolean {
  return isLoopback(hostname.replace(/^\[(.*)\]$/, '$1'));
}

/**
 * SMTP_URL as the mailer uses it. In production mail to another machine travels under TLS
 * (docs/operations.md, "Mail"): `smtps://` as given; `smtp://` must upgrade by STARTTLS
 * (nodemailer's `requireTLS`), and a server that offers none is refused at the first mail
 * rather than sent the password and the mail in plain text. A query that would turn TLS off
 * (`ignoreTLS`, `requireTLS=false`, `secure=false`) or change its checks (`tls.*`) is dropped. A loopback host (a local relay)
 * is taken as given.
 */
const TLS_OFF_KEYS = new Set(['ignoreTLS', 'requireTLS', 'secure']);

export function parseSmtpUrl(raw: string | undefined, production: boolean): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('SMTP_URL must look like smtp://user:pass@host:port');
  }
  if ((url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) {
    throw new ConfigError('SMTP_URL must look like smtp://user:pass@host:port');
  }
  if (!production || isLoopbackHost(url.hostname)) return raw;
  for (const name of [...url.searchParams.keys()]) {
    // nodemailer reads `tls.*` keys as TLS options: `tls.rejectUnauthorized=false` would take
    // the certificate check away and let anyone on the path read the mail.
    if (TLS_OFF_KEYS.has(name) || name.startsWith('tls.')) url.searchParams.delete(name);
  }
  if (url.protocol === 'smtp:') url.searchParams.set('requireTLS', 'true');
  return url.href;
}

/**
 * MAIL_FROM: an address, or a name and an address (`Harbor Lane <dana@example.com>`, the name
 * optionally in double quotes), as a mail program writes a sender.
 */
export function parseMailFrom(raw: string | undefined): { address: string; name: string | null } {
  const value = raw?.trim();
  if (!value) return { address: 'no-reply@localhost', name: null };
  const named = /^(.*?)\s*<([^<>]+)>$/u.exec(value);
  if (!named) return { address: parseEmail('MAIL_FROM', value) ?? value, name: null };
  const name = named[1]!.replace(/^"(.*)"$/u, '$1').trim();
  if (/[\p{Cc}]/u.test(name)) throw new ConfigError('MAIL_FROM must be on one line');
  return { address: parseEmail('MAIL_FROM', named[2]!.trim()) ?? '', name: name || null };
}

/** BOUNCE_ADDRESS: an address whose local part leaves room for the longest VERP token. */
export function parseBounceAddress(raw: string | undefined): string | null {
  const address = parseEmail('BOUNCE_ADDRESS', raw?.trim());
  if (address && !bounceAddressFits(address)) {
    throw new ConfigError(
      `BOUNCE_ADDRESS's part before the @ may have at most ${MAX_BOUNCE_LOCAL_PART} characters`,
    );
  }
  return address;
}

/** A mail a millisecond is past anything an SMTP service takes from one sender. */
const MAX_NEWSLETTER_RATE = 60_000;

export function parseNewsletterRate(raw: string | undefined): number {
  const value = raw?.trim();
  if (!value) return 120;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > MAX_NEWSLETTER_RATE) {
    throw new ConfigError(
      `NEWSLETTER_RATE_PER_MINUTE must be a whole number from 1 to ${MAX_NEWSLETTER_RATE}, got "${value}"`,
    );
  }
  return Number(value);
}

export function parseImapUrl(raw: string | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  const shape = 'IMAP_URL must look like imaps://user:password@host:993/INBOX';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(shape);
  }
  if ((url.protocol !== 'imaps:' && url.protocol !== 'imap:') || !url.hostname || !url.username) {
    throw new ConfigError(shape);
  }
  return value;
}

export function parseImapPollSeconds(raw: string | undefined): number {
  const value = raw?.trim();
  if (!value) return 60;
  if (!/^\d+$/.test(value) || Number(value) < 5 || Number(value) > DAY_SECONDS) {
    throw new ConfigError(
      `IMAP_POLL_SECONDS must be a whole number from 5 to 86400, got "${value}"`,
    );
  }
  return Number(value);
}
