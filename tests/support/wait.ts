/**
 * Waits until `check` stops throwing (or its promise resolves), polling, for at most the
 * suite's bound (wait-bound.ts). Use it instead of `vi.waitFor`, whose 1 s default fails on a
 * slow machine (eslint refuses `vi.waitFor` in tests).
 */
import { vi } from 'vitest';
import { WAIT_BOUND_MS } from './wait-bound';

export function waitUntil<T>(
  check: () => T | Promise<T>,
  options: { interval?: number } = {},
): Promise<T> {
  return vi.waitFor(check, { timeout: WAIT_BOUND_MS, interval: options.interval ?? 20 });
}
