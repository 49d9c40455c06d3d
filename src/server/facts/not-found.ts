/**
 * A fact or tag that is not there, in the words the API answers with (docs/api.md): the
 * 404s of the facts' procedures, naming exactly what is missing.
 */
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import type { Db } from '#db';
import { aiFacts, tags } from '#db/schema';

export const FACT_NOT_FOUND = 'AI fact not found';
export const TAG_NOT_FOUND = 'Tag not found';

export function factNotFound(): TRPCError {
  return new TRPCError({ code: 'NOT_FOUND', message: FACT_NOT_FOUND });
}

/** Names exactly what is missing, so a 404 on a link says whether the fact or the tag is gone. */
export async function assertFactAndTagExist(tx: Db, factId: number, tagId: number): Promise<void> {
  const fact = await tx
    .select({ id: aiFacts.id })
    .from(aiFacts)
    .where(eq(aiFacts.id, factId))
    .get();
  const tag = await tx.select({ id: tags.id }).from(tags).where(eq(tags.id, tagId)).get();
  if (!fact && !tag) {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'AI fact and tag not found' });
  }
  if (!fact) throw factNotFound();
  if (!tag) throw new TRPCError({ code: 'NOT_FOUND', message: TAG_NOT_FOUND });
}
