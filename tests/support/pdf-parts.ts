/**
 * What poppler (Debian's poppler-utils) finds in a PDF beyond its text (tests/support/pdf-text.ts
 * reads that): each font and whether it is embedded (`pdffonts`), and the attached files
 * (`pdfdetach`), as the invoice tests check them (docs/invoices.md, "How the tests check it").
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

async function withPdf<T>(bytes: Uint8Array, use: (file: string, dir: string) => Promise<T>) {
  const dir = await mkdtemp(path.join(tmpdir(), 'pdf-parts-'));
  try {
    const file = path.join(dir, 'read.pdf');
    await writeFile(file, bytes);
    return await use(file, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface PdfFont {
  name: string;
  type: string;
  embedded: boolean;
}

/** Each font `pdffonts` lists, with its "emb" column. */
export function pdfFonts(bytes: Uint8Array): Promise<PdfFont[]> {
  return withPdf(bytes, async (file) => {
    const { stdout } = await run('/usr/bin/pdffonts', [file]);
    const [header = '', rule = '', ...rows] = stdout.split('\n');
    // Columns are as wide as the rule's dashes under each heading.
    const widths = rule.split(' ').map((dashes) => dashes.length);
    const columns = (row: string) => {
      let at = 0;
      return widths.map((width) => {
        const cell = row.slice(at, at + width).trim();
        at += width + 1;
        return cell;
      });
    };
    const names = columns(header);
    return rows.filter(Boolean).map((row) => {
      const cells = columns(row);
      const cell = (heading: string) => cells[names.indexOf(heading)] ?? '';
      return { name: cell('name'), type: cell('type'), embedded: cell('emb') === 'yes' };
    });
  });
}

/** Every attached file `pdfdetach -saveall` writes out: name → bytes. */
export function pdfAttachments(bytes: Uint8Array): Promise<Record<string, Buffer>> {
  return withPdf(bytes, async (file, dir) => {
    const out = path.join(dir, 'attached');
    await mkdir(out);
    await run('/usr/bin/pdfdetach', ['-saveall', '-o', out, file]);
    const files: Record<string, Buffer> = {};
    for (const name of await readdir(out)) files[name] = await readFile(path.join(out, name));
    return files;
  });
}

/**
 * The text as `pdftotext -layout` places it: a table's row on one line, as a person reads it
 * (tests/support/pdf-text.ts reads each column's text in turn instead).
 */
export function pdfLayoutText(bytes: Uint8Array): Promise<string> {
  return withPdf(bytes, async (file) => {
    const { stdout } = await run('/usr/bin/pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
    return stdout;
  });
}
