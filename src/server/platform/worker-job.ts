/**
 * Work a stranger can make slow (a calendar feed's parse, an uploaded image's decoding and
 * rasterising) run in a worker thread with a time limit (DESIGN section 5, docs/booking.md
 * "Budgets"): the server's event loop only waits for a message, and a worker over its time
 * is terminated, whatever it was doing.
 *
 * From the production bundle (`node dist/server.js`, platform/bundle.ts) the worker is its
 * own plain `.js` file beside the bundle (dist/image-worker.js, dist/feed-worker.js), started
 * as it is: no loader, tsx is not even installed. From the sources (tsx in development, the
 * tests' bundle, whose files keep their own `import.meta.url`, Vitest) the worker compiles its
 * TypeScript with tsx's require. Node 20 does not apply `--import tsx`'s loader hooks to a
 * worker's modules, so the worker is started without the parent's Node options (`execArgv:
 * []`) and loads tsx's require itself: the same way under tsx, `tsx watch` and Vitest.
 *
 * The worker's side: on each job it posts `{ started: true }` (its modules are loaded, the
 * time limit starts there), then one answer.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { BUNDLED } from './bundle';

/** tsx's require, which compiles TypeScript on the worker's own thread (sources only). */
const tsxRequire = () => createRequire(import.meta.url).resolve('tsx/cjs/api');

/** Loading the worker's modules; a machine too busy for this is not the job's fault. */
const START_MS = 20_000;

/** The worker failed for a reason of its own, not the job's (it did not start, it crashed). */
export class WorkerFailedError extends Error {}

/** The first message of a worker for each job. */
export interface WorkerStarted {
  started: true;
}

export interface WorkerJobOptions {
  /** From the moment the worker has the job to its answer. */
  timeLimitMs: number;
  /** What a job over its time is refused with (the owner's words). */
  overTime: () => Error;
  /** What a job that ran the worker out of memory is refused with. */
  outOfMemory: () => Error;
}

/**
 * Workers of one file, one kept between jobs: starting one (under tsx, compiling its modules)
 * costs about a second on a busy machine, an honest job a few milliseconds. A worker is kept only
 * after a job that ended well; one over its time is terminated.
 */
export class WorkerPool<Job, Answer> {
  /** The worker's code: its bundled file, or a line that compiles its TypeScript with tsx. */
  private readonly boot: { script: string; eval: boolean };
  private idle: Worker | null = null;
  /** The listeners of a kept worker, taken off when a job takes it. */
  private readonly kept = new WeakMap<Worker, () => void>();

  /**
   * `fileUrl`: the worker's module, as `new URL('./x-worker.ts', import.meta.url)`; in the
   * bundle that names dist/x-worker.ts, and the build wrote dist/x-worker.js.
   */
  constructor(
    fileUrl: URL,
    private readonly maxOldGenerationSizeMb: number,
  ) {
    const file = fileURLToPath(fileUrl);
    this.boot = BUNDLED
      ? { script: file.replace(/\.ts$/, '.js'), eval: false }
      : {
          script: `require(${JSON.stringify(tsxRequire())}).require(${JSON.stringify(file)}, ${JSON.stringify(file)});`,
          eval: true,
        };
  }

  private start(): Worker {
    const worker = new Worker(this.boot.script, {
      eval: this.boot.eval,
      execArgv: [],
      // A hostile job stops here instead of growing the process.
      resourceLimits: { maxOldGenerationSizeMb: this.maxOldGenerationSizeMb },
    });
    // An idle worker never keeps the process alive; a job under way has its own timer.
    worker.unref();
    return worker;
  }

  private giveBack(worker: Worker): void {
    if (this.idle !== null) {
      void worker.terminate();
      return;
    }
    this.idle = worker;
    // A kept worker that fails while idle is dropped; the next job starts another.
    const drop = () => {
      if (this.idle === worker) this.idle = null;
    };
    worker.once('error', drop);
    worker.once('exit', drop);
    this.kept.set(worker, drop);
  }

  private take(): Worker {
    const worker = this.idle ?? this.start();
    this.idle = null;
    const drop = this.kept.get(worker);
    if (drop) {
      worker.off('error', drop);
      worker.off('exit', drop);
      this.kept.delete(worker);
    }
    return worker;
  }

  /**
   * The worker's answer to `job`. Throws `overTime()` past the time limit, `outOfMemory()`
   * past the worker's heap, WorkerFailedError when the worker itself fails.
   */
  run(job: Job, options: WorkerJobOptions): Promise<Answer> {
    const worker = this.take();
    return new Promise<Answer>((resolve, reject) => {
      let timer = setTimeout(() => {
        fail(new WorkerFailedError('The worker did not start in time'));
      }, START_MS);
      const onMessage = (answer: Answer | WorkerStarted) => {
        if (isStarted(answer)) {
          clearTimeout(timer);
          timer = setTimeout(() => fail(options.overTime()), options.timeLimitMs);
          return;
        }
        stopListening();
        this.giveBack(worker);
        resolve(answer);
      };
      const onError = (error: Error & { code?: string }) => {
        fail(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? options.outOfMemory()
            : new WorkerFailedError(error.message),
        );
      };
      const onExit = () => fail(new WorkerFailedError('The worker stopped without an answer'));
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
}

function isStarted(message: unknown): message is WorkerStarted {
  return typeof message === 'object' && message !== null && 'started' in message;
}
