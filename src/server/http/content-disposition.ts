/**
 * `Content-Disposition: attachment` for any file name (RFC 6266): `filename` as a quoted
 * ASCII fallback for old clients (every other character `_`, no quote or backslash), and
 * `filename*` with the name's UTF-8 bytes percent-encoded (RFC 8187, formerly 5987), which every
 * current browser prefers.
 */

/** The characters `attr-char` allows unencoded (RFC 8187 section 3.2.1). */
const ATTR_CHAR = /[A-Za-z0-9!#$&+.^_`|~-]/;

export function attachmentDisposition(name: string): string {
  const fallback = Array.from(name)
    .map((char) => (/^[\x20-\x7e]$/.test(char) && char !== '"' && char !== '\\' ? char : '_'))
    .join('');
  const encoded = Array.from(new TextEncoder().encode(name))
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return byte < 0x80 && ATTR_CHAR.test(char)
        ? char
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
