/**
 * What a shared file is, judged by its bytes (docs/engagements.md, "Files"), never by its name
 * or the type the browser claims. The images are the media uploads' own check
 * (media/image-format.ts); a ZIP is told apart from the Office files it may be by its entries;
 * text (which has no signature) must be UTF-8 without NUL bytes, and only then does the name's
 * extension choose among text, Markdown and CSV. Null: not an allowed type (415).
 */
import { ChunkedBytes } from '#server/http/chunked-bytes';
import { detectFormat } from '#server/media/image-format';
import type { EngagementFileKind } from '#shared/engagements/file-rules';
import { zipEntryNames } from './zip-entries';

const PDF = Buffer.from('%PDF-');
const ZIP_LOCAL = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const ZIP_EMPTY = Buffer.from([0x50, 0x4b, 0x05, 0x06]);

/** The extensions a text file may be named with, and the kind each makes it. */
const TEXT_EXTENSIONS: Readonly<Record<string, EngagementFileKind>> = {
  txt: 'txt',
  text: 'txt',
  md: 'md',
  markdown: 'md',
  csv: 'csv',
};

function officeKind(names: readonly string[]): EngagementFileKind {
  if (!names.includes('[Content_Types].xml')) return 'zip';
  if (names.some((name) => name.startsWith('word/'))) return 'docx';
  if (names.some((name) => name.startsWith('xl/'))) return 'xlsx';
  if (names.some((name) => name.startsWith('ppt/'))) return 'pptx';
  return 'zip';
}

/** UTF-8 without NUL, checked chunk by chunk (a character may span two). */
function isUtf8Text(file: ChunkedBytes): boolean {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for (const chunk of file) {
      if (chunk.includes(0)) return false;
      decoder.decode(chunk, { stream: true });
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

/** The extension of a name (lower case, without the dot), or ''. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * The kind of `bytes`, or null. `name` is read only for text, whose bytes cannot say which of
 * the text types it is: a text named `report.pdf` is refused, as its name claims what its bytes
 * are not; one with no extension is plain text.
 */
export function fileKind(file: ChunkedBytes | Buffer, name: string): EngagementFileKind | null {
  const bytes = file instanceof ChunkedBytes ? file : ChunkedBytes.of(file);
  // The signatures are in the first bytes (an SVG's, which is refused, in the first 4 KiB).
  const head = bytes.slice(0, 4096);
  if (head.subarray(0, PDF.length).equals(PDF)) return 'pdf';
  const image = detectFormat(head);
  if (image === 'png' || image === 'webp') return image;
  if (image === 'jpeg') return 'jpg';
  const opening = head.subarray(0, 4);
  if (opening.equals(ZIP_LOCAL) || opening.equals(ZIP_EMPTY)) {
    const names = zipEntryNames(bytes);
    return names ? officeKind(names) : null;
  }
  if (!isUtf8Text(bytes)) return null;
  const extension = extensionOf(name);
  if (extension === '') return 'txt';
  return TEXT_EXTENSIONS[extension] ?? null;
}
