/**
 * Draws an entry's share image (docs/content.md, "Share images"): a 1200×630 PNG of its title
 * on the brand colour, with the company's name and uploaded logo. Satori lays the text out
 * with the font's real widths (a long title wraps in smaller letters, and is cut with an
 * ellipsis after five lines, never past the edge), then resvg paints the SVG it writes
 * (decision 0045: why not an SVG drawn by sharp). Text goes in as React-like children, never
 * as markup, so `<`, `&` or an emoji in a title are only characters; emoji are left out (the
 * font has none).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderAsync } from '@resvg/resvg-js';
import satori from 'satori';
import { createElement, type CSSProperties, type ReactNode } from 'react';
import sharp from 'sharp';
import { SHARE_IMAGE_COLOURS, SHARE_IMAGE_SIZE } from './share-image-path';

/**
 * DejaVu Sans Bold, shipped with its licence beside it (fonts/README.md). From the production
 * bundle this names dist/fonts/, where `npm run build` copies the folder
 * (scripts/bundle-server.ts).
 */
const FONT_FILE = fileURLToPath(new URL('./fonts/DejaVuSans-Bold.ttf', import.meta.url));
let font: Buffer | null = null;
const fontData = () => (font ??= readFileSync(FONT_FILE));

const LOGO_HEIGHT = 72;

export interface ShareImageParts {
  title: string;
  companyName: string;
  /** The uploaded logo's bytes (PNG, JPEG, WebP, AVIF or sanitised SVG), or null. */
  logo: Buffer | null;
}

/** The logo as a PNG data address at the picture's logo height, or null if it cannot be read. */
async function logoSource(logo: Buffer | null) {
  if (!logo) return null;
  try {
    const { data, info } = await sharp(logo)
      .resize({ height: LOGO_HEIGHT * 2, width: 600, fit: 'inside' })
      .png()
      .toBuffer({ resolveWithObject: true });
    return {
      src: `data:image/png;base64,${data.toString('base64')}`,
      width: Math.round((info.width * LOGO_HEIGHT) / info.height),
    };
  } catch {
    return null;
  }
}

/** An element as satori reads it: a style object, text or elements inside. */
const el = (
  type: 'div' | 'img',
  style: CSSProperties,
  children?: ReactNode,
  attributes: Record<string, string | number> = {},
) => createElement(type, { style, ...attributes }, children);

/**
 * The text as the font can draw it: emoji left out (the font has none, and would draw each
 * as an empty box), with the spaces around them closed up.
 */
const drawable = (text: string) =>
  text
    // ©, ® and ™ are pictographs too, and the font has them.
    .replace(/(?![©®™])\p{Extended_Pictographic}|\u{FE0F}|\u{200D}|\p{Emoji_Modifier}/gu, '')
    .replace(/\s+/g, ' ')
    .trim();

/** The picture's PNG bytes. */
export async function drawShareImage(parts: ShareImageParts): Promise<Buffer> {
  const logo = await logoSource(parts.logo);
  const footer = el('div', { display: 'flex', alignItems: 'center', gap: 28 }, [
    ...(logo
      ? [
          el('div', { display: 'flex', background: '#ffffff', borderRadius: 16, padding: 12 }, [
            el('img', { height: LOGO_HEIGHT, width: logo.width }, undefined, {
              src: logo.src,
              width: logo.width,
              height: LOGO_HEIGHT,
            }),
          ]),
        ]
      : []),
    el('div', { fontSize: 36, opacity: 0.92 }, drawable(parts.companyName)),
  ]);
  const text = drawable(parts.title);
  // A long title in smaller letters, so up to 120 characters are read whole; past five lines
  // (very wide letters) it ends with an ellipsis, never below the picture's edge.
  const fontSize = text.length > 60 ? 52 : 64;
  const title = el(
    'div',
    {
      display: 'block',
      fontSize,
      lineHeight: 1.18,
      lineClamp: 5,
      overflow: 'hidden',
      maxHeight: fontSize * 1.18 * 5,
      wordBreak: 'break-word',
    },
    text,
  );
  const root = el(
    'div',
    {
      ...SHARE_IMAGE_SIZE,
      // The padding inside the size, so the text wraps within the picture, never past it.
      boxSizing: 'border-box',
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: 72,
      background: SHARE_IMAGE_COLOURS.background,
      color: SHARE_IMAGE_COLOURS.text,
      fontFamily: 'DejaVu Sans',
    },
    [title, footer],
  );
  const svg = await satori(root, {
    ...SHARE_IMAGE_SIZE,
    fonts: [{ name: 'DejaVu Sans', data: fontData(), weight: 700, style: 'normal' }],
  });
  // Painted on libuv's thread pool: the requests of other visitors go on meanwhile.
  const image = await renderAsync(svg, { fitTo: { mode: 'width', value: SHARE_IMAGE_SIZE.width } });
  return image.asPng();
}
