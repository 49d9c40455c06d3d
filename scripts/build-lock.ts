import { mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LOCK_DIR = path.join(ROOT, 'dist', '.build-lock');
/** Set while a process holds the lock; its children (the build it starts) inherit it. */
const HELD = 'BUILD_LOCK_HELD';
/** A lock older than this was left by a process that died; it is taken over. */
const STALE_MS = 10 * 60_000;

function sleep(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Runs `fn` while holding a lock on the build folder, so builds (`npm run build`, the stale
 * check of `npm start`, the browser tests' setup, the audit) in one working tree never run at
 * the same time, and no one copies or serves a half-written dist/. A process started while
 * the lock is held (the build that the stale check runs) works under its parent's lock.
 */
export function withBuildLock<T>(fn: () => T, timeoutMs = 15 * 60_000): T {
  if (process.env[HELD] === LOCK_DIR) return fn();
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
  process.env[HELD] = LOCK_DIR;
  try {
    return fn();
  } finally {
    delete process.env[HELD];
    rmSync(LOCK_DIR, { recursive: true, force: true });
  }
}
