/**
 * An upload's files made in a worker thread with a time limit (DESIGN section 5: image work
 * runs off the main thread, as the calendar feed does; the machinery: platform/worker-job.ts).
 * An image over the limit, or one that runs the worker out of memory, is refused with 400.
 * A worker over its time is terminated: the image library's work under way ends at its next
 * tile at the latest, and the request has its answer already.
 */
import type { SiteImageKind } from '#shared/site-image';
import type { MediaSlot } from '#shared/site-media';
import { WorkerPool } from '#server/platform/worker-job';
import type { ImageAnswer, ImageJob } from './image-worker';
import type { MadeImage } from './site-image-variants';
import { bad, type MediaVariant } from './variants';

/** An upload's time limit, from the bytes received to its files (a 40 MP photo: about 3 s). */
export const IMAGE_WORK_MS = 15_000;

// Decoding is bounded by pixels (MAX_INPUT_PIXELS); the image library's own memory is native.
const pool = new WorkerPool<ImageJob, ImageAnswer>(
  new URL('./image-worker.ts', import.meta.url),
  256,
);

export interface ImageWorkOptions {
  /** The time limit; the tests shorten it (AppDeps.imageTimeLimitMs). */
  timeLimitMs?: number | undefined;
}

async function made(job: ImageJob, options: ImageWorkOptions) {
  // sharp must be loaded by the main thread before a worker loads it (sharp's documentation,
  // "Worker threads"): its native library then stays loaded when a worker ends.
  await import('sharp');
  const timeLimitMs = options.timeLimitMs ?? IMAGE_WORK_MS;
  const answer = await pool.run(job, {
    timeLimitMs,
    overTime: () =>
      bad(
        `The image takes more than ${timeLimitMs / 1000} seconds to process, more than this site allows.`,
      ),
    outOfMemory: () => bad('The image needs more memory to process than this site allows.'),
  });
  if (!answer.ok) throw answer.refused ? bad(answer.message) : new Error(answer.message);
  // Bytes cross the thread as Uint8Array; the store and the server want Buffers.
  const variants: MediaVariant[] = answer.variants.map((variant) => ({
    ...variant,
    bytes: Buffer.from(variant.bytes.buffer, variant.bytes.byteOffset, variant.bytes.byteLength),
  }));
  return { variants, main: answer.main };
}

/** The files of an upload for one of the site's slots (variants.ts, `makeVariants`). */
export async function makeVariantsOffThread(
  slot: MediaSlot,
  upload: Uint8Array,
  options: ImageWorkOptions = {},
): Promise<MediaVariant[]> {
  return (await made({ of: 'media', slot, upload }, options)).variants;
}

/** The files of an upload for one thing (site-image-variants.ts, `makeSiteImage`). */
export async function makeSiteImageOffThread(
  kind: SiteImageKind,
  slot: string,
  upload: Uint8Array,
  options: ImageWorkOptions = {},
): Promise<MadeImage> {
  const { variants, main } = await made({ of: 'site-image', kind, slot, upload }, options);
  const mainFile = variants.find((variant) => variant.name === main);
  if (!mainFile) throw new Error(`no ${main} file was made`);
  return { variants, main: mainFile };
}
