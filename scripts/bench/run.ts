/**
 * The `server` bench of `npm run bench` (scripts/bench.ts): the real server (built, production
 * mode, fresh database with the demo facts) against a bare node:http server answering the
 * same bytes, both driven by autocannon (100 connections, fixed duration) in the order real,
 * bare, real, bare for each target; then one table. And the `startup` bench: the start-up
 * figures. Figures, never assertions.
 *
 * The throughput table is printed once per database: the embedded file, then a libSQL server
 * (sqld on this machine); --database=embedded or --database=libsql picks one.
 *
 * Options: --seconds=N per run (default 10), --targets=<text> (targets whose name contains
 * it), --profile (CPU profile of the real server under the two facts reads, or the --targets
 * ones; top self-time functions printed instead of the table; BENCH_PROFILE_TOP=N).
 */
import { createClient } from '@libsql/client';
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { request, type IncomingHttpHeaders } from 'node:http';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { nextAddress } from './addresses';
import { openLoop, percentile, type Arrivals } from './arrivals';
import { fire, type RunFigures } from './cannon';
import { benchEnv } from './env';
import { topSelfTime } from './profile';
import { spawnServer, type BenchServer } from './server';
import { builtStart, freshCheckoutStart } from './startup';
import { benchTargets, type Target } from './targets';
import { startSqld } from '../sqld-process';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CONNECTIONS = 100;
const READ_P99_GOAL_MS = 25;
const BUILT_START_GOAL_MS = 1000;
const FRESH_START_GOAL_MS = 15_000;

export type DatabaseMode = 'embedded' | 'libsql';

export interface ServerBenchOptions {
  databases: DatabaseMode[];
  seconds: number;
  /** Only the targets whose name contains this text. */
  only: string | null;
  profile: boolean;
}

type Options = ServerBenchOptions;

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

async function startReal(
  dir: string,
  nodeArgs: string[] = [],
  databaseUrl?: string,
): Promise<BenchServer> {
  return spawnServer(process.execPath, [...nodeArgs, '--import', 'tsx', 'server.ts'], {
    cwd: ROOT,
    env: benchEnv(path.join(dir, 'app.db'), { databaseUrl }),
  });
}

/** One raw answer: status, headers and the body bytes as sent (fetch would decompress them). */
function rawRequest(url: string, target: Target) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const req = request(
        url + target.path,
        { method: target.method, headers: target.headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(target.body);
    },
  );
}

/** Each target's answer from the real server, for the bare server to repeat byte for byte. */
async function record(url: string, targets: Target[]) {
  const skip = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);
  const answers = [];
  for (const t of targets) {
    const { status, headers, body } = await rawRequest(url, t);
    if (status >= 300) throw new Error(`${t.name}: the real server answered ${status}`);
    const kept: [string, string][] = [];
    for (const [name, value] of Object.entries(headers)) {
      if (skip.has(name) || value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) kept.push([name, v]);
    }
    kept.push(['content-length', String(body.byteLength)]);
    answers.push({
      method: t.method,
      path: t.path,
      status,
      headers: kept,
      body: body.toString('base64'),
    });
    console.log(
      `${t.name}: ${t.path}, ${status}, ${fmt(body.byteLength)} bytes${headers['content-encoding'] ? ` (${headers['content-encoding']})` : ''}`,
    );
  }
  return answers;
}

function fmt(n: number, digits = 0): string {
  return n.toLocaleString('en-US', {
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  });
}

