/**
 * Makes the home page's bundled demo video (docs/demo-video.md): the demo page
 * (demo-page.html) is drawn at each frame's moment by the system Chromium and screenshotted,
 * frame by frame (no real-time capture: a slow machine makes the same video), and ffmpeg
 * encodes the frames as H.264. Also writes the poster (WebP) and the English captions
 * (WebVTT, from the same script as the picture, timeline.ts).
 *
 * The three files go to public/media/ named by their content's hash, so the server may let
 * browsers keep them for a year (http/static.ts), and src/shared/demo-video.ts is rewritten
 * with their addresses. ffmpeg is needed only here: `apt-get install -y ffmpeg`.
 *
 * Run: `npx tsx scripts/demo-video/make.ts`
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launchBrowser } from '#tests/e2e/support/browser';
import { DURATION, EXCHANGES, FPS, HEIGHT, WIDTH, webVtt } from './timeline';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const MEDIA_DIR = path.join(ROOT, 'public/media');
const MODULE_FILE = path.join(ROOT, 'src/shared/demo-video.ts');
const BASE_NAME = 'facility-demo';

/** The poster: the first answer complete, its chart drawn. */
const POSTER_AT = (EXCHANGES[0]?.answerAt ?? 6) + 4.5;

/** Runs ffmpeg with these arguments; `input` is written to its standard input. */
function ffmpeg(args: string[], input?: (stdin: NodeJS.WritableStream) => Promise<void>) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], {
      stdio: ['pipe', 'inherit', 'inherit'],
    });
    child.on('error', (error) =>
      reject(new Error(`ffmpeg could not start (apt-get install -y ffmpeg): ${error.message}`)),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}`)),
    );
    if (input) {
      input(child.stdin).then(
        () => child.stdin.end(),
        (error: unknown) => {
          child.kill();
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    } else {
      child.stdin.end();
    }
  });
}

function write(stream: NodeJS.WritableStream, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    if (stream.write(chunk, (error) => (error ? reject(error) : undefined))) resolve();
    else stream.once('drain', resolve);
  });
}

/** `facility-demo.<hash>.<ext>`: a changed file is a new address. */
function hashedName(file: string, extension: string): string {
  const hash = createHash('sha256').update(readFileSync(file)).digest('base64url').slice(0, 10);
  return `${BASE_NAME}.${hash}.${extension}`;
}

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'demo-video-'));
  const browser = await launchBrowser({ full: true });
  try {
    const context = await browser.newContext({
      viewport: { width: WIDTH, height: HEIGHT },
      deviceScaleFactor: 1,
    });
    const page = await context.newPage();
    await page.goto(pathToFileURL(path.join(HERE, 'demo-page.html')).href);
    await page.evaluate(async (script) => {
      await document.fonts.ready;
      (window as unknown as { init: (s: unknown) => void }).init(script);
    }, EXCHANGES);
    const shoot = async (seconds: number) => {
      await page.evaluate((t) => {
        (window as unknown as { renderAt: (t: number) => void }).renderAt(t);
      }, seconds);
      return page.screenshot({ type: 'png' });
    };

    const frames = Math.round(DURATION * FPS);
    const video = path.join(work, 'video.mp4');
    await ffmpeg(
      [
        ['-f', 'image2pipe', '-framerate', String(FPS), '-c:v', 'png', '-i', '-'],
        // H.264 High in yuv420p plays in every browser (Safari included); +faststart puts
        // the index first, so playback starts before the whole file has arrived.
        ['-c:v', 'libx264', '-preset', 'veryslow', '-tune', 'animation', '-crf', '27'],
        ['-profile:v', 'high', '-level', '4.0', '-pix_fmt', 'yuv420p'],
        ['-movflags', '+faststart', '-an', video],
      ].flat(),
      async (stdin) => {
        for (let frame = 0; frame < frames; frame += 1) {
          await write(stdin, await shoot(frame / FPS));
          if (frame % FPS === 0) process.stdout.write(`\r${frame / FPS} / ${DURATION} s`);
        }
        process.stdout.write('\n');
      },
    );

    const posterPng = path.join(work, 'poster.png');
    writeFileSync(posterPng, await shoot(POSTER_AT));
    const poster = path.join(work, 'poster.webp');
    await ffmpeg(['-i', posterPng, '-c:v', 'libwebp', '-quality', '70', poster]);

    const captions = path.join(work, 'captions.vtt');
    writeFileSync(captions, webVtt());

    mkdirSync(MEDIA_DIR, { recursive: true });
    for (const old of readdirSync(MEDIA_DIR)) {
      if (old.startsWith(`${BASE_NAME}.`)) rmSync(path.join(MEDIA_DIR, old));
    }
    const names = {
      video: hashedName(video, 'mp4'),
      poster: hashedName(poster, 'webp'),
      captions: hashedName(captions, 'vtt'),
    };
    writeFileSync(path.join(MEDIA_DIR, names.video), readFileSync(video));
    writeFileSync(path.join(MEDIA_DIR, names.poster), readFileSync(poster));
    writeFileSync(path.join(MEDIA_DIR, names.captions), readFileSync(captions));
    writeFileSync(
      MODULE_FILE,
      [
        '/**',
        ' * The bundled demo video: its files in public/media/, named by their content hash, so',
        ' * they are cached for a year (server/http/static.ts). Written by',
        ' * scripts/demo-video/make.ts; regenerate rather than edit (docs/demo-video.md).',
        ' */',
        'export const DEMO_VIDEO = {',
        `  video: '/media/${names.video}',`,
        `  poster: '/media/${names.poster}',`,
        `  captions: '/media/${names.captions}',`,
        `  width: ${WIDTH},`,
        `  height: ${HEIGHT},`,
        `  seconds: ${DURATION},`,
        '} as const;',
        '',
      ].join('\n'),
    );
    for (const [kind, name] of Object.entries(names)) {
      const size = readFileSync(path.join(MEDIA_DIR, name)).byteLength;
      console.log(`${kind}: public/media/${name} (${(size / 1000).toFixed(1)} KB)`);
    }
  } finally {
    await browser.close();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
