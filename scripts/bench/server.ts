/**
 * Starts a server process for the benchmarks (the real one or the bare reference) and waits
 * for its "listening on" line. Separate from the browser tests' helper because the bench
 * needs node flags (--cpu-prof) and its own environment (production mode).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';

export interface BenchServer {
  url: string;
  /** The server's process id (its memory is read from /proc by the upload bench). */
  pid: number | undefined;
  /** Milliseconds from spawn to the "listening on" line. */
  startMs: number;
  output: () => string;
  stop: () => Promise<void>;
}

/** The server names `localhost`, the bare comparison server 127.0.0.1: both listen on 127.0.0.1. */
const LISTENING_RE = /listening on http:\/\/(?:localhost|127\.0\.0\.1):(\d+)/;

export async function spawnServer(
  command: string,
  args: string[],
  options: {
    cwd: string;
    env: NodeJS.ProcessEnv;
    timeoutMs?: number;
    /** Run in its own process group and signal the whole group (for `npm start`, whose
     *  shell and npm layers do not pass SIGTERM on). */
    group?: boolean;
  },
): Promise<BenchServer> {
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.group ?? false,
  });
  const group = options.group ?? false;
  let output = '';
  // The request log would grow without bound during a run: keep only the start of it.
  const keep = (chunk: Buffer) => {
    if (output.length < 64_000) output += chunk.toString();
  };
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let startMs = 0;
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no "listening on" line in time:\n${output}`)),
      options.timeoutMs ?? 120_000,
    );
    const onData = (chunk: Buffer) => {
      keep(chunk);
      const match = LISTENING_RE.exec(output);
      if (match?.[1]) {
        startMs = performance.now() - started;
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited with code ${code} before listening:\n${output}`));
    });
  }).catch(async (error: unknown) => {
    await stop(child, exited, group);
    throw error;
  });
  let stopped: Promise<void> | null = null;
  return {
    url,
    pid: child.pid,
    startMs,
    output: () => output,
    stop: () => (stopped ??= stop(child, exited, group)),
  };
}

async function stop(child: ChildProcess, exited: Promise<unknown>, group: boolean): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const signal = (name: NodeJS.Signals) => {
    try {
      if (group && child.pid) process.kill(-child.pid, name);
      else child.kill(name);
    } catch {
      // Already gone.
    }
  };
  signal('SIGTERM');
  const killer = setTimeout(() => signal('SIGKILL'), 10_000);
  await exited;
  clearTimeout(killer);
}
