/** Small real images of each accepted format, made with sharp, for the media tests. */
import sharp from 'sharp';

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif';

/** A `width` x `height` picture in `format`, with a gradient so encoders have something to do. */
export async function testImage(
  format: ImageFormat,
  width = 640,
  height = 480,
  options: { exif?: boolean } = {},
): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = (x * 255) / width;
      pixels[at + 1] = (y * 255) / height;
      pixels[at + 2] = 128;
    }
  }
  let image = sharp(pixels, { raw: { width, height, channels: 3 } });
  if (options.exif) {
    image = image.withExif({ IFD0: { Copyright: 'Secret Camera Co', Artist: 'Jane Doe' } });
  }
  return image.toFormat(format).toBuffer();
}

export const LOGO_SVG_WITH_SCRIPT = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 50" width="200" height="50" onload="alert(1)">
  <script>alert(2)</script>
  <rect width="200" height="50" fill="#1d4ed8" onclick="alert(3)"/>
  <a href="javascript:alert(4)"><text x="10" y="32" fill="white">Acme</text></a>
  <image href="https://evil.example/track.png" width="1" height="1"/>
</svg>`;

/** A multipart body with one file field, as a browser's FormData would send it. */
export function uploadForm(bytes: Uint8Array, filename: string, field = 'file'): FormData {
  const form = new FormData();
  form.append(field, new File([new Uint8Array(bytes)], filename));
  return form;
}
