/**
 * What a draft must be before it is sent (docs/proposals.md, "Sending"), one rule for the
 * server, which refuses, and the admin's editor, which says so before Send:
 *
 * - its "Valid until" day, when set, is today or later (in the site's zone): a proposal must
 *   not arrive expired;
 * - an item at 0 is an item without a price (an AI draft leaves the items the owner's price
 *   list does not price at 0, docs/ai.md). It goes out only when the send names it in
 *   `noCharge`: the owner confirmed it is free of charge, so none reads £0.00 by mistake.
 */
import { z } from 'zod/mini';
import { PROPOSAL_LIMITS, type ProposalItem } from './proposals';
import { idField, storedText } from './validation';

/** Whether a `validUntil` day has passed on `today` (both YYYY-MM-DD, the site's zone). */
export function validUntilPassed(validUntil: string | null, today: string): boolean {
  return validUntil !== null && validUntil < today;
}

/** The descriptions of the items without a price, in their order. */
export function unpricedItems(items: readonly Pick<ProposalItem, 'description' | 'unitAmount'>[]) {
  return items.filter((item) => item.unitAmount === 0).map((item) => item.description.trim());
}

/** The unpriced items `noCharge` does not name, each name counting for one item. */
export function unconfirmedItems(unpriced: readonly string[], noCharge: readonly string[]) {
  const named = noCharge.map((name) => name.trim());
  return unpriced.filter((description) => {
    const at = named.indexOf(description);
    if (at < 0) return true;
    named.splice(at, 1);
    return false;
  });
}

const quoted = (descriptions: readonly string[]) =>
  descriptions.map((description) => `“${description}”`).join(', ');

/** The refusal (409) that names the items without a price. */
export function unpricedMessage(descriptions: readonly string[]): string {
  return `Items without a price: ${quoted(descriptions)}. Set their price, or confirm that they are free of charge.`;
}

/** Send's question about them, in the admin's editor; `zero` is 0 in the proposal's currency. */
export function unpricedQuestion(descriptions: readonly string[], zero: string): string {
  const one = descriptions.length === 1;
  const count = one ? '1 item has' : `${descriptions.length} items have`;
  return `${count} no price and will read ${zero}: ${quoted(descriptions)}. Send only if ${one ? 'it is' : 'they are'} free of charge.`;
}

/** POST /api/proposals/:id/send: the items without a price confirmed as free of charge. */
export const proposalSendInput = z.object({
  id: idField,
  noCharge: z.optional(
    z
      .array(storedText().check(z.maxLength(PROPOSAL_LIMITS.descriptionMax)))
      .check(z.maxLength(PROPOSAL_LIMITS.itemsMax)),
  ),
});
