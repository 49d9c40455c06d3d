/**
 * Reads a calendar feed's text in a worker thread with a time limit (docs/booking.md,
 * "Budgets"; the worker's machinery: platform/worker-job.ts): the server's event loop only
 * waits for a message. A worker over its time is terminated, whatever ical.js was doing.
 */
import { WorkerFailedError, WorkerPool } from '#server/platform/worker-job';
import { FEED_LIMITS, FeedLimitError, type FeedLimits, type FeedReading } from './feed-limits';
import type { FeedAnswer, FeedJob } from './feed-worker';
import type { Span } from './slots';

/** A read's time limit, from the text received to the busy times. */
export const FEED_PARSE_MS = 2_000;

/** The worker failed for a reason of its own, not the feed's (it did not start, it crashed). */
export { WorkerFailedError as FeedWorkerError };

export interface FeedParseOptions {
  timeLimitMs?: number;
  limits?: FeedLimits;
}

// A 5 MB feed needs far less than 256 MB of heap.
const pool = new WorkerPool<FeedJob, FeedAnswer>(new URL('./feed-worker.ts', import.meta.url), 256);

/**
 * The busy times of `text` in `window`, as readBusyFeedText gives them, read off the main
 * thread. The time limit counts from the moment the worker has the text (a worker that is
 * still loading its modules has not started on it). Throws FeedLimitError (the owner's
 * words) over a budget, the time limit or the worker's memory, FeedWorkerError when the
 * worker itself fails, and an Error when the text is not iCalendar.
 */
export async function readFeedOffThread(
  text: string,
  ownerZone: string,
  window: Span,
  options: FeedParseOptions = {},
): Promise<FeedReading> {
  const timeLimitMs = options.timeLimitMs ?? FEED_PARSE_MS;
  const job: FeedJob = { text, ownerZone, window, limits: options.limits ?? FEED_LIMITS };
  const answer = await pool.run(job, {
    timeLimitMs,
    overTime: () =>
      new FeedLimitError(
        `The calendar takes more than ${timeLimitMs / 1000} seconds to read, more than this site allows.`,
      ),
    outOfMemory: () =>
      new FeedLimitError('The calendar needs more memory to read than this site allows.'),
  });
  if (answer.ok) return { busy: answer.busy, looked: answer.looked };
  throw answer.limit ? new FeedLimitError(answer.message) : new Error(answer.message);
}
