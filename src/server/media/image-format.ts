/**
 * What an uploaded file is, judged by its first bytes and never by its name or the type the
 * browser claims: a file named photo.png that holds anything else is refused.
 */
export type RasterFormat = 'jpeg' | 'png' | 'webp' | 'avif';
export type UploadFormat = RasterFormat | 'svg';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((byte, i) => bytes[at + i] === byte);

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/** AVIF is an ISO-BMFF file whose `ftyp` box names the avif (or avis) brand. */
function isAvif(bytes: Uint8Array): boolean {
  if (ascii(bytes, 4, 8) !== 'ftyp') return false;
  const boxSize =
    ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0);
  const end = Math.min(boxSize, bytes.length, 64);
  for (let at = 8; at + 4 <= end; at += 4) {
    const brand = ascii(bytes, at, at + 4);
    if (brand === 'avif' || brand === 'avis') return true;
  }
  return false;
}

/** An SVG document: optional BOM, XML declaration, comments and doctype, then `<svg`. */
function isSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes.subarray(0, 4096))
    .replace(/^\uFEFF/, '')
    .replace(/<\?xml[\s\S]*?\?>/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    // An internal subset (`[ <!ENTITY …> ]`, older Illustrator exports) holds `>` of its own.
    .replace(/<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/i, '')
    .trimStart();
  return /^<svg[\s>]/i.test(head);
}

export function detectFormat(bytes: Uint8Array): UploadFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (isAvif(bytes)) return 'avif';
  if (isSvg(bytes)) return 'svg';
  return null;
}
