/**
 * The admin procedures the MCP tools call (docs/mcp.md): the same ones the admin screens use,
 * so validation, audit entries and limits have one implementation. A tool reaches only what
 * its code calls on this caller; the caller acts as the token's administrator, without a
 * session (identity/sessions/session.ts, `actWithToken`).
 */
import { writeTransaction } from '#db';
import { entrySaveInput } from '#shared/entries';
import { analyticsRouter } from '#server/analytics/router';
import { bookingsRouter } from '#server/booking/bookings-router';
import { callNoteProcedures } from '#server/engagements/call-notes/router';
import { entryJson } from '#server/entries/entry-json';
import { saveEntry } from '#server/entries/entry-store';
import { entriesRouter } from '#server/entries/router';
import { outputs as entryOutputs } from '#shared/shapes/entries';
import { factsRouter } from '#server/facts/router';
import { invoiceDraftProcedures } from '#server/invoices/router';
import { engagementProcedures } from '#server/engagements/router';
import { buildContext } from '#server/http/context';
import { createCallerFactory, router, type AppDeps } from '#server/http/trpc';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { actWithToken } from '#server/identity/sessions/admin-session';
import { type SessionUser } from '#server/identity/sessions/session';
import { leadCoreProcedures } from '#server/leads/lead-router';
import { newslettersRouter } from '#server/newsletter/newsletters-router';
import { proposalCoreProcedures } from '#server/proposals/router';

const toolRouter = router({
  analytics: analyticsRouter,
  bookings: bookingsRouter,
  /** A transcript's note and follow-up draft: the draft is never sent (no tool sends mail). */
  callNotes: router({ add: callNoteProcedures.add }),
  /** The list only: a token never makes, mails, revokes or closes a client's link. */
  engagements: router({ list: engagementProcedures.list }),
  entries: entriesRouter,
  /**
   * A draft's save that refuses a published entry (entry-store.ts, `draftOnly`): the one rule
   * a token has that the editor has not, so the editor's `entries.save` is not used here.
   */
  entryDrafts: router({
    save: adminProcedure
      .input(entrySaveInput)
      .output(entryOutputs.save)
      .mutation(async ({ ctx, input }) => {
        const row = await writeTransaction(ctx.db, (tx) =>
          saveEntry(tx, ctx, input, { draftOnly: true }),
        );
        return { entry: entryJson(row) };
      }),
  }),
  facts: factsRouter,
  /** A new draft and the list only: a token never issues, sends, credits or records a payment. */
  invoices: router({
    create: invoiceDraftProcedures.create,
    list: invoiceDraftProcedures.list,
  }),
  leads: router(leadCoreProcedures),
  newsletters: newslettersRouter,
  /** A new draft and the list only: a token never sends, revises or withdraws a proposal. */
  proposals: router({
    create: proposalCoreProcedures.create,
    list: proposalCoreProcedures.list,
  }),
});

const callerOf = createCallerFactory(toolRouter);

export type ToolCaller = ReturnType<typeof callerOf>;

/** Where the MCP request came from: its address (throttle-free here, kept in audit entries). */
export interface McpRequest {
  ip: string;
  requestId?: string;
}

/** The procedures as `user` calls them, from `request`. */
export function callerAs(deps: AppDeps, user: SessionUser, request: McpRequest): ToolCaller {
  const ctx = buildContext(deps, { headers: new Headers(), ...request });
  actWithToken(ctx, user);
  return callerOf(ctx);
}
