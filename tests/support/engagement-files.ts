/**
 * Files for the tests of engagements/files/: an engagement's settings changed directly, and a
 * real file of each allowed type (the Office ones as ZIPs laid out as Word, Excel and
 * PowerPoint write them).
 */
import { eq } from 'drizzle-orm';
import { zipSync, strToU8 } from 'fflate';
import { writeTransaction, type Db } from '#db';
import { engagements } from '#db/schema';
import type { EngagementFileKind } from '#shared/engagements/file-rules';
import { testImage } from './images';

export async function setEngagement(
  db: Db,
  id: number,
  fields: { clientUploads?: boolean; status?: 'active' | 'closed' },
): Promise<void> {
  await writeTransaction(db, (tx) =>
    tx.update(engagements).set(fields).where(eq(engagements.id, id)).run(),
  );
}

const officeZip = (folder: string, part: string) =>
  Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types/>'),
      '_rels/.rels': strToU8('<?xml version="1.0"?><Relationships/>'),
      [`${folder}/${part}`]: strToU8('<?xml version="1.0"?><root/>'),
    }),
  );

/** A PDF's opening and a body, `size` bytes in all (at least 64). */
export function pdfBytes(size = 1024): Buffer {
  const bytes = Buffer.alloc(size, 0x20);
  bytes.write('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  bytes.write('\n%%EOF\n', size - 7, 'latin1');
  return bytes;
}

/** A real file of each allowed kind, and the name a person would give it. */
export async function sampleFiles(): Promise<
  { kind: EngagementFileKind; name: string; bytes: Buffer }[]
> {
  return [
    { kind: 'pdf', name: 'scope.pdf', bytes: pdfBytes() },
    { kind: 'png', name: 'mockup.png', bytes: await testImage('png', 32, 32) },
    { kind: 'jpg', name: 'photo.jpeg', bytes: await testImage('jpeg', 32, 32) },
    { kind: 'webp', name: 'banner.webp', bytes: await testImage('webp', 32, 32) },
    { kind: 'txt', name: 'notes.txt', bytes: Buffer.from('Call at 10, café on the corner.\n') },
    { kind: 'md', name: 'plan.md', bytes: Buffer.from('# Plan\n\n- one\n- two\n') },
    { kind: 'csv', name: 'budget.csv', bytes: Buffer.from('item,amount\nhosting,120\n') },
    { kind: 'docx', name: 'brief.docx', bytes: officeZip('word', 'document.xml') },
    { kind: 'xlsx', name: 'figures.xlsx', bytes: officeZip('xl', 'workbook.xml') },
    { kind: 'pptx', name: 'deck.pptx', bytes: officeZip('ppt', 'presentation.xml') },
    {
      kind: 'zip',
      name: 'assets.zip',
      bytes: Buffer.from(zipSync({ 'logo.svg': strToU8('<svg/>'), 'read me.txt': strToU8('hi') })),
    },
  ];
}

/** A Windows program's first bytes (the MZ header, NULs after it). */
export const EXE_BYTES = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00', 'latin1'),
  Buffer.alloc(512),
]);
export const HTML_BYTES = Buffer.from(
  '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
);
