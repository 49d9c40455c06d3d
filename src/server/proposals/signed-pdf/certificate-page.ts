/**
 * The certificate of acceptance, the PDF's last page (docs/proposals.md, "The signed PDF"):
 * what was accepted (the number, the version and the SHA-256 of the exact version shown), who
 * accepted it (the typed name and the e-mail address), when (UTC and the site's zone), from
 * where (the address's /24 and the browser), and the trail from sending to acceptance.
 */
import type { Proposal, Signature } from '#shared/shapes/proposals';
import { siteTimeText } from '#shared/mail/site-time';
import { keepWithNext, type Cell, type PageWriter, type TextStyle } from '#server/pdf/page-writer';

export interface TrailEvent {
  what: 'sent' | 'viewed' | 'accepted';
  at: Date;
}

export interface AcceptanceRecord {
  /** SHA-256, hex, of the canonical JSON of the version accepted (proposal-json.ts). */
  documentHash: string;
  /** As stored (proposals.acceptance); without `emailProof` the address alone is printed. */
  signature: Signature;
  /** In the order it happened. */
  trail: TrailEvent[];
}

const TRAIL_LABELS: Record<TrailEvent['what'], string> = {
  sent: 'Sent to the client',
  viewed: 'First opened by the client',
  accepted: 'Accepted',
};

const EMAIL_PROOF = {
  recipient: '\n(the address the proposal was sent to)',
  code: '\n(confirmed by a code mailed to it)',
  none: '',
} as const;

const LABEL_WIDTH = 150;

export function writeCertificatePage(
  writer: PageWriter,
  input: { proposal: Proposal; timeZone: string; acceptance: AcceptanceRecord },
): void {
  const { proposal: p, timeZone, acceptance } = input;
  const { signature } = acceptance;
  writer.newPage();
  writer.paragraph('Certificate of acceptance', { font: 'bold', size: 18 });
  writer.space(6);
  writer.paragraph(
    'This page records how the proposal on the pages before it was accepted, by a simple ' +
      'electronic signature: the client typed their name and confirmed they read and accept ' +
      'the proposal and its terms.',
    { size: 10, color: 'muted' },
  );
  writer.space(14);

  const field = (label: string, value: string, style: TextStyle = {}) => {
    const cells: Cell[] = [
      { text: label, x: 0, width: LABEL_WIDTH - 10, color: 'muted' },
      { text: value, x: LABEL_WIDTH, width: writer.width - LABEL_WIDTH, ...style },
    ];
    writer.row(cells);
    writer.space(5);
  };
  field('Proposal', `${p.number}, version ${p.version}: ${p.title}`);
  field('Document hash (SHA-256)', acceptance.documentHash, { font: 'mono', size: 8 });
  field('Signed by', signature.name, { font: 'bold' });
  field('E-mail address', `${signature.email}${EMAIL_PROOF[signature.emailProof ?? 'none']}`);
  const signedAt = new Date(signature.at);
  field('Accepted at (UTC)', utcText(signedAt));
  field(`Accepted at (${timeZone})`, zoneText(signedAt, timeZone));
  field('Network address', signature.ip);
  field('Browser', signature.userAgent);

  writer.space(12);
  keepWithNext(writer);
  writer.paragraph('Trail', { font: 'bold', size: 13 });
  writer.space(4);
  for (const event of acceptance.trail) {
    field(TRAIL_LABELS[event.what], `${utcText(event.at)}\n${zoneText(event.at, timeZone)}`);
  }

  writer.space(12);
  writer.paragraph(
    "The document hash is the SHA-256 of the proposal's canonical JSON (its number, version, " +
      'title, summary, items, currency, deposit, total, deposit amount, validity and terms). The ' +
      'same version always gives the same hash, and any change to it gives another: computed ' +
      'again from the proposal kept on file, it shows this is the version accepted.',
    { size: 9, color: 'muted' },
  );
}

/** "2026-11-27 11:45:21 UTC". */
export function utcText(at: Date): string {
  return `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** "Friday 27 November 2026, 12:45:21 CET": the moment on the site's clock, to the second. */
export function zoneText(at: Date, timeZone: string): string {
  return siteTimeText(at, timeZone, { seconds: true });
}
