/**
 * A newsletter read for the admin's procedures (newsletters-router.ts,
 * sending-procedures.ts): as the API answers it, or its status inside a write; 404 when it is
 * not there, 409 when its status forbids the change.
 */
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import type { Db } from '#db';
import { newsletters } from '#db/schema';
import { NEWSLETTER_ADMIN_MESSAGES as M } from '#shared/newsletter-admin';
import { newsletterById } from './newsletter-query';
import type { Newsletter } from '#shared/shapes/newsletters';

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: M.notFound });
export const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });

/** The newsletter as it is now; one that vanished meanwhile is a 404 too. */
export async function current(db: Db, id: number): Promise<Newsletter> {
  const newsletter = await newsletterById(db, id);
  if (!newsletter) throw notFound();
  return newsletter;
}

/** Inside a write transaction: the row's status, or 404. */
export async function statusIn(tx: Db, id: number) {
  const row = await tx
    .select({ status: newsletters.status })
    .from(newsletters)
    .where(eq(newsletters.id, id))
    .get();
  if (!row) throw notFound();
  return row.status;
}
