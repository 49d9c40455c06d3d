/**
 * `npm run bench -- --only=search`: the visitors' search (GET /api/search) over 1,000
 * published entries of 2,000 words each (BENCH_ENTRIES, BENCH_WORDS), p50 and p99 wall time,
 * printed, never asserted (timed tests are flaky on shared machines). The whole app runs
 * in-process on a fresh database file, and every figure is a real request through
 * app.request(): routing, the throttle's write, the FTS5 query, the snippets and the JSON.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { closeDatabase, openDatabase } from '#db';
import { createApp } from '#server/app/app';
import { ftsQuery } from '#server/search/search-query';
import { createTestDeps, testConfig } from '#tests/support/app';

const COUNT = Number(process.env.BENCH_ENTRIES ?? 1_000);
const WORDS = Number(process.env.BENCH_WORDS ?? 2_000);
const RUNS = 50;

/** The words nearly every text holds, about 45 % of running English. */
const STOP_WORDS = (
  'the of and to a in is that for it as with was on be by this are or from at an we our ' +
  'their they which can more has not but have its will what how one all so when into'
).split(' ');
/** The consultancy's words: the vocabulary of case studies and insights. */
const DOMAIN = (
  'model agent data team customer support answer ticket pipeline retrieval evaluation ' +
  'prompt latency cost accuracy workflow automation document search index embedding ' +
  'review contract invoice report dashboard forecast risk compliance security privacy ' +
  'training deployment monitoring feedback quality error review process manager client ' +
  'project week month hour minute result time faster cheaper process analyst engineer ' +
  'language knowledge base wiki email call sales lead marketing content summary draft ' +
  'classification extraction routing triage escalation policy approval audit system ' +
  'integration api cloud server database warehouse spreadsheet finance legal health ' +
  'insurance retail logistics manufacturing energy bank school hospital store factory'
).split(' ');
const SYLLABLES = 'ka lo mi ne ru ta po si de fa gu ho ji be vo'.split(' ');
/**
 * The long tail: 2,250 made-up words ranked after the domain's, drawn with a Zipf-like skew
 * (a few very frequent, most rare), as words are in real text.
 */
const RANKED = [
  ...DOMAIN,
  ...SYLLABLES.flatMap((a) =>
    SYLLABLES.flatMap((b) =>
      ['', 'n', 'r', 's', 'l', 't', 'm', 'k', 'p', 'x'].map((c) => a + b + c),
    ),
  ),
];

/**
 * A deterministic pseudo-random sequence (mulberry32), so every run measures the same data.
 * 32-bit integer steps: a multiplication in doubles would lose the low bits it keeps.
 */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t ^= t + Math.imul(t ^ (t >>> 7), 61 | t);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function text(random: () => number, length: number): string {
  const words: string[] = [];
  for (let w = 0; w < length; w++) {
    words.push(
      random() < 0.45
        ? STOP_WORDS[Math.floor(random() * STOP_WORDS.length)]!
        : RANKED[Math.floor(RANKED.length ** random()) - 1]!,
    );
    // Sentences of about 15 words.
    if (random() < 1 / 15) words[words.length - 1] += '.';
  }
  return words.join(' ');
}

/**
 * Bulk insert of published entries straight into the migrated file, one prepared statement,
 * one transaction: the index's trigger indexes each row as a publish would.
 */
export function fill(file: string): void {
  const random = seeded(47);
  const sqlite = new Database(file);
  const insert = sqlite.prepare(
    `insert into entries (kind, slug, title, summary, body, status, published_at, updated_at)
     values (?, ?, ?, ?, ?, 'published', ?, ?)`,
  );
  const start = Date.UTC(2024, 0, 1);
  sqlite.transaction(() => {
    for (let i = 1; i <= COUNT; i++) {
      const at = start + i * 3_600_000;
      insert.run(
        i % 3 === 0 ? 'case_study' : 'insight',
        `entry-${i}`,
        text(random, 8),
        text(random, 40),
        text(random, WORDS),
        at,
        at,
      );
    }
  })();
  sqlite.close();
}

/** The p-th percentile (0-100) of the values, nearest rank. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-search-'));
  const file = path.join(dir, 'app.db');
  const db = await openDatabase({ file });
  try {
    let started = performance.now();
    fill(file);
    console.log(
      `stored and indexed ${COUNT.toLocaleString('en')} published entries of ${WORDS.toLocaleString('en')} words in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    // Throttle on, as in production: each request comes from its own address (the limit is
    // 30 a minute per address), so every figure includes the throttle's write.
    const deps = await createTestDeps({ db, config: testConfig({ trustProxy: true }) });
    const app = createApp(deps);
    let visitor = 0;
    const get = async (q: string) => {
      visitor++;
      const ip = `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
      const response = await app.request(`/api/search?q=${encodeURIComponent(q)}`, {
        headers: { 'x-forwarded-for': ip },
      });
      if (response.status !== 200) throw new Error(`${q} answered ${response.status}`);
      return (await response.json()) as { results: unknown[] };
    };

    // How many entries hold the words: the selectivity of each case.
    const reader = new Database(file, { readonly: true });
    const count = reader.prepare(
      'select count(*) as n from entries_search where entries_search match ?',
    );
    const matching = (q: string) => {
      const match = ftsQuery(q);
      return match === null ? 0 : (count.get(match) as { n: number }).n;
    };
    const cases: [string, string][] = [
      ['a stop word (every entry)', 'the'],
      ['a frequent word (most entries)', DOMAIN[1]!],
      ['two frequent words', `${DOMAIN[0]} ${DOMAIN[2]}`],
      ['a mid word', RANKED[150]!],
      ['a rare word', RANKED[1500]!],
      ['frequent + rare', `${DOMAIN[3]} ${RANKED[1200]}`],
      ['three words', `${DOMAIN[5]} ${DOMAIN[8]} ${RANKED[300]}`],
      ['no match', 'zzyzx'],
      ['FTS5 syntax', '"pipeline* NEAR(-data'],
    ];
    console.log(
      `\nGET /api/search, p50 and p99 wall time and p50 CPU time of ${RUNS} runs each (after 3 warm-up runs):`,
    );
    const all: number[] = [];
    for (const [label, q] of cases) {
      for (let i = 0; i < 3; i++) await get(q);
      const times: number[] = [];
      const cpuTimes: number[] = [];
      let found = 0;
      for (let i = 0; i < RUNS; i++) {
        started = performance.now();
        const cpu = process.cpuUsage();
        found = (await get(q)).results.length;
        const used = process.cpuUsage(cpu);
        times.push(performance.now() - started);
        cpuTimes.push((used.user + used.system) / 1000);
      }
      all.push(...times);
      const held = matching(q);
      console.log(
        `  ${label.padEnd(32)} ${JSON.stringify(q).padEnd(26)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  p99 ${percentile(times, 99).toFixed(1).padStart(6)} ms  cpu ${percentile(cpuTimes, 50).toFixed(1).padStart(6)} ms  ${String(found).padStart(2)} results of ${String(held).padStart(5)}`,
      );
    }
    reader.close();
    console.log(
      `\nall ${all.length} searches: p50 ${percentile(all, 50).toFixed(1)} ms, p99 ${percentile(all, 99).toFixed(1)} ms (goal: p99 under 50 ms)`,
    );
  } finally {
    await closeDatabase(db);
    rmSync(dir, { recursive: true, force: true });
  }
}
