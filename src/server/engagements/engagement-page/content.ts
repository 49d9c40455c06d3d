/**
 * What the client's engagement page shows (docs/engagements.md, "What the client sees"), read
 * for one engagement already resolved (by its link, or by its id in the owner's preview): the
 * signed proposal, the lead's issued invoices, the lead's calls still to come, the files and
 * the thread. Nothing else of the lead is read: no notes, triage, drafts or status. Every path
 * in it is under the engagement's own link (`base`, `/e/<token>`), null in the preview.
 */
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '#db';
import { bookings, invoices } from '#db/schema';
import type { EngagementPage } from '#shared/shapes/engagement-page';
import { parseSignature } from '#server/proposals/proposal-json';
import { proposalRow } from '#server/proposals/proposal-store';
import { filesOfEngagement } from '../files/file-list';
import { threadOfEngagement } from '../thread/thread-query';
import type { EngagementRow } from '../engagement-store';

type Paths = { base: string | null };

async function signedProposal(db: Db, row: EngagementRow, { base }: Paths) {
  if (row.proposalId === null) return null;
  const proposal = await proposalRow(db, row.proposalId);
  if (!proposal || proposal.status !== 'accepted') return null;
  const signature = parseSignature(proposal.acceptance);
  return {
    number: proposal.number,
    version: proposal.version,
    title: proposal.title,
    summary: proposal.summary,
    currency: proposal.currency,
    total: proposal.total,
    signedBy: signature?.name ?? '',
    signedAt: signature?.at ?? proposal.decidedAt?.toISOString() ?? '',
    documentHash: proposal.documentHash,
    pdfPath: base === null ? null : `${base}/proposal.pdf`,
  };
}

/** The lead's issued invoices and credit notes, oldest first. */
async function issuedInvoices(db: Db, leadId: number, { base }: Paths) {
  const rows = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.leadId, leadId), eq(invoices.status, 'issued')))
    .orderBy(asc(invoices.id))
    .all();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    number: row.number ?? '',
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    currency: row.currency,
    gross: row.gross,
    pdfPath: base === null ? null : `${base}/invoices/${row.id}/pdf`,
  }));
}

/** The lead's confirmed calls still to come, soonest first, each with its manage page. */
async function nextCalls(db: Db, leadId: number, now: Date, { base }: Paths) {
  const rows = await db
    .select({
      id: bookings.id,
      start: bookings.start,
      end: bookings.end,
      location: bookings.location,
    })
    .from(bookings)
    .where(
      and(eq(bookings.leadId, leadId), eq(bookings.status, 'confirmed'), gt(bookings.end, now)),
    )
    .orderBy(asc(bookings.start))
    .all();
  return rows.map((row) => ({
    start: row.start.toISOString(),
    end: row.end.toISOString(),
    location: row.location,
    managePath: base === null ? null : `${base}/calls/${row.id}`,
  }));
}

export async function engagementPageContent(
  db: Db,
  row: EngagementRow,
  now: Date,
  paths: Paths,
): Promise<EngagementPage> {
  const readOnly = row.status === 'closed';
  const files = await filesOfEngagement(db, row.id);
  return {
    title: row.title,
    status: row.status,
    readOnly,
    createdAt: row.createdAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    clientUploads: row.clientUploads && !readOnly,
    proposal: await signedProposal(db, row, paths),
    invoices: await issuedInvoices(db, row.leadId, paths),
    calls: await nextCalls(db, row.leadId, now, paths),
    files: files.map((file) => ({
      ...file,
      downloadPath: paths.base === null ? null : `${paths.base}/files/${file.id}`,
    })),
    thread: await threadOfEngagement(db, row.id),
    // The plain form's own path (thread/message-form.ts); the JSON one is /api/e/:token/messages.
    messagePath: paths.base === null || readOnly ? null : `${paths.base}/messages`,
    // The plain form's path (file-routes.ts); the JSON one is /api/e/:token/files.
    uploadPath:
      paths.base === null || readOnly || !row.clientUploads ? null : `${paths.base}/files`,
  };
}
