import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PROJECT_ROOT } from './paths';

export interface StartServerOptions {
  /** Extra environment for the server (SMTP_URL, ADMIN_USERNAME, ...); wins over the defaults. */
  env?: Record<string, string>;
  /** How long to wait for the "listening on" line. */
  startTimeoutMs?: number;
}

export interface RunningServer {
  /** Base address without a trailing slash, e.g. http://127.0.0.1:41234 */
  url: string;
  /** The fresh SQLite file this server uses; open it to prepare or check data. */
  dbPath: string;
  /** Everything the server printed so far (stdout and stderr), for assertions and debugging. */
  output: () => string;
  /** SIGTERM, then waits for the process to exit (SIGKILL after 10 s); removes the temp folder. */
  stop: () => Promise<void>;
}

const LISTENING_RE = /listening on (http:\/\/127\.0\.0\.1:\d+)/;

/**
 * Starts the real server (server.ts) on a free port with a fresh database in a temp folder.
 * Node runs it directly with tsx as a loader, so SIGTERM reaches the server itself and not a
 * wrapper process (an `npx`/`npm` parent does not forward it reliably; DESIGN.md section 5).
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'e2e-server-'));
  const dbPath = path.join(dir, 'app.db');
  const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_PATH: dbPath,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  let output = '';
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`server did not report "listening on" in time:\n${output}`));
    }, options.startTimeoutMs ?? 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = LISTENING_RE.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with code ${code} before listening:\n${output}`));
    });
  }).catch(async (error: unknown) => {
    await stopProcess(child, exited);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  });

  let stopped: Promise<void> | null = null;
  return {
    url,
    dbPath,
    output: () => output,
    stop: () => {
      stopped ??= stopProcess(child, exited).then(() => {
        rmSync(dir, { recursive: true, force: true });
      });
      return stopped;
    },
  };
}

async function stopProcess(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(killer);
}
