/**
 * `npm run bench`: starts the real server on a free port with a fresh database and prints
 * figures: start-up time, and throughput and latency percentiles of the hot paths under a
 * bounded local load. Figures, not assertions: shared machines make timed tests flaky.
 * `--load` and `--logins` run the sustained-load modes of scripts/load.ts instead.
 */
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { startServer } from '../tests/e2e/support/server';
import { loginLoad, mixedLoad } from './load';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);

interface Target {
  name: string;
  request: (i: number) => { path: string; init?: RequestInit };
}

const targets: Target[] = [
  { name: 'GET /api/ai-facts', request: () => ({ path: '/api/ai-facts' }) },
  {
    name: 'GET /api/trpc/facts.listPublic',
    request: () => ({ path: '/api/trpc/facts.listPublic' }),
  },
  { name: 'GET / (prerendered HTML)', request: () => ({ path: '/' }) },
  { name: 'GET /healthz', request: () => ({ path: '/healthz' }) },
  {
    name: 'POST /api/contact (stored)',
    // Each request from its own address (TRUST_PROXY=1) so the per-address throttle does not
    // turn the run into a 429 benchmark.
    request: (i) => ({
      path: '/api/contact',
      init: {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `198.18.${Math.floor(i / 250)}.${i % 250}`,
        },
        body: JSON.stringify({
          name: 'Bench Visitor',
          email: 'bench@example.com',
          subject: 'other',
          message: 'A benchmark message of reasonable length.',
          privacy: true,
        }),
      },
    }),
  },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function run(base: string, target: Target, requests = REQUESTS, print = true) {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < requests) {
      const { path, init } = target.request(next++);
      const t0 = performance.now();
      const res = await fetch(base + path, init);
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (!res.ok) failures++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  if (!print) return;
  latencies.sort((a, b) => a - b);
  const fmt = (n: number) => n.toFixed(1).padStart(7);
  console.log(
    `${target.name.padEnd(34)} ${fmt(requests / seconds)} req/s  p50 ${fmt(percentile(latencies, 50))} ms` +
      `  p95 ${fmt(percentile(latencies, 95))} ms  p99 ${fmt(percentile(latencies, 99))} ms` +
      (failures ? `  (${failures} not OK)` : ''),
  );
}

const loadMode = process.argv.includes('--load');
const loginMode = process.argv.includes('--logins');

execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-if-stale.ts'], {
  stdio: 'inherit',
});
if (loadMode || loginMode) {
  // Production mode, fresh database; throttles on (see scripts/load.ts for the addresses).
  const server = await startServer({ env: { TRUST_PROXY: '1', NODE_ENV: 'production' } });
  let ok = true;
  try {
    if (loadMode) ok = (await mixedLoad(server)) && ok;
    if (loginMode) ok = (await loginLoad(server)) && ok;
  } finally {
    await server.stop();
  }
  process.exit(ok ? 0 : 1);
}
const t0 = performance.now();
const server = await startServer({ env: { TRUST_PROXY: '1' } });
console.log(
  `start-up (spawn to listening, fresh database): ${(performance.now() - t0).toFixed(0)} ms`,
);
console.log(`${REQUESTS} requests per target, ${CONCURRENCY} at a time, over loopback:`);
try {
  // A short unmeasured warm-up, so the first target does not pay for the JIT alone.
  for (const target of targets.slice(0, 4)) await run(server.url, target, 200, false);
  for (const target of targets) await run(server.url, target);
} finally {
  await server.stop();
}
