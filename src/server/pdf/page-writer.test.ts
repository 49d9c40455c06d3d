import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import { beforeAll, expect, it } from 'vitest';
import { wrapText } from './page-writer';

let font: PDFFont;
beforeAll(async () => {
  font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
});

it('wraps at the width, keeping the text’s own line breaks, empty lines and indentation', () => {
  const text = 'one two three four five six\n\n    indented words that wrap around';
  const width = font.widthOfTextAtSize('one two three', 10);
  const lines = wrapText(text, font, 10, width);
  expect(lines).toEqual([
    'one two three',
    'four five six',
    '',
    '    indented',
    '    words that',
    '    wrap',
    '    around',
  ]);
  for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(width);
});

it('breaks a word wider than the line where it must, losing no character', () => {
  const word = 'https://example.com/'.padEnd(300, 'x');
  const lines = wrapText(`see ${word} end`, font, 10, 120);
  expect(lines[0]).toBe('see');
  expect(lines.at(-1)).toMatch(/ end$/);
  expect(lines.join(' ').replace(/ /g, '')).toBe(`see${word}end`);
  for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(120);
});
