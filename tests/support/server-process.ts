/**
 * The real server (server.ts) as a child process on a free port, for tests whose fault needs
 * one: signals, kill -9, another process holding the database. Node runs it directly, as
 * process managers do (docs/operations.md), so signals reach the server itself; it runs the
 * tests' bundle of server.ts (server-bundle.ts), which starts in half the CPU time of tsx.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverBundle } from './server-bundle';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * The start-up line names `localhost` (passkeys need a name); the tests connect to the
 * address they told the server to listen on, whatever `localhost` resolves to here.
 */
const LISTENING_RE = /listening on http:\/\/localhost:(\d+)/;

export interface ServerProcess {
  url: string;
  /** Everything printed so far, stdout and stderr together. */
  output(): string;
  /** Resolves once the output matches; rejects after timeoutMs or when the process ends first. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** The exit code (null when ended by a signal). */
  exited: Promise<number | null>;
  /** The signal that ended the process, once it has ended by one; otherwise null. */
  exitSignal(): NodeJS.Signals | null;
  signal(name: NodeJS.Signals): void;
}

/** The SESSION_SECRET of the server processes, unless a test gives its own. */
export const PROCESS_SESSION_SECRET = 'process-test-secret-process-test-secret-0123';

/** Starts server.ts on DATABASE_PATH=dbPath and resolves once it listens (within timeoutMs). */
export async function startServerProcess(
  dbPath: string,
  env: Record<string, string> = {},
  timeoutMs = 60_000,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [await serverBundle()], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_PATH: dbPath,
      SESSION_SECRET: PROCESS_SESSION_SECRET,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    listeners.forEach((listener) => listener());
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  // 'close', not 'exit': by then every line the process printed has been read.
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));

  const waitForOutput = (pattern: RegExp, ms = timeoutMs) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!pattern.test(output)) return;
        done();
        resolve();
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no ${pattern} within ${ms} ms:\n${output}`));
      }, ms);
      const done = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      listeners.add(check);
      void exited.then(() => {
        if (!listeners.has(check)) return;
        done();
        reject(new Error(`server exited before ${pattern}:\n${output}`));
      });
      check();
    });

  try {
    await waitForOutput(LISTENING_RE);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url: `http://127.0.0.1:${LISTENING_RE.exec(output)?.[1] ?? ''}`,
    output: () => output,
    waitForOutput,
    exited,
    exitSignal: () => child.signalCode,
    signal: (name) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(name);
    },
  };
}
