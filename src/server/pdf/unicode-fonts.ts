/**
 * The fonts every PDF the site makes writes with (docs/invoices.md, "The document"): DejaVu
 * Sans and DejaVu Sans Bold, embedded, so every name prints as typed ("Zoë Łódź-Ørsted"), in
 * Latin, Greek and Cyrillic scripts and more, and PDF/A finds every font inside the file. Only
 * the glyphs used are embedded (a few kilobytes, not 1.4 MB), each subset under a fixed name:
 * pdf-lib would otherwise name it with a random tag, and the same invoice would not give the
 * same bytes twice.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/** fontkit as pdf-lib knows it, and the font it parses. */
type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type Font = ReturnType<Fontkit['create']>;

const FILES = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const;
/** A subset's PostScript name: a six-letter tag, "+", the font's name (PDF 1.7, 9.6.4). */
const SUBSET_NAMES = { regular: 'DJVSRG+DejaVuSans', bold: 'DJVSBD+DejaVuSans-Bold' } as const;

/**
 * The font's file: beside the server bundle in dist/fonts/, where `npm run build` copies the
 * share images' folder (scripts/bundle-server.ts), or in that folder of the sources.
 */
function fontPath(name: string): string {
  const bundled = fileURLToPath(new URL(`./fonts/${name}`, import.meta.url));
  return existsSync(bundled)
    ? bundled
    : fileURLToPath(new URL(`../entries/fonts/${name}`, import.meta.url));
}

const loaded = new Map<string, Buffer>();
const parsed = new Map<Uint8Array, Font>();
const fontBytes = (name: string) => {
  const bytes = loaded.get(name) ?? readFileSync(fontPath(name));
  loaded.set(name, bytes);
  return bytes;
};

export interface UnicodeFonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Embeds both fonts into `doc` (subsets written when the document is saved). */
export async function embedUnicodeFonts(doc: PDFDocument): Promise<UnicodeFonts> {
  // Loaded at the first PDF, not at start (docs/operations.md, "Start-up time").
  const { default: fontkit } = await import('@pdf-lib/fontkit');
  doc.registerFontkit({
    // Parsed once per file, not per document: the parse of 1.4 MB of fonts was a third of an
    // invoice's time. The font is read-only to pdf-lib; each document makes its own subset.
    create: (bytes, postscriptName) => {
      const font = parsed.get(bytes) ?? fontkit.create(bytes, postscriptName);
      parsed.set(bytes, font);
      return font;
    },
  });
  const embed = async (weight: keyof typeof FILES) =>
    measuredOnce(
      await doc.embedFont(fontBytes(FILES[weight]), {
        subset: true,
        customName: SUBSET_NAMES[weight],
        // No ligatures: "fi" stays two letters, so the text reads back (and is found) as typed.
        features: { liga: false },
      }),
      weight,
    );
  return { regular: await embed('regular'), bold: await embed('bold') };
}

/** Widths at size 1, by weight and text: the same for every document, as the fonts are. */
const widths = { regular: new Map<string, number>(), bold: new Map<string, number>() };
/** Enough for every word of many invoices; past it the cache starts again. */
const WIDTHS_KEPT = 20_000;

/**
 * The font with its text widths remembered: fontkit shapes the text for each width asked, and
 * wrapping lines asks for every word, most of them asked before (profiled: three quarters of
 * a 100-line invoice's time went to shaping words again).
 */
function measuredOnce(font: PDFFont, weight: keyof typeof FILES): PDFFont {
  const known = widths[weight];
  const measure = font.widthOfTextAtSize.bind(font);
  font.widthOfTextAtSize = (text, size) => {
    let width = known.get(text);
    if (width === undefined) {
      if (known.size >= WIDTHS_KEPT) known.clear();
      width = measure(text, 1);
      known.set(text, width);
    }
    return width * size;
  };
  return font;
}

/** What both fonts draw: the same set for every document, so it is read once. */
let drawable: ReadonlySet<number> | null = null;

/**
 * The page writer's text for these fonts: composed (NFC), each character kept as typed where
 * the fonts draw it. One they have no glyph for (Chinese, an emoji) becomes U+FFFD, the
 * replacement sign, rather than the invisible "missing glyph" PDF/A refuses; the XML beside the
 * PDF keeps the text whole.
 */
export function unicodeText(fonts: UnicodeFonts): (text: string) => string {
  if (!drawable) {
    const bold = new Set(fonts.bold.getCharacterSet());
    drawable = new Set(fonts.regular.getCharacterSet().filter((code) => bold.has(code)));
  }
  const has = drawable;
  return (text) =>
    [...text.normalize('NFC')]
      .map((char) => (char === '\n' || has.has(char.codePointAt(0) ?? 0) ? char : '\uFFFD'))
      .join('');
}
