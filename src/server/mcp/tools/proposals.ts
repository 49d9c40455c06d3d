/**
 * Proposals (docs/mcp.md, "Tools"): the list as the admin reads it, and a new draft on a lead,
 * written through the admin's own `proposals.create` (its rules, its amounts, its audit entry),
 * never sent: a token reaches no send, revision or withdrawal (../procedures.ts).
 */
import { z } from 'zod/mini';
import { depositKindValues, proposalStatusValues } from '#shared/proposals';
import { tool } from '../tool';
import { idArg, pageArg, textArg } from './args';

const itemArg = z.object({
  description: textArg('What the item is, one line.'),
  quantity: z
    .number()
    .check(z.describe('How many units (days, sessions): above 0, at most two decimals.')),
  unitAmount: z
    .number()
    .check(
      z.int(),
      z.describe(
        'The price of one unit in minor units of the currency (cents: 150000 is 1,500.00 EUR); 0 when the owner sets it.',
      ),
    ),
});

export const proposalTools = [
  tool({
    name: 'proposals_list',
    title: 'List proposals',
    description:
      'Every lead’s proposals, newest first, 25 a page, with their items, amounts in minor units (cents), status (an open one past its day reads expired), payments and whom each is for. Filter by status.',
    scope: 'proposals:read',
    readOnly: true,
    idempotent: true,
    input: z.object({ status: z.optional(z.enum(proposalStatusValues)), page: pageArg }),
    run: (input, { caller }) => caller.proposals.list(input),
  }),
  tool({
    name: 'proposal_draft',
    title: 'Write a draft proposal for a lead',
    description:
      'A new proposal in status draft on a lead: a title, a Markdown summary, items, a deposit. The server computes the total and the deposit from the items; the currency and terms are the proposal settings’. Never sent: an administrator reviews it, sends it from the admin or not.',
    scope: 'proposals:write',
    readOnly: false,
    idempotent: false,
    input: z.object({
      leadId: idArg('lead'),
      title: textArg('The title, one line.'),
      summary: z.optional(textArg('The client’s need and the approach, in Markdown.')),
      items: z.optional(z.array(itemArg)),
      deposit: z.optional(
        z.nullable(
          z.object({
            kind: z.enum(depositKindValues),
            value: z
              .number()
              .check(
                z.int(),
                z.describe('A percent of the total (1-100), or an amount in minor units.'),
              ),
          }),
        ),
      ),
      validUntil: z.optional(
        z.nullable(
          textArg('The last day the client may accept, YYYY-MM-DD (else 30 days after sending).'),
        ),
      ),
    }),
    run: ({ leadId, ...fields }, { caller }) => caller.proposals.create({ id: leadId, ...fields }),
  }),
];
