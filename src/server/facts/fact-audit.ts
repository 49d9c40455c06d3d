/** The audit entries of changes to a fact (docs/architecture.md, audit/admin-change.ts). */
import { eq } from 'drizzle-orm';
import type { Db } from '#db';
import { aiFacts } from '#db/schema';
import { auditAdminChange } from '#server/audit/admin-change';
import { factSubject } from '#server/audit/subjects';

/** A fact's audit entry: its id as before, and its first words, which outlive it. */
export function auditFact(
  tx: Db,
  ctx: Parameters<typeof auditAdminChange>[1],
  action: 'fact_created' | 'fact_updated' | 'fact_deleted',
  fact: { id: number; factText: string },
) {
  return auditAdminChange(tx, ctx, action, `fact ${fact.id}`, factSubject(fact));
}

/** A fact named by id only (tag changes): its text read for the entry. */
export async function auditFactById(
  tx: Db,
  ctx: Parameters<typeof auditAdminChange>[1],
  id: number,
) {
  const fact = await tx
    .select({ id: aiFacts.id, factText: aiFacts.factText })
    .from(aiFacts)
    .where(eq(aiFacts.id, id))
    .get();
  if (fact) await auditFact(tx, ctx, 'fact_updated', fact);
}
