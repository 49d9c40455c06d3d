/**
 * What the client sends from their proposal page (docs/proposals.md, "The client's page"): the
 * public API's inputs, which the page's plain forms are turned into too, so both are held to
 * the one set of rules and messages.
 */
import { z } from 'zod/mini';
import { PROPOSAL_LIMITS } from '../proposals';
import { emailField, oneLine, storedText } from '../validation';
import { leadBuyerInput } from '../invoices/buyer';
import { PROPOSAL_PAGE_MESSAGES as M } from './texts';

/**
 * The link's token, as the path gives it. Its form is not checked here: a token that cannot
 * exist is as unknown as one that does not (404, counted like every link's miss).
 */
const tokenField = z.string();

export const proposalTokenInput = z.object({ token: tokenField });

/** The client's invoicing details, after accepting: the lead's buyer (docs/invoices.md). */
export const proposalBuyerInput = z.object({ token: tokenField, buyer: leadBuyerInput });

export const proposalAcceptInput = z.object({
  token: tokenField,
  name: storedText().check(
    z.trim(),
    z.minLength(1, M.nameRequired),
    z.maxLength(PROPOSAL_LIMITS.nameMax, M.nameMax),
    oneLine(M.nameOneLine),
  ),
  email: emailField,
  /** The box "I have read and accept this proposal and its terms": only `true` signs. */
  agree: z.boolean(M.agree).check(z.refine((agree) => agree, M.agree)),
  /** The 6 digits mailed to an address other than the lead's. */
  code: z.optional(z.string(M.code).check(z.trim(), z.regex(/^\d{6}$/, M.code))),
});
export type ProposalAcceptInput = z.infer<typeof proposalAcceptInput>;

export const proposalDeclineInput = z.object({
  token: tokenField,
  reason: z.optional(
    storedText().check(z.trim(), z.maxLength(PROPOSAL_LIMITS.declineReasonMax, M.reasonMax)),
  ),
});
export type ProposalDeclineInput = z.infer<typeof proposalDeclineInput>;
