import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { startServerProcess, type ServerProcess } from '#tests/support/server-process';

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
  /** Its SESSION_SECRET, which seals its cookies (a session made without signing in). */
  sessionSecret: string;
  /** Everything the server printed so far (stdout and stderr), for assertions and debugging. */
  output: () => string;
  /** SIGTERM, then waits for the process to exit (SIGKILL after 10 s); removes the temp folder. */
  stop: () => Promise<void>;
}

/**
 * Starts the real server (server.ts) on a free port with a fresh database in a temp folder,
 * through the same process helper as the server's fault tests (Node with tsx as a loader, so
 * SIGTERM reaches the server itself and not a wrapper; docs/operations.md).
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'e2e-server-'));
  const dbPath = path.join(dir, 'app.db');
  const env = { SESSION_SECRET: randomBytes(32).toString('hex'), ...options.env };
  let server: ServerProcess;
  try {
    server = await startServerProcess(dbPath, env, options.startTimeoutMs);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  let stopped: Promise<void> | null = null;
  // A server that ends mid-test otherwise shows only as ERR_CONNECTION_REFUSED in the next
  // page load: say how it ended and what it printed last (its request lines left out).
  void server.exited.then((code) => {
    if (stopped) return;
    const signal = server.exitSignal();
    const last = server
      .output()
      .split('\n')
      .filter((line) => !line.includes('"event":"request"'))
      .slice(-40)
      .join('\n');
    console.error(
      `the server at ${server.url} ended before stop() (${signal ?? `exit code ${code}`}); its last lines:\n${last}`,
    );
  });
  return {
    url: server.url,
    dbPath,
    sessionSecret: env.SESSION_SECRET,
    output: server.output,
    stop: () => {
      stopped ??= stopProcess(server).then(() => {
        rmSync(dir, { recursive: true, force: true });
      });
      return stopped;
    },
  };
}

async function stopProcess(server: ServerProcess): Promise<void> {
  server.signal('SIGTERM');
  const killer = setTimeout(() => server.signal('SIGKILL'), 10_000);
  await server.exited;
  clearTimeout(killer);
}