function printTable(
  targets: Target[],
  results: Map<string, { real: RunFigures[]; bare: RunFigures[] }>,
) {
  const header = [
    'target',
    'server',
    'req/s (A B A B)',
    'p50 ms',
    'p99 ms',
    'errors',
    'ratio',
    'goal',
  ];
  const rows: string[][] = [];
  for (const t of targets) {
    const r = results.get(t.name);
    if (!r) continue;
    const mean = (runs: RunFigures[]) => runs.reduce((a, b) => a + b.rps, 0) / runs.length;
    const ratio = mean(r.real) / mean(r.bare);
    for (const [server, runs] of [
      ['real', r.real],
      ['bare', r.bare],
    ] as const) {
      const p99 = Math.max(...runs.map((x) => x.p99));
      const goals: string[] = [];
      if (server === 'real') {
        if (t.goal) goals.push(ratio >= t.goal ? `≥${t.goal}× met` : `≥${t.goal}× MISSED`);
        if (t.read) goals.push(p99 <= READ_P99_GOAL_MS ? 'p99 met' : 'p99 MISSED');
      }
      rows.push([
        server === 'real' ? t.name : '',
        server,
        `${fmt(mean(runs))} (${runs.map((x) => fmt(x.rps)).join(', ')})`,
        fmt(Math.max(...runs.map((x) => x.p50))),
        fmt(p99),
        fmt(runs.reduce((a, b) => a + b.errors, 0)),
        server === 'real' ? `${ratio.toFixed(2)}×` : '',
        goals.join(', '),
      ]);
    }
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

/** Rows in `table` of the real server's database, the file or the libSQL server. */
async function countRows(table: string, file: string, url: string | undefined): Promise<number> {
  const query = `select count(*) from ${table}`;
  if (url) {
    const client = createClient({ url, intMode: 'number' });
    try {
      return Number((await client.execute(query)).rows[0]?.[0] ?? 0);
    } finally {
      client.close();
    }
  }
  const connection = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return Number(connection.prepare(query).pluck().get() ?? 0);
  } finally {
    connection.close();
  }
}

/**
 * The table's runs are closed loops: each connection waits for its answer, so the latency is
 * the connections over the rate (Little's law). A goal "p99 under N ms at R a second" is about
 * R arrivals a second, whatever the server's ceiling: measured with an open loop. Answers the
 * 2xx count.
 */
async function atRate(
  url: string,
  t: Target,
  goal: NonNullable<Target['atRate']>,
  seconds: number,
): Promise<number> {
  const send = (_: number, signal: AbortSignal) =>
    fetch(url + t.path, {
      method: t.method,
      headers: { ...t.headers, ...(t.ownAddress ? { 'x-forwarded-for': nextAddress() } : {}) },
      body: t.body,
      signal,
    });
  const ok = (run: Arrivals) =>
    [...run.statuses].reduce((sum, [status, n]) => sum + (status < 300 ? n : 0), 0);
  // Unmeasured warm-up at the same rate: this client opens its connections (a cold pool
  // adds over 100 ms to the first second's answers).
  const warm = ok(await openLoop(goal.perSecond, 2, send));
  const run = await openLoop(goal.perSecond, seconds, send);
  const answered = ok(run);
  const p99 = percentile(run.latencies, 99);
  const met = p99 < goal.p99Ms && answered === run.offered;
  console.log(
    `${t.name}, ${fmt(goal.perSecond)} arriving a second for ${seconds} s: ${fmt(answered)} of ${fmt(run.offered)} answered 2xx,` +
      ` p50 ${fmt(percentile(run.latencies, 50))} ms, p99 ${fmt(p99)} ms from when each was due` +
      ` (goal p99 < ${goal.p99Ms} ms, all 2xx: ${met ? 'met' : 'MISSED'})`,
  );
  return warm + answered;
}

async function benchThroughput(options: Options, dir: string, mode: DatabaseMode) {
  const clientDir = path.join(ROOT, 'dist', 'client');
  const targets = benchTargets(clientDir).filter(
    (t) => !options.only || t.name.includes(options.only),
  );
  const sqld = mode === 'libsql' ? await startSqld(path.join(dir, 'sqld')) : null;
  console.log(
    `\n== database: ${sqld ? `libSQL server (sqld on this machine, ${sqld.url})` : 'embedded file'}`,
  );
  const real = await startReal(path.join(dir, mode), [], sqld?.url).catch(async (error) => {
    await sqld?.stop();
    throw error;
  });
  let bare: BenchServer | null = null;
  try {
    const answers = path.join(dir, 'answers.json');
    writeFileSync(answers, JSON.stringify(await record(real.url, targets)));
    bare = await spawnServer(
      process.execPath,
      ['--import', 'tsx', 'scripts/bench/bare-server.ts', answers],
      {
        cwd: ROOT,
        env: process.env,
      },
    );
    console.log(
      `\n${CONNECTIONS} connections, ${options.seconds} s per run, runs in the order real, bare, real, bare` +
        ` (load average before: ${load()})`,
    );
    const results = new Map<string, { real: RunFigures[]; bare: RunFigures[] }>();
    // 2xx answers of the real server per writing target, the recorded request included.
    const acknowledged = new Map<string, number>(targets.map((t) => [t.name, 1]));
    for (const t of targets) {
      // Unmeasured warm-up: the JIT, the caches and the connection pools of both.
      const warm = await fire(real.url, t, 1, CONNECTIONS);
      await fire(bare.url, t, 1, CONNECTIONS);
      const entry = { real: [] as RunFigures[], bare: [] as RunFigures[] };
      for (let round = 0; round < 2; round++) {
        entry.real.push(await fire(real.url, t, options.seconds, CONNECTIONS));
        entry.bare.push(await fire(bare.url, t, options.seconds, CONNECTIONS));
      }
      results.set(t.name, entry);
      acknowledged.set(t.name, 1 + warm.ok + entry.real.reduce((sum, run) => sum + run.ok, 0));
    }
    console.log('');
    printTable(targets, results);
    for (const t of targets) {
      if (t.atRate)
        acknowledged.set(
          t.name,
          (acknowledged.get(t.name) ?? 0) + (await atRate(real.url, t, t.atRate, options.seconds)),
        );
    }
    for (const t of targets) {
      if (!t.stores) continue;
      // The writes' figures count stored rows: every 2xx must have left one.
      const rows = await countRows(t.stores, path.join(dir, mode, 'app.db'), sqld?.url);
      const answered = acknowledged.get(t.name) ?? 0;
      // A post still in flight when a run stops is stored without a counted answer.
      console.log(
        `${t.name}: ${fmt(rows)} ${t.stores} rows stored for ${fmt(answered)} 2xx answers` +
          ` (warm-up and runs; up to ${CONNECTIONS} a run stored unanswered as it stopped)` +
          (rows >= answered ? '' : ': ROWS MISSING'),
      );
    }
    console.log(`load average after: ${load()}`);
  } finally {
    await Promise.all([real.stop(), bare?.stop()]);
    await sqld?.stop();
  }
}

async function profile(options: Options, dir: string) {
  const profileDir = path.join(dir, 'profile');
  // On the embedded file unless --database=libsql asks for a libSQL server.
  const sqld = options.databases.includes('embedded')
    ? null
    : await startSqld(path.join(dir, 'sqld'));
  const real = await startReal(
    dir,
    ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
    sqld?.url,
  ).catch(async (error) => {
    await sqld?.stop();
    throw error;
  });
  try {
    const all = benchTargets(path.join(ROOT, 'dist', 'client'));
    const targets = options.only
      ? all.filter((t) => t.name.includes(options.only!))
      : all.slice(0, 2);
    for (const t of targets) await fire(real.url, t, options.seconds, CONNECTIONS);
  } finally {
    await real.stop();
    await sqld?.stop();
  }
  const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('no profile written');
  const { busyMs, rows } = topSelfTime(
    path.join(profileDir, file),
    Number(process.env.BENCH_PROFILE_TOP ?? 20),
  );
  console.log(
    `\nCPU profile of the real server${sqld ? ' on a libSQL server' : ''} under ${options.only ? `the targets matching "${options.only}"` : 'GET /api/ai-facts then the tRPC read'}, ${options.seconds} s each` +
      ` (busy ${fmt(busyMs)} ms, load average ${load()}); top self time:`,
  );
  for (const row of rows) {
    console.log(
      `${(row.share * 100).toFixed(1).padStart(5)}%  ${fmt(row.ms).padStart(6)} ms  ${row.name}`,
    );
  }
}

/** The client built once (scripts/build-if-stale.ts) before the first bench that serves it. */
let built = false;
export function ensureBuilt(): void {
  if (built) return;
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-if-stale.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  built = true;
}

/** `startup`: npm start to listening, on the built tree and on a fresh checkout. */
export async function startupBench(): Promise<void> {
  ensureBuilt();
  console.log(`start-up (load average ${load()}):`);
  const times = await builtStart(ROOT);
  const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  console.log(
    `  npm start, built tree, to listening: median ${fmt(median)} ms of ${times.map((t) => fmt(t)).join(', ')}` +
      ` (goal ≤ ${fmt(BUILT_START_GOAL_MS)} ms: ${median <= BUILT_START_GOAL_MS ? 'met' : 'MISSED'})`,
  );
  const fresh = await freshCheckoutStart(ROOT);
  console.log(
    `  npm start, fresh checkout (builds first), to listening: ${fmt(fresh)} ms` +
      ` (goal ≤ ${fmt(FRESH_START_GOAL_MS)} ms: ${fresh <= FRESH_START_GOAL_MS ? 'met' : 'MISSED'})`,
  );
}

/** `server`: the throughput table per database, or with `profile` the CPU profile. */
export async function serverBench(options: ServerBenchOptions): Promise<void> {
  ensureBuilt();
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-'));
  try {
    if (options.profile) {
      await profile(options, dir);
      return;
    }
    for (const mode of options.databases) {
      mkdirSync(path.join(dir, mode));
      await benchThroughput(options, dir, mode);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
