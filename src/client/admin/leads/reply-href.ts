import { subjectLabel, type ContactSubject } from '#shared/contact';

/** A reply that opens in the administrator's mail program, already titled. */
export function replyHref(email: string, subject: ContactSubject): string {
  return `mailto:${email}?subject=${encodeURIComponent(`Re: ${subjectLabel(subject)}`)}`;
}
