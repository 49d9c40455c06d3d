/**
 * The proposal as a PDF (docs/proposals.md, "The signed PDF"): the proposal's pages as the
 * client saw them (proposal-pages.ts) and, once accepted, the certificate of acceptance
 * (certificate-page.ts). The routes that serve it and the mails that attach it call
 * `proposalPdf` with the stored version, its acceptance record and its trail.
 *
 * The same inputs always give the same bytes: the document's dates are the acceptance's
 * moment (or, before one, the sending's or the creation's), its producer and creator are fixed
 * words, and pdf-lib writes no random file ID. So the PDF made again later from the stored
 * version is the very document that was mailed (proposal-pdf.test.ts compares two renders).
 *
 * Text is written in DejaVu Sans, embedded (src/server/pdf/unicode-fonts.ts), so every name
 * prints as typed ("Zoë Łódź-Ørsted"); the document hash in the standard Courier, hex digits
 * only.
 */
import type { Proposal } from '#shared/shapes/proposals';
import { writeCertificatePage, type AcceptanceRecord } from './certificate-page';
import { createPageWriter, TONES } from '#server/pdf/page-writer';
import { embedUnicodeFonts, unicodeText } from '#server/pdf/unicode-fonts';
import { writeProposalPages } from './proposal-pages';

export type { AcceptanceRecord, TrailEvent } from './certificate-page';

export interface ProposalPdfInput {
  /** The version to print, as proposalJson gives it (its status is not printed). */
  proposal: Proposal;
  /** The company's name (site/site-brand.ts `siteName`), at the top and in each footer. */
  companyName: string;
  /** The site's IANA zone (config `siteTimezone`): the certificate's times are also in it. */
  timeZone: string;
  /** The acceptance, when accepted: then the certificate page follows the proposal. */
  acceptance?: AcceptanceRecord | null;
}

/** The PDF's bytes. */
export async function proposalPdf(input: ProposalPdfInput): Promise<Uint8Array> {
  const { proposal, companyName, acceptance } = input;
  // Not the time of rendering: that would make each render a different file.
  const dated = new Date(acceptance?.signature.at ?? proposal.sentAt ?? proposal.createdAt);
  // Loaded at the first PDF, not at start (docs/operations.md, "Start-up time").
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`Proposal ${proposal.number} v${proposal.version}: ${proposal.title}`);
  doc.setAuthor(companyName);
  doc.setSubject(acceptance ? 'Proposal and certificate of acceptance' : 'Proposal');
  doc.setCreator(companyName);
  doc.setProducer('pdf-lib');
  doc.setLanguage('en');
  doc.setCreationDate(dated);
  doc.setModificationDate(dated);

  const unicode = await embedUnicodeFonts(doc);
  const fonts = { ...unicode, mono: await doc.embedFont(StandardFonts.Courier) };
  const writer = createPageWriter(
    doc,
    fonts,
    { ink: rgb(...TONES.ink), muted: rgb(...TONES.muted) },
    unicodeText(unicode),
  );
  writeProposalPages(writer, { proposal, companyName });
  if (acceptance) writeCertificatePage(writer, { proposal, timeZone: input.timeZone, acceptance });
  writer.finish(
    (page, pages) =>
      // The name last: a long one is what gets cut.
      `Proposal ${proposal.number} v${proposal.version} · Page ${page} of ${pages} · ${companyName}`,
  );
  return doc.save();
}

/**
 * The file's name, for Content-Disposition and the mail's attachment: "Proposal P-2026-3
 * v2.pdf". Only letters, digits, spaces, dots and hyphens, so no header or file system reads
 * it as anything else.
 */
export function proposalPdfFilename(proposal: Pick<Proposal, 'number' | 'version'>): string {
  const safe = (text: string) => text.replace(/[^A-Za-z0-9.-]+/g, '-');
  return `Proposal ${safe(proposal.number)} v${proposal.version}.pdf`;
}
