/**
 * `P-<year>-<n>` (docs/proposals.md): the year's next number, taken inside the write
 * transaction that stores the proposal, so proposals made at once never share one and a
 * number once given is never given again (a counter row per year, not a count of rows).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '#db';
import { proposalNumbers } from '#db/schema';
import { proposalNumber } from '#shared/proposals';

export async function nextProposalNumber(tx: Db, year: number): Promise<string> {
  const row = await tx
    .insert(proposalNumbers)
    .values({ year, last: 1 })
    .onConflictDoUpdate({
      target: proposalNumbers.year,
      set: { last: sql`${proposalNumbers.last} + 1` },
    })
    .returning({ last: proposalNumbers.last })
    .get();
  return proposalNumber(year, row.last);
}
