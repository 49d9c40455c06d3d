/**
 * The client gives their invoicing details on their accepted proposal's page (docs/invoices.md,
 * "The buyer"): written on the lead as its buyer, which the invoices then name, with a note on
 * the lead's timeline. Only once accepted (409 before), each try taking its place in the
 * page's throttles in the write that judges it, as accepting does.
 */
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { writeTransaction } from '#db';
import { leadEvents, leads, proposals } from '#db/schema';
import type { z } from 'zod/mini';
import type { proposalBuyerInput } from '#shared/proposal-page/inputs';
import type { ClientProposal } from '#shared/shapes/proposal-page';
import type { Context } from '#server/http/trpc';
import { take } from '#server/platform/throttle';
import { proposalActionBuckets } from './answer-rules';
import { clientProposal, proposalNotFound, proposalOfToken, shownVersion } from './link';
import { leadOf } from '../proposal-json';

export const BUYER_MESSAGES = {
  notAccepted: 'Invoicing details are given once the proposal is accepted.',
} as const;

export async function saveClientBuyer(
  ctx: Context,
  input: z.output<typeof proposalBuyerInput>,
): Promise<ClientProposal> {
  const link = await proposalOfToken(ctx, input.token);
  const now = ctx.clock.now();
  const saved = await writeTransaction(ctx.db, async (tx) => {
    await take(tx, proposalActionBuckets(ctx, link.id), now);
    const row = await tx.select().from(proposals).where(eq(proposals.id, link.id)).get();
    if (!row) return null;
    if (row.status !== 'accepted') {
      throw new TRPCError({ code: 'CONFLICT', message: BUYER_MESSAGES.notAccepted });
    }
    await tx
      .update(leads)
      .set({ buyer: JSON.stringify(input.buyer), lastActivityAt: now })
      .where(eq(leads.id, leadOf(row)));
    await tx.insert(leadEvents).values({
      leadId: leadOf(row),
      at: now,
      kind: 'note',
      text: `The client gave their invoicing details on proposal ${row.number}: ${input.buyer.name}, ${input.buyer.city}, ${input.buyer.country}`,
      proposalId: row.id,
    });
    return row;
  });
  if (!saved) throw proposalNotFound();
  return clientProposal(ctx, link, await shownVersion(ctx.db, saved));
}
