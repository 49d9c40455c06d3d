/**
 * The client's link to an issued document (`/i/<token>`, docs/invoices.md, "The client's
 * page"): the token is kept only as its hash, set by the last mail that sent it; an unknown
 * token is answered after one read and counted against the client's address like every link's
 * (platform/link-misses.ts). Only an issued document has a link.
 */
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { invoices } from '#db/schema';
import { lookedUpToken, type LinkLookup } from '#server/platform/link-misses';
import type { InvoiceRow } from '../invoice-json';

export const INVOICE_PAGE_MESSAGES = {
  notFound: 'This invoice link is not valid. It may have been replaced by a newer e-mail.',
} as const;

export const invoiceLinkNotFound = () =>
  new TRPCError({ code: 'NOT_FOUND', message: INVOICE_PAGE_MESSAGES.notFound });

/** The issued document the token names, or 404. */
export async function invoiceOfToken(ctx: LinkLookup, token: string): Promise<InvoiceRow> {
  const found = await lookedUpToken(ctx, token, async (hash) =>
    ctx.db.select().from(invoices).where(eq(invoices.tokenHash, hash)).get(),
  );
  if (!found || found.status !== 'issued') throw invoiceLinkNotFound();
  return found;
}
