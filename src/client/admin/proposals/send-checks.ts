/**
 * What the editor says before Send (docs/proposals.md, "Sending"), by the server's own rules
 * (shared/proposal-send-rules.ts): whether the typed "Valid until" day has passed in the site's
 * zone, and which items have no price, for Send's question to name.
 */
import { dayIn } from '#shared/calendar-days';
import { formatMoney } from '#shared/proposals';
import { unpricedItems, unpricedQuestion, validUntilPassed } from '#shared/proposal-send-rules';
import { adminTimeZone } from '../ui/date-time';
import { typedAmounts, type ProposalValues } from './proposal-values';

export interface SendChecks {
  /** The typed day is before today in the site's zone: the server would refuse the send. */
  validUntilPassed: boolean;
  /** The items at 0, by description, as the server compares them. */
  unpriced: string[];
  /** Send's question about them, or null when every item has a price. */
  unpricedQuestion: string | null;
}

export function sendChecks(values: ProposalValues, savedCurrency: string): SendChecks {
  const today = dayIn(new Date(), adminTimeZone());
  const { items, currency } = typedAmounts(values, savedCurrency);
  const unpriced = unpricedItems(items);
  return {
    validUntilPassed: validUntilPassed(values.validUntil || null, today),
    unpriced,
    unpricedQuestion:
      unpriced.length > 0 ? unpricedQuestion(unpriced, formatMoney(0, currency)) : null,
  };
}
