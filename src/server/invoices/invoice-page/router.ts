/**
 * The client's side of an issued invoice (docs/api.md, "Invoices: the client's page"): read it
 * through the link's token, and start paying what is still owed by card. Public: the token is
 * the key. The page at `/i/<token>` (page.ts) calls these same procedures.
 */
import { z } from 'zod/mini';
import { proposalTokenInput } from '#shared/proposal-page/inputs';
import { outputs } from '#shared/shapes/invoice-page';
import { publicProcedure, router } from '#server/http/trpc';
import { startInvoiceCheckout } from './checkout';
import { clientInvoice, markInvoiceViewed } from './client-invoice';
import { invoiceOfToken } from './link';

/** Any token: one that cannot exist is as unknown as one that does not (404, a link's miss). */
const tokenInput = proposalTokenInput;

export const invoiceClientPageProcedures = {
  /** The document as its client sees it; the first view is recorded. */
  view: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/i/:token', answer: { key: 'invoice' } } })
    .input(tokenInput)
    .output(outputs.view)
    .query(async ({ ctx, input }) => {
      const row = await invoiceOfToken(ctx, input.token);
      await markInvoiceViewed(ctx, row);
      return clientInvoice(ctx, row);
    }),

  /** The Checkout page's address for what is still owed (`{ url }`); the body is never read. */
  checkout: publicProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/i/:token/checkout',
        body: { fields: [], optional: true },
      },
    })
    .input(tokenInput)
    .output(z.strictObject({ url: z.string() }))
    .mutation(({ ctx, input }) => startInvoiceCheckout(ctx, input.token, ctx.req.ip)),
};

export const invoiceClientPageRouter = router(invoiceClientPageProcedures);
