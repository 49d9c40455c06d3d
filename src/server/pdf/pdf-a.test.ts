import {
  AFRelationship,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFStream,
} from 'pdf-lib';
import { expect, it } from 'vitest';
import { makePdfA3 } from './pdf-a';
import { embedUnicodeFonts } from './unicode-fonts';

const date = new Date('2026-11-27T00:00:00Z');

async function madeAndRead() {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedUnicodeFonts(doc);
  doc.addPage().drawText('Zoë Łódź-Ørsted', { x: 50, y: 700, font: fonts.regular });
  await makePdfA3(doc, {
    title: 'Invoice INV-2026-0001',
    author: 'Harbor Lane AI GmbH',
    subject: 'Invoice INV-2026-0001 to Zoë Łódź-Ørsted',
    producer: 'pdf-lib',
    creatorTool: 'Harbor Lane AI GmbH',
    date,
    facturX: { fileName: 'factur-x.xml', documentType: 'INVOICE', conformanceLevel: 'EN 16931' },
    identity: 'INV-2026-0001',
    attachments: [
      {
        name: 'factur-x.xml',
        bytes: new TextEncoder().encode('<x/>'),
        mimeType: 'text/xml',
        description: 'XML',
        relationship: AFRelationship.Alternative,
      },
    ],
  });
  const bytes = await doc.save();
  return { bytes, read: await PDFDocument.load(bytes, { updateMetadata: false }) };
}

it('declares PDF/A-3B and Factur-X EN 16931 in its XMP, matching the document information', async () => {
  const { read } = await madeAndRead();
  const metadata = read.catalog.lookup(PDFName.of('Metadata'));
  if (!(metadata instanceof PDFRawStream)) throw new Error('no metadata stream in the catalog');
  // Not compressed: a PDF/A reader finds it without a filter.
  expect(metadata.dict.get(PDFName.of('Filter'))).toBeUndefined();
  const xmp = new TextDecoder().decode(metadata.getContents());
  expect(xmp).toContain('<pdfaid:part>3</pdfaid:part>');
  expect(xmp).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
  expect(xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
  expect(xmp).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
  expect(xmp).toContain('<pdfaSchema:prefix>fx</pdfaSchema:prefix>');
  expect(xmp).toContain(
    '<rdf:li xml:lang="x-default">Invoice INV-2026-0001 to Zoë Łódź-Ørsted</rdf:li>',
  );
  expect(xmp).toContain('<xmp:CreateDate>2026-11-27T00:00:00Z</xmp:CreateDate>');
  expect(read.getTitle()).toBe('Invoice INV-2026-0001');
  expect(read.getCreationDate()?.toISOString()).toBe(date.toISOString());
  expect(read.getModificationDate()?.toISOString()).toBe(date.toISOString());
});

it('has an sRGB output intent, a file identifier and the XML attached as an alternative', async () => {
  const { read, bytes } = await madeAndRead();
  const [intent] = read.catalog.lookup(PDFName.of('OutputIntents'), PDFArray).asArray();
  const intentDict = read.context.lookup(intent, PDFDict);
  expect(intentDict.get(PDFName.of('S'))).toEqual(PDFName.of('GTS_PDFA1'));
  const profile = intentDict.lookup(PDFName.of('DestOutputProfile'), PDFStream);
  expect(profile.dict.get(PDFName.of('N'))?.toString()).toBe('3');
  expect(read.context.trailerInfo.ID?.toString()).toMatch(/^\[ <[0-9a-f]{32}> <[0-9a-f]{32}> \]$/);
  const [spec] = read.catalog.lookup(PDFName.of('AF'), PDFArray).asArray();
  const fileSpec = read.context.lookup(spec, PDFDict);
  expect(fileSpec.get(PDFName.of('AFRelationship'))).toEqual(PDFName.of('Alternative'));
  // A PDF/A file begins with its version and a comment of four bytes above 127.
  expect(Buffer.from(bytes.slice(0, 8)).toString('latin1')).toBe('%PDF-1.7');
  expect([...bytes.slice(10, 14)].every((byte) => byte > 127)).toBe(true);
});
