import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expect, it } from 'vitest';
import { isWinAnsi, winAnsiText } from './win-ansi';

it('keeps what WinAnsi writes, typographic signs and the euro included', () => {
  const text = 'Zoë’s café – “€1,000” — naïve… • ½ × 3 ™ Œuvre\nline two';
  expect(winAnsiText(text)).toBe(text);
});

it('writes every other character as near as WinAnsi allows, never failing', () => {
  expect(winAnsiText('Łódź Dvořák ﬁne Ωmega 报价')).toBe('Lódz Dvorák fine ?mega ??');
  expect(winAnsiText('a\u200Bb\u200Ec\u0301 x\ty 1\u202F000 −5 → ok')).toBe(
    'abc x y 1 000 -5 -> ok',
  );
  // An emoji, its skin tone and its variation selector are one replaced sign.
  expect(winAnsiText('ok 👍🏽 ❤️!')).toBe('ok ? ?!');
  // Decomposed accents are composed first, so they are kept.
  expect(winAnsiText('Zoe\u0308')).toBe('Zoë');
});

it("agrees with pdf-lib's Helvetica on every character of the Basic Multilingual Plane", async () => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const charset = new Set(font.getCharacterSet());
  const disagree: string[] = [];
  let all = '';
  for (let codePoint = 0; codePoint <= 0xffff; codePoint++) {
    if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue; // surrogates: no character
    if (isWinAnsi(codePoint) !== charset.has(codePoint)) disagree.push(codePoint.toString(16));
    if (codePoint !== 0x0a) all += String.fromCodePoint(codePoint);
  }
  expect(disagree).toEqual([]);
  // Whatever comes out, the font writes.
  expect(() => font.encodeText(winAnsiText(all))).not.toThrow();
});
