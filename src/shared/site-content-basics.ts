/**
 * The parts of the site content's rules that the public pages need too: plain functions and
 * constants without zod, so that reading them adds no validation code to the visitors'
 * JavaScript (the schema itself is in site-content.ts).
 */
import type { SiteContent } from './site-content';

export type LegalPageKey = keyof SiteContent['legal'];

/** The hosts whose players the demo section may frame (the CSP's frame-src follows). */
export const VIDEO_EMBED_PREFIXES = [
  'https://www.youtube-nocookie.com/embed/',
  'https://www.youtube.com/embed/',
  'https://player.vimeo.com/video/',
] as const;

/** True for an absolute http(s) address with a host. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** True for an embed address of one of the allowed video hosts (or empty: no video). */
export function isVideoEmbedUrl(value: string): boolean {
  if (value === '') return true;
  if (!isWebAddress(value)) return false;
  const url = new URL(value);
  const rest = `${url.origin}${url.pathname}`;
  return VIDEO_EMBED_PREFIXES.some(
    (prefix) => rest.startsWith(prefix) && /^[\w-]{1,64}$/.test(rest.slice(prefix.length)),
  );
}

/** The origin the CSP's frame-src allows for this embed address, or null without a video. */
export function videoFrameOrigin(embedUrl: string): string | null {
  return embedUrl && isVideoEmbedUrl(embedUrl) ? new URL(embedUrl).origin : null;
}

/** The four legal pages: their content key, address and the footer's label, in footer order. */
export const LEGAL_PAGES: readonly { key: LegalPageKey; path: string; label: string }[] = [
  { key: 'terms', path: '/terms', label: 'Terms of Service' },
  { key: 'privacy', path: '/privacy', label: 'Privacy Policy' },
  { key: 'cookies', path: '/cookies', label: 'Cookie Policy' },
  { key: 'responsibleAi', path: '/responsible-ai', label: 'Responsible AI' },
];

/** The `tel:` address of a phone number as written for people. */
export function phoneHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits.startsWith('+') ? '+' : ''}${digits.replace(/\+/g, '')}`;
}
