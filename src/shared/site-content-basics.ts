/**
 * The parts of the site content's rules that the public pages need too: plain functions and
 * constants without zod, so that reading them adds no validation code to the visitors'
 * JavaScript (the schema itself is in site-content.ts).
 */
import type { SiteContent } from './site-content';

/**
 * The About section's button: fixed words, not part of Content; named once here so that the
 * Overview's Events table calls the button what the page shows.
 */
export const aboutButtonText = 'Get in Touch';

export type LegalPageKey = keyof SiteContent['legal'];

/**
 * What the home page's "See AI in Action" shows: the demo video that comes with the site
 * (served by the site itself, public/media/), a YouTube or Vimeo video, or nothing.
 */
export const VIDEO_SOURCES = ['demo', 'embed', 'none'] as const;
export type VideoSource = (typeof VIDEO_SOURCES)[number];

/** True for an absolute http(s) address with a host. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com']);
const YOUTUBE_ID = /^[\w-]{1,64}$/;
const VIMEO_ID = /^\d{1,20}$/;

/** YouTube's `t=1m30s`, `t=90s` or `t=90` (and `start=90`) in seconds; 0 when absent or odd. */
function startSeconds(params: URLSearchParams): number {
  const value = params.get('start') ?? params.get('t') ?? '';
  const match = value.match(/^(?:(\d{1,2})h)?(?:(\d{1,4})m)?(?:(\d{1,6})s?)?$/);
  if (!match) return 0;
  const [, h = '0', m = '0', s = '0'] = match;
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
}

/**
 * The player address for a YouTube or Vimeo video, from any of the addresses people copy:
 * `youtube.com/watch?v=ID` (a start time `&t=42s` kept), `youtu.be/ID`, `youtube.com/embed/ID`,
 * `youtube-nocookie.com/embed/ID`, `vimeo.com/ID` (an unlisted video's `/HASH` kept) and
 * `player.vimeo.com/video/ID`. YouTube's is always the privacy-enhanced host
 * (youtube-nocookie.com), which sets no cookie before the visitor plays. Null for anything
 * else: another host, another scheme, no video id. One rule for the form and the server.
 */
export function videoEmbedAddress(input: string): string | null {
  const text = input.trim();
  if (text === '') return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z\d+.-]*:/i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter((segment) => segment !== '');

  let youtubeId: string | undefined;
  if (host === 'youtu.be' && segments.length === 1) youtubeId = segments[0];
  else if (YOUTUBE_HOSTS.has(host)) {
    if (segments.length === 1 && segments[0] === 'watch')
      youtubeId = url.searchParams.get('v') ?? '';
    else if (segments.length === 2 && segments[0] === 'embed') youtubeId = segments[1];
  }
  if (youtubeId !== undefined) {
    if (!YOUTUBE_ID.test(youtubeId)) return null;
    const start = startSeconds(url.searchParams);
    return `https://www.youtube-nocookie.com/embed/${youtubeId}${start > 0 ? `?start=${start}` : ''}`;
  }

  let vimeoId: string | undefined;
  let privacyHash = url.searchParams.get('h') ?? '';
  if (VIMEO_HOSTS.has(host) && (segments.length === 1 || segments.length === 2)) {
    vimeoId = segments[0];
    if (segments.length === 2) privacyHash = segments[1] ?? '';
  } else if (host === 'player.vimeo.com' && segments.length === 2 && segments[0] === 'video') {
    vimeoId = segments[1];
  }
  if (vimeoId === undefined || !VIMEO_ID.test(vimeoId)) return null;
  if (privacyHash !== '' && !/^[\da-f]{1,40}$/i.test(privacyHash)) return null;
  return `https://player.vimeo.com/video/${vimeoId}${privacyHash ? `?h=${privacyHash}` : ''}`;
}

/** The origin the home page's CSP frame-src allows for the chosen video, or null (none). */
export function videoFrameOrigin(video: { source: VideoSource; embedUrl: string }): string | null {
  if (video.source !== 'embed') return null;
  const address = videoEmbedAddress(video.embedUrl);
  return address ? new URL(address).origin : null;
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
