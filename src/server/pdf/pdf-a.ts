/**
 * Makes a pdf-lib document a PDF/A-3 (level B) file (docs/invoices.md, "The document"): the
 * XMP metadata stream (pdf-a-xmp.ts) beside the matching document information, an sRGB output
 * intent (srgb/sRGB.icc), a file identifier from the document's own content, and attached files
 * with their relationship (Factur-X's `factur-x.xml`, Alternative). Nothing is taken from the
 * clock or a random source: the same inputs give the same bytes. The fonts must be embedded
 * already (unicode-fonts.ts): PDF/A allows no other.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AFRelationship, PDFDocument } from 'pdf-lib';
import { xmpPacket, type XmpFields } from './pdf-a-xmp';

/** The profile beside this module, or beside the server bundle in dist/srgb/ (the same path). */
const PROFILE_FILE = fileURLToPath(new URL('./srgb/sRGB.icc', import.meta.url));
let profile: Buffer | null = null;
const srgbProfile = () => (profile ??= readFileSync(PROFILE_FILE));

export interface PdfAttachment {
  name: string;
  bytes: Uint8Array;
  mimeType: string;
  description: string;
  relationship: AFRelationship;
}

export interface PdfA3Fields extends XmpFields {
  /** What the file identifier is made from: the same for the same document, never random. */
  identity: string;
  attachments: PdfAttachment[];
}

/** Writes everything PDF/A-3B asks beyond the pages into `doc`; save it afterwards. */
export async function makePdfA3(doc: PDFDocument, fields: PdfA3Fields): Promise<void> {
  const { PDFHexString, PDFName, PDFString } = await import('pdf-lib');
  doc.setTitle(fields.title);
  doc.setAuthor(fields.author);
  doc.setSubject(fields.subject);
  doc.setProducer(fields.producer);
  doc.setCreator(fields.creatorTool);
  doc.setCreationDate(fields.date);
  doc.setModificationDate(fields.date);

  const { context, catalog } = doc;
  const metadata = context.stream(new TextEncoder().encode(xmpPacket(fields)), {
    Type: 'Metadata',
    Subtype: 'XML',
  });
  catalog.set(PDFName.of('Metadata'), context.register(metadata));

  const iccProfile = context.register(context.flateStream(srgbProfile(), { N: 3 }));
  const intent = context.obj({
    Type: 'OutputIntent',
    S: 'GTS_PDFA1',
    OutputConditionIdentifier: PDFString.of('sRGB IEC61966-2.1'),
    Info: PDFString.of('sRGB IEC61966-2.1'),
    DestOutputProfile: iccProfile,
  });
  catalog.set(PDFName.of('OutputIntents'), context.obj([intent]));

  const id = createHash('sha256').update(fields.identity).digest('hex').slice(0, 32);
  context.trailerInfo.ID = context.obj([PDFHexString.of(id), PDFHexString.of(id)]);

  for (const file of fields.attachments) {
    await doc.attach(file.bytes, file.name, {
      mimeType: file.mimeType,
      description: file.description,
      creationDate: fields.date,
      modificationDate: fields.date,
      afRelationship: file.relationship,
    });
  }
}
