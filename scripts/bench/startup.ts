/**
 * Start-up figures for `npm run bench`: `npm start` on a built tree (spawn to "listening on"),
 * and the first `npm start` of a fresh checkout, which builds the client first.
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { benchEnv } from './env';
import { spawnServer } from './server';

async function npmStart(cwd: string, dataDir: string): Promise<number> {
  // The development start (build when stale, then tsx): without NODE_ENV=production, which
  // runs the bundle instead (the `start` bench, production-start.ts).
  const env = benchEnv(path.join(dataDir, `app-${Date.now()}.db`), {});
  delete env.NODE_ENV;
  const server = await spawnServer('npm', ['start'], {
    cwd,
    env,
    group: true,
    timeoutMs: 300_000,
  });
  await server.stop();
  return server.startMs;
}

/** Median of `runs` starts of an already built tree, each on a fresh database. */
export async function builtStart(root: string, runs = 3): Promise<number[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-start-'));
  try {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push(await npmStart(root, dataDir));
    return times;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * A fresh checkout: the committed tree (git archive HEAD, so uncommitted edits are not in
 * it) with the installed node_modules linked in, as after `npm ci`. Its first `npm start`
 * builds the client, then listens.
 */
export async function freshCheckoutStart(root: string): Promise<number> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-clone-'));
  try {
    execSync(`git archive HEAD | tar -x -C ${JSON.stringify(dir)}`, { cwd: root });
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    return await npmStart(dir, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
