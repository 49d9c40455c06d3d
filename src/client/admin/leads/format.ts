import { subjectLabel, type ContactSubject } from '../../../shared/contact';

const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** A stored moment in the administrator's own time zone, e.g. "Jan 15, 2026, 10:00 AM". */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat.format(date);
}

/** A reply that opens in the administrator's mail program, already titled. */
export function replyHref(email: string, subject: ContactSubject): string {
  return `mailto:${email}?subject=${encodeURIComponent(`Re: ${subjectLabel(subject)}`)}`;
}
