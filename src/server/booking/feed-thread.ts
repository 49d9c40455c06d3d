/**
 * Reads a calendar feed's text in a worker thread with a time limit (docs/booking.md,
 * "Budgets"): the server's event loop only waits for a message. A worker over its time is
 * terminated, whatever ical.js was doing.
 *
 * The worker runs TypeScript: the server runs under tsx everywhere (`npm start`, `npm run
 * dev`, the tests), and the worker compiles feed-worker.ts with tsx's require. Node 20 does
 * not apply `--import tsx`'s loader hooks to a worker's modules, so the worker is started
 * without the parent's Node options (`execArgv: []`) and loads tsx's require itself: the
 * same way under `npm start`, `tsx watch` and Vitest.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { FEED_LIMITS, FeedLimitError, type FeedLimits, type FeedReading } from './feed-parse';
import type { FeedAnswer, FeedJob } from './feed-worker';
import type { Span } from './slots';

/** A read's time limit, from the text received to the busy times. */
export const FEED_PARSE_MS = 2_000;

const require = createRequire(import.meta.url);
/** tsx's require, which compiles TypeScript on the worker's own thread. */
const TSX_REQUIRE = require.resolve('tsx/cjs/api');
const WORKER_FILE = fileURLToPath(new URL('./feed-worker.ts', import.meta.url));
const BOOT = `require(${JSON.stringify(TSX_REQUIRE)}).require(${JSON.stringify(WORKER_FILE)}, ${JSON.stringify(WORKER_FILE)});`;

/** Loading the worker's modules; a machine too busy for this is not the feed's fault. */
const START_MS = 20_000;

/** The worker failed for a reason of its own, not the feed's (it did not start, it crashed). */
export class FeedWorkerError extends Error {}

export interface FeedParseOptions {
  timeLimitMs?: number;
  limits?: FeedLimits;
}

function overTime(timeLimitMs: number): FeedLimitError {
  return new FeedLimitError(
    `The calendar takes more than ${timeLimitMs / 1000} seconds to read, more than this site allows.`,
  );
}

function startWorker(): Worker {
  const worker = new Worker(BOOT, {
    eval: true,
    execArgv: [],
    // A 5 MB feed needs far less; a hostile one stops here instead of growing the process.
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
  // An idle worker never keeps the process alive; a read under way has its own timer.
  worker.unref();
  return worker;
}

/**
 * One worker kept between reads: starting one (tsx compiling its modules) costs about a
 * second on a busy machine, a read of an honest feed a few milliseconds. A worker is kept
 * only after a read that ended well; one over its time is terminated.
 */
let idle: Worker | null = null;
/** The listeners of a kept worker, taken off when a read takes it. */
const kept = new WeakMap<Worker, () => void>();

function giveBack(worker: Worker): void {
  if (idle !== null) {
    void worker.terminate();
    return;
  }
  idle = worker;
  // A kept worker that fails while idle is dropped; the next read starts another.
  const drop = () => {
    if (idle === worker) idle = null;
  };
  worker.once('error', drop);
  worker.once('exit', drop);
  kept.set(worker, drop);
}

function takeWorker(): Worker {
  const worker = idle ?? startWorker();
  idle = null;
  const drop = kept.get(worker);
  if (drop) {
    worker.off('error', drop);
    worker.off('exit', drop);
    kept.delete(worker);
  }
  return worker;
}

/**
 * The busy times of `text` in `window`, as readBusyFeedText gives them, read off the main
 * thread. The time limit counts from the moment the worker has the text (a worker that is
 * still loading its modules has not started on it). Throws FeedLimitError (the owner's
 * words) over a budget, the time limit or the worker's memory, FeedWorkerError when the
 * worker itself fails, and an Error when the text is not iCalendar.
 */
export function readFeedOffThread(
  text: string,
  ownerZone: string,
  window: Span,
  options: FeedParseOptions = {},
): Promise<FeedReading> {
  const timeLimitMs = options.timeLimitMs ?? FEED_PARSE_MS;
  const job: FeedJob = { text, ownerZone, window, limits: options.limits ?? FEED_LIMITS };
  const worker = takeWorker();
  return new Promise<FeedReading>((resolve, reject) => {
    let timer = setTimeout(() => {
      fail(new FeedWorkerError('The feed worker did not start in time'));
    }, START_MS);
    const onMessage = (answer: FeedAnswer) => {
      if ('started' in answer) {
        clearTimeout(timer);
        timer = setTimeout(() => fail(overTime(timeLimitMs)), timeLimitMs);
        return;
      }
      stopListening();
      giveBack(worker);
      if (answer.ok) resolve({ busy: answer.busy, looked: answer.looked });
      else reject(answer.limit ? new FeedLimitError(answer.message) : new Error(answer.message));
    };
    const onError = (error: Error & { code?: string }) => {
      fail(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new FeedLimitError('The calendar needs more memory to read than this site allows.')
          : new FeedWorkerError(error.message),
      );
    };
    const onExit = () => fail(new FeedWorkerError('The feed worker stopped without an answer'));
    const stopListening = () => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    const fail = (error: Error) => {
      stopListening();
      // An error after the end (the termination itself) has nobody left to tell.
      worker.on('error', () => undefined);
      void worker.terminate();
      reject(error);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage(job);
  });
}
