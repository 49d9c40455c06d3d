/**
 * A PDF's text as poppler's `pdftotext` reads it (Debian's poppler-utils), page by page: how
 * the tests read the signed proposal back (docs/proposals.md, "The signed PDF").
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pdf-text-'));
  try {
    const file = path.join(dir, 'read.pdf');
    await writeFile(file, bytes);
    const { stdout } = await run('/usr/bin/pdftotext', ['-enc', 'UTF-8', file, '-']);
    // pdftotext ends each page with a form feed.
    return stdout.split('\f').slice(0, -1);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
