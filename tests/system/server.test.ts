/**
 * The real entry point as a process: start on a free port with a fresh database, answer,
 * and stop cleanly on SIGTERM. Started the way the README tells process managers to.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';

let dir: string | undefined;

afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('starts with demo facts, serves, and exits 0 on SIGTERM leaving no -wal file', async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'server-'));
  const dbPath = path.join(dir, 'app.db');
  const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATABASE_PATH: dbPath, NODE_ENV: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match?.[1]) resolve(match[1]);
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      void exited.then((code) => reject(new Error(`exited with ${code}:\n${output}`)));
    });

    const health = await fetch(`${url}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const facts = (await (await fetch(`${url}/api/ai-facts`)).json()) as {
      success: boolean;
      facts: { id: number; factText: string; source: string }[];
    };
    expect(facts.success).toBe(true);
    expect(facts.facts.length).toBeGreaterThanOrEqual(6);
    expect(existsSync(`${dbPath}-wal`)).toBe(true);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(`${dbPath}-wal`)).toBe(false);
    expect(output).toContain('"server.stopped"');
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}, 60_000);

it('stops a start with a bad value with one line naming the variable and exit 1', () => {
  dir = mkdtempSync(path.join(tmpdir(), 'server-'));
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server.ts'], {
    env: { ...process.env, PORT: 'eighty', DATABASE_PATH: path.join(dir, 'app.db') },
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(result.status).toBe(1);
  expect(result.stdout).toBe('');
  expect(result.stderr).toBe(
    'configuration error: PORT must be a number from 0 to 65535, got "eighty"\n',
  );
}, 30_000);
