/** Refusal of a limiter whose queue is full: the caller answers 503 instead of waiting. */
export class LimiterBusyError extends Error {
  constructor() {
    super('limiter queue is full');
  }
}

export interface Limiter {
  /** Runs fn once a slot is free; rejects with LimiterBusyError when too many already wait. */
  run<T>(fn: () => Promise<T>): Promise<T>;
  /** Calls waiting for a slot (for tests that must act while one waits). */
  readonly waiting: number;
}

/**
 * At most `concurrency` calls run at once and at most `queue` wait. Password hashing takes
 * 128 MiB and a libuv thread for about 0.3 s; without a bound a burst of logins fills the
 * thread pool, and every file read and DNS lookup of the process waits behind it.
 */
export function createLimiter(opts: { concurrency: number; queue: number }): Limiter {
  let running = 0;
  const waiters: (() => void)[] = [];

  const release = () => {
    const next = waiters.shift();
    // The slot passes straight to the next waiter, so a newcomer cannot overtake the queue.
    if (next) next();
    else running--;
  };

  return {
    get waiting() {
      return waiters.length;
    },
    async run<T>(fn: () => Promise<T>): Promise<T> {
      if (running < opts.concurrency) {
        running++;
      } else {
        if (waiters.length >= opts.queue) throw new LimiterBusyError();
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
      try {
        return await fn();
      } finally {
        release();
      }
    },
  };
}

/** Two hashes at once (the machine's cores), eight waiting: at most about 1.5 s of queue. */
export const PASSWORD_HASH_LIMITS = { concurrency: 2, queue: 8 } as const;
