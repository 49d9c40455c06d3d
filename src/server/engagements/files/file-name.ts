/**
 * A shared file's name as stored and downloaded (docs/engagements.md, "Files"): the last part
 * of whatever path the browser sent, without control or direction-changing characters (which
 * could show `exe.pdf` as `fdp.exe`), characters Windows refuses, or leading dots (a hidden
 * file), cut to a length every file system takes, and ending with the extension of the type
 * its bytes showed: a PNG named `x.pdf` is kept as `x.png`.
 */
import { ENGAGEMENT_FILE_NAME_MAX, type EngagementFileKind } from '#shared/engagements/file-rules';
import { extensionOf } from './file-type';

/** The other extensions a kind's file may keep (the first one of each kind is its own). */
const SAME_KIND: Readonly<Partial<Record<EngagementFileKind, readonly string[]>>> = {
  jpg: ['jpeg'],
  txt: ['text'],
  md: ['markdown'],
};

/** C0, DEL and C1 controls; direction marks, embeddings, overrides and isolates; the BOM. */
function unsafe(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069) ||
    code === 0xfeff
  );
}
const WINDOWS_RESERVED = /[<>:"|?*]/g;

export function cleanFileName(sent: string, kind: EngagementFileKind): string {
  const last = sent.split(/[\\/]/).pop() ?? '';
  const plain = Array.from(last.normalize('NFC'))
    .filter((char) => !unsafe(char.codePointAt(0) ?? 0))
    .join('')
    .replace(WINDOWS_RESERVED, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  const extension = extensionOf(plain);
  const keeps = extension === kind || (SAME_KIND[kind] ?? []).includes(extension);
  const stem = extension === '' ? plain : plain.slice(0, plain.length - extension.length - 1);
  const suffix = keeps ? plain.slice(plain.length - extension.length) : kind;
  // Cut by characters (code points), never inside a surrogate pair.
  const room = ENGAGEMENT_FILE_NAME_MAX - suffix.length - 1;
  const cut = Array.from(stem).slice(0, room).join('').trim();
  return `${cut === '' ? 'file' : cut}.${suffix}`;
}
