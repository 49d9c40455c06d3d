/**
 * Writes flowing text onto A4 pages with pdf-lib, a new page whenever the current one is full:
 * paragraphs wrapped to the width, rows of cells kept whole on one page (a table's line), and
 * the footer of every page written last, when the number of pages is known. The proposal and
 * invoice PDFs both draw with it (docs/invoices.md, "The document"). Every text goes through
 * `textOf` first: composed (NFC), so an accent typed as a combining mark sits on its letter,
 * or made writable for fonts that write less than Unicode.
 */
import type { PDFDocument, PDFFont, PDFPage, RGB } from 'pdf-lib';

/** A4 in points. */
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { side: 56, top: 64, bottom: 64 };
/** A line's height for a given font size. */
const LEADING = 1.35;

/** The two colours of the text, as red, green and blue from 0 to 1 (proposal-pdf.ts makes them). */
export const TONES = { ink: [0.11, 0.11, 0.13], muted: [0.4, 0.4, 0.44] } as const;
export type Tone = keyof typeof TONES;

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  /** For the document hash, whose 64 digits read best in columns. */
  mono: PDFFont;
}

export interface TextStyle {
  font?: keyof Fonts;
  size?: number;
  color?: Tone;
}

export interface Cell extends TextStyle {
  text: string;
  /** From the left margin. */
  x: number;
  width: number;
  align?: 'left' | 'right';
}

export interface PageWriter {
  /** The width between the margins. */
  readonly width: number;
  /** Points left on the current page. */
  room(): number;
  newPage(): void;
  /** Moves down by `points` (never onto a new page). */
  space(points: number): void;
  /** Wrapped to the width; lines go on to new pages as needed. */
  paragraph(text: string, style?: TextStyle): void;
  /** Cells side by side, each wrapped to its width; the row's height, as `rowHeight` says. */
  row(cells: Cell[]): void;
  rowHeight(cells: Cell[]): number;
  /** A thin line across the width. */
  rule(): void;
  /** Writes each page's footer, now that the count is known. */
  finish(footer: (page: number, pages: number) => string): void;
}

const lineHeight = (size: number) => size * LEADING;

/** A heading never ends a page: it starts the next when fewer than three lines follow it. */
export function keepWithNext(writer: PageWriter): void {
  if (writer.room() < 60) writer.newPage();
}

/**
 * Lines of at most `width` points: the text's own line breaks kept, words moved to the next
 * line, a word longer than the width broken where it must be, a line's leading spaces kept
 * (an indented list item of a summary). A line's width is the sum of its words' and spaces'
 * (kerning across a space is left out: a fraction of a point), so 50,000 characters of terms
 * wrap in milliseconds rather than measuring each line again at every word.
 */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const measure = (part: string) => font.widthOfTextAtSize(part, size);
  const space = measure(' ');
  const lines: string[] = [];
  for (const source of text.split('\n')) {
    const indent = /^ */.exec(source)?.[0] ?? '';
    const words = source.slice(indent.length).split(/ +/).filter(Boolean);
    const start = measure(indent);
    let line = indent;
    let used = start;
    for (const word of words) {
      const empty = line === indent;
      const wide = measure(word);
      if (used + (empty ? 0 : space) + wide <= width) {
        line = empty ? `${line}${word}` : `${line} ${word}`;
        used += (empty ? 0 : space) + wide;
        continue;
      }
      if (!empty) lines.push(line);
      let rest = word;
      // A word wider than the line: its longest head that fits, at least one character.
      while (start + measure(rest) > width && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && start + measure(rest.slice(0, cut)) > width) cut--;
        lines.push(`${indent}${rest.slice(0, cut)}`);
        rest = rest.slice(cut);
      }
      line = `${indent}${rest}`;
      used = start + measure(rest);
    }
    lines.push(line === indent ? '' : line);
  }
  return lines;
}

export function createPageWriter(
  doc: PDFDocument,
  fonts: Fonts,
  colors: Record<Tone, RGB>,
  textOf: (text: string) => string = (text) => text.normalize('NFC'),
): PageWriter {
  const width = PAGE.width - 2 * MARGIN.side;
  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  /** The top of the next line. */
  let top = PAGE.height - MARGIN.top;

  const newPage = () => {
    page = doc.addPage([PAGE.width, PAGE.height]);
    top = PAGE.height - MARGIN.top;
  };
  const room = () => top - MARGIN.bottom;

  const draw = (text: string, x: number, baselineTop: number, style: TextStyle) => {
    const size = style.size ?? 10;
    page.drawText(text, {
      x,
      // The baseline a font size below the line's top: the leading's rest falls below it.
      y: baselineTop - size,
      size,
      font: fonts[style.font ?? 'regular'],
      color: colors[style.color ?? 'ink'],
    });
  };

  const linesOf = (cell: Cell) =>
    wrapText(textOf(cell.text), fonts[cell.font ?? 'regular'], cell.size ?? 10, cell.width);

  const rowHeight = (cells: Cell[]) =>
    Math.max(...cells.map((cell) => linesOf(cell).length * lineHeight(cell.size ?? 10)));

  return {
    width,
    room,
    newPage,
    space(points) {
      top -= Math.min(points, room());
    },
    paragraph(text, style = {}) {
      const size = style.size ?? 10;
      const font = fonts[style.font ?? 'regular'];
      for (const line of wrapText(textOf(text), font, size, width)) {
        if (room() < lineHeight(size)) newPage();
        if (line) draw(line, MARGIN.side, top, style);
        top -= lineHeight(size);
      }
    },
    rowHeight,
    row(cells) {
      const height = rowHeight(cells);
      if (room() < height) newPage();
      for (const cell of cells) {
        const font = fonts[cell.font ?? 'regular'];
        const size = cell.size ?? 10;
        linesOf(cell).forEach((line, i) => {
          const x =
            cell.align === 'right'
              ? MARGIN.side + cell.x + cell.width - font.widthOfTextAtSize(line, size)
              : MARGIN.side + cell.x;
          draw(line, x, top - i * lineHeight(size), cell);
        });
      }
      top -= height;
    },
    rule() {
      if (room() < 6) newPage();
      top -= 3;
      page.drawLine({
        start: { x: MARGIN.side, y: top },
        end: { x: MARGIN.side + width, y: top },
        thickness: 0.5,
        color: colors.muted,
      });
      top -= 3;
    },
    finish(footer) {
      const pages = doc.getPages();
      pages.forEach((each, i) => {
        // One line, whatever the company's name: what does not fit is left off.
        const [line = ''] = wrapText(textOf(footer(i + 1, pages.length)), fonts.regular, 8, width);
        each.drawText(line, {
          x: MARGIN.side,
          y: MARGIN.bottom / 2,
          size: 8,
          font: fonts.regular,
          color: colors.muted,
        });
      });
    },
  };
}
