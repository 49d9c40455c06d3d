import { setMaxListeners } from 'node:events';

/**
 * Requests arriving at a fixed rate whatever the answers do (an open loop). A closed loop such
 * as autocannon's slows down with the server and hides the backlog, and autocannon's own
 * `overallRate` sends each second's quota in a burst at the start of the second.
 */
export interface Arrivals {
  offered: number;
  statuses: Map<number, number>;
  /** Milliseconds from when each answered request was due to its answer's last byte. */
  latencies: number[];
  /** Failed (a socket error) or still unanswered 5 s after the last arrival, then abandoned. */
  unanswered: number;
}

/** Sends request n at `n / rate` seconds for `seconds`; `send` makes request n. */
export async function openLoop(
  rate: number,
  seconds: number,
  send: (n: number, signal: AbortSignal) => Promise<Response>,
): Promise<Arrivals> {
  const stop = new AbortController();
  // Every request in flight listens to the one signal.
  setMaxListeners(0, stop.signal);
  const result: Arrivals = { offered: 0, statuses: new Map(), latencies: [], unanswered: 0 };
  const pending = new Set<Promise<void>>();
  const started = performance.now();
  const total = Math.round(rate * seconds);
  while (result.offered < total) {
    // Every request due by now goes out in this turn: a late timer must not lower the rate.
    const due = Math.min(total, Math.floor(((performance.now() - started) * rate) / 1000) + 1);
    while (result.offered < due) {
      const n = result.offered++;
      // Latency counts from when the request was due, not from when the loop got to it.
      const dueAt = started + (n * 1000) / rate;
      const request = send(n, stop.signal)
        .then(async (res) => {
          await res.arrayBuffer();
          result.latencies.push(performance.now() - dueAt);
          result.statuses.set(res.status, (result.statuses.get(res.status) ?? 0) + 1);
        })
        .catch(() => {
          result.unanswered++;
        });
      pending.add(request);
      void request.then(() => pending.delete(request));
    }
    const next = started + (result.offered * 1000) / rate;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
  }
  // Answers already on their way get a moment; the rest count as unanswered.
  let grace: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(pending),
    new Promise((resolve) => (grace = setTimeout(resolve, 5000))),
  ]);
  clearTimeout(grace);
  stop.abort();
  await Promise.all(pending);
  return result;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN,
  );
}
