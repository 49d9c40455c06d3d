/**
 * The names of a ZIP archive's entries, read from its central directory (PKWARE APPNOTE 4.3.12
 * and 4.3.16) without inflating anything: enough to tell a Word, Excel or PowerPoint file
 * (Office Open XML, ECMA-376, a ZIP holding `[Content_Types].xml` and `word/`, `xl/` or
 * `ppt/`) from any other ZIP. Null: the bytes are no readable ZIP.
 */

import type { ChunkedBytes } from '#server/http/chunked-bytes';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
/** The end record is 22 bytes, followed by a comment of at most 65,535. */
const END_SEARCH = 22 + 0xffff;

export function zipEntryNames(file: ChunkedBytes): string[] | null {
  // Only the end and the directory are copied out of the file's chunks.
  const tailStart = Math.max(0, file.length - END_SEARCH);
  const tail = file.slice(tailStart);
  let endInTail = -1;
  for (let at = tail.length - 22; at >= 0; at--) {
    if (tail.readUInt32LE(at) === END_OF_DIRECTORY) {
      endInTail = at;
      break;
    }
  }
  if (endInTail === -1) return null;
  const count = tail.readUInt16LE(endInTail + 10);
  const size = tail.readUInt32LE(endInTail + 12);
  const offset = tail.readUInt32LE(endInTail + 16);
  const endAt = tailStart + endInTail;
  if (offset + size > endAt) return null;
  const bytes = file.slice(offset, offset + size);
  const end = size;
  let at = 0;
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) return null;
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    if (at + 46 + nameLength > end) return null;
    names.push(bytes.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}
