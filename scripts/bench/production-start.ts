/**
 * `npm run bench -- --only=start` (docs/performance.md, "Production start"): how soon the
 * production bundle answers and how much memory it holds then. From spawning
 * `node dist/server.js` (what `NODE_ENV=production npm start` runs) on a fresh embedded file
 * to the first 200 of /readyz, and the process's resident memory at that moment; beside it
 * the same for the sources under tsx (`node --import tsx server.ts`). Goals: 1.5 s, 150 MB.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { withBuildLock } from '../build-lock';
import { benchEnv } from './env';
import { ensureBuilt } from './run';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const START_GOAL_MS = 1_500;
export const MEMORY_GOAL_MB = 150;
const RUNS = 3;
/** The probe the start waits for. */
const READY_PATH = '/readyz';

interface Start {
  ms: number;
  rssMb: number;
  /** CPU time the process used to get there (user + system): less swayed by a busy machine. */
  cpuMs: number;
}

/** User plus system CPU time of a process, from /proc (in clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are the 14th and 15th fields; the split dropped the first two.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The resident set of a process, from Linux's /proc. */
function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url);
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/** One start of `args` on a fresh database: spawn to the first 200, and the memory then. */
async function oneStart(args: string[], dataDir: string, run: number): Promise<Start> {
  const env = benchEnv(path.join(dataDir, `start-${run}.db`));
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited:\n${output}`);
      // PORT=0: the port is known from the listening line; /readyz is asked from then on.
      const port = /listening on http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port && (await answers(`http://127.0.0.1:${port}${READY_PATH}`))) break;
      if (performance.now() - started > 60_000) throw new Error('no answer within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return { ms: performance.now() - started, rssMb: rssMb(child.pid!), cpuMs: cpuMs(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(label: string, args: string[], dataDir: string): Promise<Start> {
  const starts: Start[] = [];
  for (let run = 0; run < RUNS; run++) starts.push(await oneStart(args, dataDir, run));
  const result = {
    ms: median(starts.map((s) => s.ms)),
    rssMb: median(starts.map((s) => s.rssMb)),
    cpuMs: median(starts.map((s) => s.cpuMs)),
  };
  console.log(
    `  ${label.padEnd(30)} ${Math.round(result.ms)} ms to ${READY_PATH} 200 ` +
      `(${starts.map((s) => Math.round(s.ms)).join(', ')}), ${Math.round(result.cpuMs)} ms of CPU, ` +
      `${Math.round(result.rssMb)} MB RSS`,
  );
  return result;
}

export async function main(): Promise<void> {
  ensureBuilt();
  // The bundle of the sources as they are now (1-2 s), as `npm run build` ends.
  withBuildLock(() =>
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/bundle-server.ts'], {
      cwd: ROOT,
      stdio: 'ignore',
    }),
  );
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-prod-start-'));
  try {
    console.log(
      `production start, embedded file, median of ${RUNS} (load average ${loadavg()[0]!.toFixed(2)}):`,
    );
    const bundle = await measure('node dist/server.js', ['dist/server.js'], dataDir);
    await measure('node --import tsx server.ts', ['--import', 'tsx', 'server.ts'], dataDir);
    const met = (ok: boolean) => (ok ? 'met' : 'MISSED');
    console.log(
      `  goals: start ≤ ${START_GOAL_MS} ms ${met(bundle.ms <= START_GOAL_MS)}, ` +
        `memory ≤ ${MEMORY_GOAL_MB} MB ${met(bundle.rssMb <= MEMORY_GOAL_MB)}`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
