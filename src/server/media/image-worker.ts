/**
 * The worker thread that makes an upload's files, one upload at a time (image-thread.ts
 * starts it): decoding, resizing and rasterising an SVG run here, so that an image, however
 * hostile, never holds the server (DESIGN section 5).
 */
import { parentPort } from 'node:worker_threads';
import { TRPCError } from '@trpc/server';
import type { SiteImageKind } from '#shared/site-image';
import type { MediaSlot } from '#shared/site-media';
import type { WorkerStarted } from '#server/platform/worker-job';
import { makeSiteImage } from './site-image-variants';
import { makeVariants, type MediaVariant } from './variants';

export type ImageJob =
  | { of: 'media'; slot: MediaSlot; upload: Uint8Array }
  | { of: 'site-image'; kind: SiteImageKind; slot: string; upload: Uint8Array };

/** The files (bytes arrive as Uint8Array), or why not: `refused` is a 400 with its message. */
export type ImageAnswer =
  | { ok: true; variants: MediaVariant[]; main: string | null }
  | { ok: false; refused: boolean; message: string };

async function answer(job: ImageJob): Promise<ImageAnswer> {
  try {
    if (job.of === 'media') {
      return { ok: true, variants: await makeVariants(job.slot, job.upload), main: null };
    }
    const made = await makeSiteImage(job.kind, job.slot, job.upload);
    return { ok: true, variants: made.variants, main: made.main.name };
  } catch (error) {
    return {
      ok: false,
      refused: error instanceof TRPCError && error.code === 'BAD_REQUEST',
      message: error instanceof Error ? error.message : String(error),
    };
  }
}

parentPort?.on('message', (job: ImageJob) => {
  // The modules are loaded: the time limit starts here (platform/worker-job.ts).
  parentPort?.postMessage({ started: true } satisfies WorkerStarted);
  void answer(job).then((reply) => parentPort?.postMessage(reply));
});
