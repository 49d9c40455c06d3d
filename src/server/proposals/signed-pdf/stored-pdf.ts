/**
 * The PDF of a stored proposal (docs/proposals.md, "The signed PDF"): its version as stored
 * and, once accepted, the certificate from the stored signature and the proposal's own times
 * (sent, first viewed, accepted). Made from nothing else, so it is the same file each time:
 * the admin's download, the client's link and the acceptance mails' attachment.
 */
import type { MailMessage } from '#server/platform/mail';
import { siteName } from '#server/site/site-brand';
import { siteSettings } from '#server/site/site-settings';
import { parseSignature, proposalJson, type ProposalRow } from '../proposal-json';
import type { ProposalReadDeps } from '../proposal-store';
import {
  proposalPdf,
  proposalPdfFilename,
  type AcceptanceRecord,
  type TrailEvent,
} from './proposal-pdf';

function acceptanceOf(row: ProposalRow): AcceptanceRecord | null {
  const signature = parseSignature(row.acceptance);
  if (!signature || !row.documentHash) return null;
  const trail: TrailEvent[] = [];
  if (row.sentAt) trail.push({ what: 'sent', at: row.sentAt });
  if (row.viewedAt) trail.push({ what: 'viewed', at: row.viewedAt });
  trail.push({ what: 'accepted', at: new Date(signature.at) });
  return { documentHash: row.documentHash, signature, trail };
}

export async function storedProposalPdf(
  deps: ProposalReadDeps,
  row: ProposalRow,
): Promise<{ filename: string; bytes: Uint8Array }> {
  // The status is not printed: today's date plays no part.
  const proposal = proposalJson(row, [], '');
  const bytes = await proposalPdf({
    proposal,
    companyName: await siteName(deps.db),
    timeZone: (await siteSettings(deps)).timeZone,
    acceptance: acceptanceOf(row),
  });
  return { filename: proposalPdfFilename(proposal), bytes };
}

/** The file's name, without making the file. */
export function storedPdfFilename(row: ProposalRow): string {
  return proposalPdfFilename(proposalJson(row, [], ''));
}

/** The PDF as a mail's attachment. */
export async function pdfAttachment(
  deps: ProposalReadDeps,
  row: ProposalRow,
): Promise<NonNullable<MailMessage['attachments']>[number]> {
  const { filename, bytes } = await storedProposalPdf(deps, row);
  return {
    filename,
    contentType: 'application/pdf',
    content: Buffer.from(bytes).toString('base64'),
  };
}

/** The PDF as an HTTP answer: inline, so a browser shows it; never cached (it names a person). */
export async function pdfResponse(deps: ProposalReadDeps, row: ProposalRow): Promise<Response> {
  const { filename, bytes } = await storedProposalPdf(deps, row);
  // A copy on its own ArrayBuffer: what a Response body takes.
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${filename}"`,
      'Cache-Control': 'no-store',
    },
  });
}
