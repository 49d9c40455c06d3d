import type { SuppressionReason } from '#shared/outbox';
import { formatDate } from '../ui/date-time';

/**
 * Why mail to an address is held back, in a sentence, for the reply editor's warning
 * (docs/admin-guide.md, "Suppressed"): "Mail to this address bounced (hard bounce, 26 Nov 2026)."
 */
export function suppressionSentence(suppressed: { reason: SuppressionReason; at: string }): string {
  const day = formatDate(suppressed.at);
  switch (suppressed.reason) {
    case 'hard_bounce':
      return `Mail to this address bounced (hard bounce, ${day}).`;
    case 'soft_bounces':
      return `Mail to this address bounced (repeated soft bounces, ${day}).`;
    case 'complaint':
      return `This address reported our mail as spam (complaint, ${day}).`;
    case 'manual':
      return `This address is on the suppression list (added by hand, ${day}).`;
  }
}
