import { useSyncExternalStore } from 'react';
import { SITE_TIME_ZONE_ELEMENT_ID } from '#shared/page-data';

/**
 * The site's time zone (SITE_TIMEZONE or the one saved on the Content screen), which the server writes into app.html
 * (server/content/pages.ts): the admin area writes every moment in it, as the mails and the
 * Overview's days do, wherever the administrator's device is. In development (Vite serves
 * app.html as is) and in component tests, the browser's own zone stands in.
 */
function pageTimeZone(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(SITE_TIME_ZONE_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const zone: unknown = JSON.parse(text);
    if (typeof zone !== 'string') return undefined;
    // Throws a RangeError for a zone this browser does not know.
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

let format: Intl.DateTimeFormat | null = null;
/** A zone saved since the page was loaded, which wins over the page's. */
let savedZone: string | null = null;

function dateTimeFormat(): Intl.DateTimeFormat {
  format ??= new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: savedZone ?? pageTimeZone(),
  });
  return format;
}

/**
 * After the owner saves another zone on the Content screen: the admin's moments are written in
 * it from the next render on, as the server's are. Null goes back to the page's zone.
 */
export function setAdminTimeZone(zone: string | null): void {
  savedZone = zone;
  format = null;
  for (const listener of listeners) listener();
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The zone for a component that must show a change at once (the admin's footer): it renders
 * again when the owner saves another zone on the Content screen.
 */
export function useAdminTimeZone(): string {
  return useSyncExternalStore(subscribe, adminTimeZone, adminTimeZone);
}

/**
 * The zone the admin's moments are written in ('Europe/Paris'), as it was given: the
 * formatter's own reading may be an older alias (Asia/Calcutta for Asia/Kolkata).
 */
export function adminTimeZone(): string {
  return savedZone ?? pageTimeZone() ?? dateTimeFormat().resolvedOptions().timeZone;
}

/** A stored moment in the site's time zone, e.g. "Jan 15, 2026, 10:00 AM". */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat().format(date);
}

/** A stored moment as a `<time>` element: the words for people, the ISO value for machines. */
export function DateTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDateTime(iso)}</time>;
}
