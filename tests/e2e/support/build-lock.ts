import { mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './paths';

const LOCK_DIR = path.join(PROJECT_ROOT, 'dist', '.build-lock');
/** A lock older than this was left by a process that died; it is taken over. */
const STALE_MS = 10 * 60_000;

function sleep(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Runs `fn` while holding a lock on the build folder, so two test runs (or an audit) in the
 * same working tree never build at the same time and leave a half-written dist/ behind.
 */
export function withBuildLock<T>(fn: () => T, timeoutMs = 15 * 60_000): T {
  mkdirSync(path.dirname(LOCK_DIR), { recursive: true });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      mkdirSync(LOCK_DIR);
      break;
    } catch {
      let age: number;
      try {
        age = Date.now() - statSync(LOCK_DIR).mtimeMs;
      } catch {
        continue; // Released between the two calls: try again at once.
      }
      if (age > STALE_MS) rmSync(LOCK_DIR, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`build lock ${LOCK_DIR} held too long`);
      else sleep(500);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(LOCK_DIR, { recursive: true, force: true });
  }
}
