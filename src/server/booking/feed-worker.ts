/**
 * The worker thread that reads calendar feeds, one at a time (feed-thread.ts starts it): the
 * parse runs here so that a feed, however hostile, never holds the server's event loop
 * (docs/booking.md, "Budgets").
 */
import { parentPort } from 'node:worker_threads';
import type { WorkerStarted } from '#server/platform/worker-job';
import { FeedLimitError, type FeedLimits } from './feed-limits';
import { readBusyFeedText } from './feed-parse';
import type { Span } from './slots';

export interface FeedJob {
  text: string;
  ownerZone: string;
  window: Span;
  limits: FeedLimits;
}

export type FeedAnswer =
  | { ok: true; busy: Span[]; looked: number }
  | { ok: false; limit: boolean; message: string };

function answer(job: FeedJob): FeedAnswer {
  try {
    const { busy, looked } = readBusyFeedText(job.text, job.ownerZone, job.window, job.limits);
    return { ok: true, busy, looked };
  } catch (error) {
    return {
      ok: false,
      limit: error instanceof FeedLimitError,
      message: error instanceof Error ? error.message : String(error),
    };
  }
}

parentPort?.on('message', (job: FeedJob) => {
  // The modules are loaded: the time limit starts here (platform/worker-job.ts).
  parentPort?.postMessage({ started: true } satisfies WorkerStarted);
  parentPort?.postMessage(answer(job));
});
