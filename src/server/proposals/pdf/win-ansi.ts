/**
 * Text for the PDF's standard fonts (Helvetica, Courier), which write WinAnsi: Latin-1 and 27
 * typographic signs (€, curly quotes, dashes, …). pdf-lib throws on any other character, and a
 * client's name, a summary or a browser's name may hold one (Łódź, Ω, 报价, an emoji). Each such
 * character is written as near as WinAnsi allows: its letter without the accent (ő → o, Ł → L), a
 * compatibility form (ﬁ → fi), a few signs spelled out (− → -, → → ->), a space for any space,
 * nothing for invisible marks, and "?" for the rest. Line breaks are kept; the page writer
 * (src/server/pdf/page-writer.ts) splits on them.
 */

/** What WinAnsi writes above Latin-1's printable ranges (its 0x80–0x9F codes). */
const WIN_ANSI_EXTRAS = new Set(
  [...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'].map((char) => char.codePointAt(0)),
);

/** Whether the standard fonts can write this code point. */
export function isWinAnsi(codePoint: number): boolean {
  return (
    (codePoint >= 0x20 && codePoint <= 0x7e) ||
    (codePoint >= 0xa0 && codePoint <= 0xff) ||
    WIN_ANSI_EXTRAS.has(codePoint)
  );
}

/**
 * Letters and signs with a common spelling in WinAnsi that no Unicode decomposition gives
 * (the stroked letters of Polish, Croatian, Maltese names; Turkish dotless i).
 */
const SPELLED: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  '\t': ' ',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2212': '-',
  '\u2032': "'",
  '\u2033': '"',
  '\u2190': '<-',
  '\u2192': '->',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2248': '~',
};

const writable = (text: string) => [...text].every((char) => isWinAnsi(char.codePointAt(0) ?? 0));

/** The text with every character the standard fonts cannot write replaced (see above). */
export function winAnsiText(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const codePoint = char.codePointAt(0) ?? 0;
    if (char === '\n' || isWinAnsi(codePoint)) out += char;
    else if (char in SPELLED) out += SPELLED[char];
    else if (/\p{Zs}/u.test(char)) out += ' ';
    // Controls, zero-width and direction marks, combining marks left over, emoji skin tones.
    else if (/[\p{Cc}\p{Cf}\p{M}\p{Emoji_Modifier}]/u.test(char)) continue;
    else {
      const plain = char.normalize('NFKD').replace(/\p{M}/gu, '');
      out += plain && writable(plain) ? plain : '?';
    }
  }
  return out;
}
