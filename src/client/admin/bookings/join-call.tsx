import { buttonClass } from '#shared/ui-styles';

/**
 * The meeting's address in a call's place, when there is one: "Where the call is" is free
 * text (docs/booking.md), a video-call address or "Zoom: https://…" as often as "Phone call".
 * The first http(s) address in it, without the punctuation a sentence puts after it.
 */
export function meetingLink(location: string): string | null {
  const found = /https?:\/\/[^\s<>"]+/i.exec(location)?.[0].replace(/[.,;:!?)\]]+$/, '');
  if (!found) return null;
  try {
    const url = new URL(found);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * "Join call" on a booked call in the owner's list (docs/admin-guide.md, "Bookings"): the
 * meeting opens in a new tab, which gets no hold on this one (noopener) and no address of the
 * admin (noreferrer).
 */
export function JoinCall({ location, name }: { location: string; name: string }) {
  const link = meetingLink(location);
  if (!link) return null;
  return (
    <a
      href={link}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Join call with ${name} (opens in a new tab)`}
      className={buttonClass('primary', 'sm')}
    >
      Join call
    </a>
  );
}
