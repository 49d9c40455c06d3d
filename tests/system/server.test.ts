/**
 * The real entry point as a process: start on a free port with a fresh database, answer,
 * and stop cleanly on SIGTERM. Started from its source under tsx, as `npm start` runs it in
 * development (production's bundle: production-build.test.ts). The starts stopped by their
 * settings run the tests' bundle of the same file (tests/support/server-bundle.ts): what they
 * check is the settings' reading, and under tsx each cost twice the CPU, which on a busy
 * machine went past the 30 s budget.
 *
 * The tests share nothing (each its own folder and process) and wait on their processes'
 * starts, so they run side by side (`describe.concurrent`), each removing its folder through
 * its own context's `onTestFinished`.
 */
import { spawn, type SpawnOptions } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it, type TestContext } from 'vitest';
import { TEMPLATE_FILE } from '#server/content/page-template';
import { serverBundle } from '#tests/support/server-bundle';
import { startServerProcess } from '#tests/support/server-process';
import { writeCspHashes } from '../../scripts/csp-hashes';

/** A folder of the test's own, removed when the test ends. */
function folder(test: Pick<TestContext, 'onTestFinished'>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'server-'));
  test.onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

interface Ended {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs node with these arguments to its exit (a child of its own: the tests beside it run on). */
function run(args: string[], options: SpawnOptions): Promise<Ended> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe.concurrent('the server as a process', () => {
  it('starts with demo facts, serves, and exits 0 on SIGTERM leaving no -wal file', async (context) => {
    const { expect } = context;
    const dir = folder(context);
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
          // The line names localhost, where passkeys work too (README, "Quick start"); the test
          // connects to the address it chose, whatever localhost resolves to on this machine.
          const match = /listening on http:\/\/localhost:(\d+)\b/.exec(output);
          if (match?.[1]) resolve(`http://127.0.0.1:${match[1]}`);
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

  it('renders the home page before it says it listens, so the first GET / waits for nothing', async (context) => {
    const { expect } = context;
    const dir = folder(context);
    // A build of its own: the template the server renders into, with the real React entry.
    const client = path.join(dir, 'client');
    mkdirSync(path.join(client, '.render'), { recursive: true });
    writeFileSync(
      path.join(client, TEMPLATE_FILE),
      '<!doctype html><html><head><!--head-tags--><title>x</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(client, 'index.html'), '<p>the build of the defaults</p>');
    writeCspHashes(client);
    const server = await startServerProcess(path.join(dir, 'app.db'), { CLIENT_DIR: client });
    try {
      const output = server.output();
      const warmed = output.indexOf('"server.warmed"');
      expect(warmed).toBeGreaterThan(-1);
      expect(warmed).toBeLessThan(output.indexOf('"server.listening"'));
      const home = await fetch(`${server.url}/`);
      expect(await home.text()).toContain('Unlocking Your');
      server.signal('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      server.signal('SIGKILL');
    }
  }, 60_000);

  it('stops a start with a bad value with one line naming the variable and exit 1', async (context) => {
    const { expect } = context;
    const dir = folder(context);
    const result = await run([await serverBundle()], {
      env: { ...process.env, PORT: 'eighty', DATABASE_PATH: path.join(dir, 'app.db') },
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      'configuration error: PORT must be a number from 0 to 65535, got "eighty"\n',
    );
  }, 30_000);

  it('reads a .env file in its working directory; a real variable wins over it', async (context) => {
    const { expect } = context;
    const dir = folder(context);
    writeFileSync(
      path.join(dir, '.env'),
      `PORT=eighty\nDATABASE_PATH=${path.join(dir, 'app.db')}\n`,
    );
    // Started from another folder: the file found is the one in the working directory.
    const bundle = await serverBundle();
    const start = (env: Record<string, string>) => {
      const clean = { ...process.env };
      delete clean.PORT;
      delete clean.DATABASE_PATH;
      return run([bundle], {
        cwd: dir,
        env: { ...clean, ...env },
        timeout: 30_000,
      });
    };
    const fromFile = await start({});
    expect(fromFile.status).toBe(1);
    expect(fromFile.stderr).toBe(
      'configuration error: PORT must be a number from 0 to 65535, got "eighty"\n',
    );
    const fromEnvironment = await start({ PORT: 'seventy' });
    expect(fromEnvironment.status).toBe(1);
    expect(fromEnvironment.stderr).toBe(
      'configuration error: PORT must be a number from 0 to 65535, got "seventy"\n',
    );
  }, 60_000);
});
