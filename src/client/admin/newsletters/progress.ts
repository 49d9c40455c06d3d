import type { NewsletterStatus } from '#shared/newsletter';
import { formatRate } from '../ui/number-words';

/**
 * docs/product.md, "Data fetching": the one read on a timer in the admin. While a newsletter
 * is sending, it is read again this often, and no more once it is sent.
 */
export const SENDING_POLL_MS = 1500;

/** What the API answers about a newsletter's recipients (docs/api.md, Newsletter). */
export interface RecipientCounts {
  status: NewsletterStatus;
  total: number;
  sent: number;
  failed: number;
}

export interface Progress {
  sent: number;
  failed: number;
  /** Still waiting or being handed to the mail server. */
  remaining: number;
  /**
   * Passed over because the address left the list after the send began. The API does not
   * count them apart, but once the newsletter is `sent` nothing is open, so whatever is
   * neither sent nor failed was skipped.
   */
  skipped: number;
  /** 0 to 100, whole: the share of recipients dealt with. */
  percent: number;
  done: boolean;
}

export function progressOf({ status, total, sent, failed }: RecipientCounts): Progress {
  const open = Math.max(0, total - sent - failed);
  const done = status === 'sent';
  // Whole percent, rounded down while sending: "100%" only once the server says it is over.
  const percent = done
    ? 100
    : total === 0
      ? 0
      : Math.min(99, Math.floor(((sent + failed) * 100) / total));
  return {
    sent,
    failed,
    remaining: done ? 0 : open,
    skipped: done ? open : 0,
    percent,
    done,
  };
}

const count = (n: number) => n.toLocaleString('en-US');

/** The list's and the editor's one-line summary: "412 of 1,000 sent · 3 failed". */
export function progressSummary(counts: RecipientCounts): string {
  const progress = progressOf(counts);
  const parts = [`${count(progress.sent)} of ${count(counts.total)} sent`];
  if (progress.failed > 0) parts.push(`${count(progress.failed)} failed`);
  if (progress.skipped > 0) parts.push(`${count(progress.skipped)} skipped`);
  return parts.join(' · ');
}

export function plural(n: number, one: string, many: string): string {
  return `${count(n)} ${n === 1 ? one : many}`;
}

/** The progress bar's value: "41%: 412 of 1,000 sent · 3 failed" (no space before the sign). */
export function progressLabel(counts: RecipientCounts): string {
  return `${formatRate(progressOf(counts).percent / 100)}: ${progressSummary(counts)}`;
}
