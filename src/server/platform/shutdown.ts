/**
 * The stop as registered tasks (docs/operations.md, "Running under a process manager";
 * docs/decisions/0055). Each part that starts work says how it stops where it starts, in the
 * two phases of Ghost's server:
 *
 * - pre-stop tasks stop taking work (readiness 503, no new connection, no new mail, no next
 *   poll or backup); they are begun together, in the order registered;
 * - cleanup tasks drain and close (requests in flight answered, the mail in hand finished, the
 *   analytics buffer written, the last spans sent), one after another, the last registered
 *   first: what started last stops first. A task registered `last` (the database's close) runs
 *   after every other.
 *
 * Each task is named and timed: it may take its share of SHUTDOWN_SECONDS, never past the
 * deadline SHUTDOWN_SECONDS after the signal, except the time `atLeastMs` a task that keeps
 * data is always given. A task that throws or runs out of time is logged (`server.stop_failed`,
 * `server.stop_timed_out`) and the next one runs; one out of time is told by its signal.
 */
import { loggableError, type Logger } from './logger';

export interface StopTaskContext {
  /** Aborted when the task's time is up: the moment to cut off what it still waits for. */
  signal: AbortSignal;
}

export type StopTask = (context: StopTaskContext) => unknown;

export interface StopTaskOptions {
  /** The part of SHUTDOWN_SECONDS the task may take; 0.5 unless said. */
  share?: number;
  /** Given however late its turn comes, past the deadline too (data to write). */
  atLeastMs?: number;
  /** After every other cleanup task (the database's close). */
  last?: boolean;
}

export interface ShutdownTasks {
  registerPreStopTask(name: string, task: StopTask, options?: StopTaskOptions): void;
  registerCleanupTask(name: string, task: StopTask, options?: StopTaskOptions): void;
  /**
   * A part whose stop() stops taking work at once and resolves when the work in hand is done:
   * the stop is asked for with the pre-stop tasks and waited for with the cleanup tasks.
   */
  registerStop(name: string, stop: () => Promise<unknown>, options?: StopTaskOptions): void;
}

export interface Shutdown extends ShutdownTasks {
  /** Runs every task once (a second call gets the first one's promise). */
  stop(signal: NodeJS.Signals): Promise<void>;
}

interface Registered extends StopTaskOptions {
  name: string;
  task: StopTask;
}

export const DEFAULT_SHARE = 0.5;

export function createShutdown({ seconds, logger }: { seconds: number; logger: Logger }): Shutdown {
  const totalMs = seconds * 1000;
  const preStop: Registered[] = [];
  const cleanup: Registered[] = [];
  let deadline = Number.POSITIVE_INFINITY;
  let stopping: Promise<void> | null = null;

  const budgetMs = ({ share = DEFAULT_SHARE, atLeastMs = 0 }: StopTaskOptions) =>
    Math.max(atLeastMs, Math.min(share * totalMs, deadline - Date.now()));

  async function run({ name, task, ...options }: Registered): Promise<void> {
    const ms = Math.max(0, budgetMs(options));
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timeUp = new Promise<'time up'>((resolve) => {
      timer = setTimeout(() => resolve('time up'), ms);
    });
    const ran = (async () => task({ signal: controller.signal }))().then(
      () => ({ failed: false as const }),
      (error: unknown) => ({ failed: true as const, error }),
    );
    const outcome = await Promise.race([ran, timeUp]);
    clearTimeout(timer);
    if (outcome === 'time up') {
      controller.abort();
      logger.error('server.stop_timed_out', { task: name, ms: Math.round(ms) });
    } else if (outcome.failed) {
      logger.error('server.stop_failed', { task: name, error: loggableError(outcome.error) });
    }
  }

  async function stopAll(signal: NodeJS.Signals): Promise<void> {
    deadline = Date.now() + totalMs;
    logger.info('server.stopping', { signal });
    await Promise.all(preStop.map(run));
    const inTurn = [...cleanup].reverse();
    for (const task of [...inTurn.filter((t) => !t.last), ...inTurn.filter((t) => t.last)]) {
      await run(task);
    }
    logger.info('server.stopped', {});
  }

  const tasks: ShutdownTasks = {
    registerPreStopTask: (name, task, options = {}) =>
      void preStop.push({ ...options, name, task }),
    registerCleanupTask: (name, task, options = {}) =>
      void cleanup.push({ ...options, name, task }),
    registerStop(name, stop, options) {
      let stopped: Promise<unknown> = Promise.resolve();
      tasks.registerPreStopTask(name, () => {
        stopped = stop();
        // Reported by the cleanup task that waits for it, not as an unhandled rejection.
        stopped.catch(() => undefined);
      });
      tasks.registerCleanupTask(name, () => stopped, options);
    },
  };
  return {
    ...tasks,
    stop(signal) {
      stopping ??= stopAll(signal);
      return stopping;
    },
  };
}

/** SIGTERM and SIGINT run the stop once, then the process exits 0 (docs/operations.md). */
export function stopOnSignals(shutdown: Shutdown, exit: (code: number) => void): void {
  const onSignal = (signal: NodeJS.Signals) => void shutdown.stop(signal).then(() => exit(0));
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
