/**
 * `npm run bench -- --only=leads`: speed and memory figures for the admin's messages and leads
 * over 100,000 stored messages (BENCH_MESSAGES) from about 30,000 people (BENCH_LEADS), printed, never asserted (timed tests are flaky on shared
 * machines). The whole app runs in-process on a fresh database file, and every figure is a
 * real request through app.request(): routing, auth, the query and the JSON or CSV body.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { closeDatabase, openDatabase } from '#db';
import { createApp } from '#server/app/app';
import { createTestDeps, signedInCookie } from '#tests/support/app';

const COUNT = Number(process.env.BENCH_MESSAGES ?? 100_000);
const PEOPLE = Number(process.env.BENCH_LEADS ?? 30_000);
const RUNS = 20;
/** The leads' figures are p50 and p99, so more runs of each. */
const LEAD_RUNS = 100;
const STATUSES = ['new', 'replied', 'meeting', 'proposal', 'won', 'lost'] as const;
const SUBJECTS = ['consulting', 'custom', 'partnership', 'other'] as const;
const FIRST = ['Ada', 'Grace', 'Alan', 'Katherine', 'Edsger', 'Barbara', 'Donald', 'Margaret'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Johnson', 'Dijkstra', 'Liskov', 'Knuth', 'Hamilton'];
const STOP_WORDS = 'we would like to discuss a project about our data and the team'.split(' ');
const SYLLABLES = 'ka lo mi ne ru ta po si de fa gu ho ji be vo'.split(' ');
/**
 * 2,250 made-up words drawn with a Zipf-like skew (a few very frequent, most rare), as in
 * real text; a stop word list covers the words nearly every message holds.
 */
const VOCABULARY = SYLLABLES.flatMap((a) =>
  SYLLABLES.flatMap((b) => ['', 'n', 'r', 's', 'l', 't', 'm', 'k', 'p', 'x'].map((c) => a + b + c)),
);
/** A deterministic pseudo-random sequence, so every run measures the same data. */
function lcg(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

/** Bulk insert straight into the migrated file: one prepared statement, one transaction. */
function fill(file: string): void {
  const random = lcg(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const sqlite = new Database(file);
  const insert = sqlite.prepare(
    `insert into contacts (name, email, company, subject, message, privacy, created_at, read_at)
     values (?, ?, ?, ?, ?, 1, ?, ?)`,
  );
  const start = Date.UTC(2024, 0, 1);
  sqlite.transaction(() => {
    for (let i = 1; i <= COUNT; i++) {
      // Person k writes messages k, k + PEOPLE, ...: about 3 each, under the same address.
      const k = ((i - 1) % PEOPLE) + 1;
      const name = `${FIRST[k % FIRST.length]} ${LAST[(k >> 3) % LAST.length]} ${k}`;
      const words: string[] = [];
      const length = 20 + Math.floor(random() * 120);
      for (let w = 0; w < length; w++) {
        words.push(
          random() < 0.4
            ? pick(STOP_WORDS)
            : VOCABULARY[Math.floor(VOCABULARY.length ** random()) - 1]!,
        );
      }
      insert.run(
        name,
        `person${k}@company${k % 5000}.example`,
        k % 3 === 0 ? null : `Company ${k % 5000} Ltd`,
        SUBJECTS[i % 4],
        words.join(' '),
        start + i * 60_000,
        i % 10 === 0 ? start + i * 60_000 + 3_600_000 : null,
      );
    }
  })();
  groupIntoLeads(sqlite);
  sqlite.close();
}

/**
 * The leads of the stored messages, as migration 0012 makes them for messages stored before
 * leads existed, then spread over the statuses, some with a follow-up, as a pipeline would be.
 */
function groupIntoLeads(sqlite: Database.Database): void {
  sqlite.exec(`
    insert into leads (email, name, company, status, created_at, last_activity_at)
    select c.email, c.name, c.company, 'new', g.first_at, g.last_at
    from (select max(id) as latest, min(created_at) as first_at, max(created_at) as last_at
          from contacts group by lower(email)) as g
    join contacts as c on c.id = g.latest
    order by g.first_at;
    update contacts set lead_id = (select id from leads where lower(leads.email) = lower(contacts.email));
    insert into lead_events (lead_id, at, kind, contact_id)
    select lead_id, created_at, 'message', id from contacts order by id;
  `);
  const setStatus = sqlite.prepare('update leads set status = ?, follow_up_at = ? where id = ?');
  sqlite.transaction(() => {
    for (let id = 1; id <= PEOPLE; id++) {
      setStatus.run(STATUSES[id % STATUSES.length], id % 7 === 0 ? Date.UTC(2024, 5, 1) : null, id);
    }
  })();
}

/** The p-th percentile (0-100) of the values, nearest rank. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

export async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-leads-'));
  const file = path.join(dir, 'app.db');
  const db = await openDatabase({ file });
  try {
    let started = performance.now();
    fill(file);
    console.log(
      `stored ${COUNT.toLocaleString('en')} messages in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const deps = await createTestDeps({ db });
    const app = createApp(deps);
    const cookie = await signedInCookie(deps);
    const get = async (url: string) => {
      const response = await app.request(url, { headers: { cookie } });
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      return response;
    };

    const cases: [string, string][] = [
      ['list, first page', '/api/messages'],
      ['list, last page', `/api/messages?page=${Math.ceil(COUNT / 25)}`],
      ['subject filter', '/api/messages?subject=partnership'],
      ['search: one e-mail address', `/api/messages?q=person${PEOPLE - 7}%40`],
      ['search: a company', '/api/messages?q=company%204242%20ltd'],
      ['search: a surname', '/api/messages?q=lovelace'],
      ['search: a rare word', `/api/messages?q=${VOCABULARY[900]}`],
      ['search: a frequent word', `/api/messages?q=${VOCABULARY[8]}`],
      ['search: a frequent word + subject', `/api/messages?q=${VOCABULARY[8]}&subject=custom`],
      ['search: a stop word', '/api/messages?q=discuss'],
      ['search: two letters (table scan)', '/api/messages?q=zq'],
    ];
    // CPU time is the work a request did; wall time also counts waiting for a core, which on
    // a machine shared with other jobs can be most of it.
    console.log(
      `\nGET, median and slowest wall time and median CPU time of ${RUNS} runs (after 3 warm-up runs):`,
    );
    for (const [label, url] of cases) {
      for (let i = 0; i < 3; i++) await (await get(url)).arrayBuffer();
      const times: number[] = [];
      const cpuTimes: number[] = [];
      let total = 0;
      for (let i = 0; i < RUNS; i++) {
        started = performance.now();
        const cpu = process.cpuUsage();
        const body = (await (await get(url)).json()) as { total: number };
        const used = process.cpuUsage(cpu);
        times.push(performance.now() - started);
        cpuTimes.push((used.user + used.system) / 1000);
        total = body.total;
      }
      console.log(
        `  ${label.padEnd(34)} ${median(times).toFixed(1).padStart(6)} ms  (max ${Math.max(...times)
          .toFixed(1)
          .padStart(6)})` +
          `  cpu ${median(cpuTimes).toFixed(1).padStart(6)} ms  ${total.toLocaleString('en').padStart(7)} matches`,
      );
    }

    const leadCases: [string, string][] = [
      ['leads: first page', '/api/leads'],
      ['leads: last page', `/api/leads?page=${Math.ceil(PEOPLE / 25)}`],
      ['leads: a status', '/api/leads?status=proposal'],
      ['leads: one e-mail address', `/api/leads?q=person${PEOPLE - 7}%40`],
      ['leads: a company', '/api/leads?q=company%204242%20ltd'],
      ['leads: a surname', '/api/leads?q=lovelace'],
      ['leads: a rare word', `/api/leads?q=${VOCABULARY[900]}`],
      ['leads: a frequent word', `/api/leads?q=${VOCABULARY[8]}`],
      ['leads: a frequent word + status', `/api/leads?q=${VOCABULARY[8]}&status=won`],
      ['leads: a stop word', '/api/leads?q=discuss'],
      ['leads: two letters (table scan)', '/api/leads?q=zq'],
      ['leads: attention', '/api/leads/attention'],
      ['leads: one lead and its timeline', `/api/leads/${PEOPLE - 3}`],
    ];
    console.log(
      `\nGET, p50 and p99 wall time and p50 CPU time of ${LEAD_RUNS} runs (after 3 warm-up runs):`,
    );
    for (const [label, url] of leadCases) {
      for (let i = 0; i < 3; i++) await (await get(url)).arrayBuffer();
      const times: number[] = [];
      const cpuTimes: number[] = [];
      let total: number | undefined;
      for (let i = 0; i < LEAD_RUNS; i++) {
        started = performance.now();
        const cpu = process.cpuUsage();
        const body = (await (await get(url)).json()) as { total?: number };
        const used = process.cpuUsage(cpu);
        times.push(performance.now() - started);
        cpuTimes.push((used.user + used.system) / 1000);
        total = body.total;
      }
      console.log(
        `  ${label.padEnd(34)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  p99 ${percentile(
          times,
          99,
        )
          .toFixed(1)
          .padStart(6)} ms  cpu ${percentile(cpuTimes, 50).toFixed(1).padStart(6)} ms` +
          (total === undefined ? '' : `  ${total.toLocaleString('en').padStart(7)} leads`),
      );
    }

    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const before = process.memoryUsage();
    started = performance.now();
    const response = await get('/api/messages.csv');
    const reader = response.body!.getReader();
    let bytes = 0;
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      bytes += chunk.value.byteLength;
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }
    const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
    console.log(
      `\nCSV of all ${COUNT.toLocaleString('en')} messages: ${mb(bytes)} MB in ${((performance.now() - started) / 1000).toFixed(2)} s; ` +
        `memory growth while streaming: RSS ${mb(peakRss - before.rss)} MB, heap ${mb(peakHeap - before.heapUsed)} MB` +
        (gc ? '' : ' (run with --expose-gc for a steadier baseline)'),
    );
  } finally {
    await closeDatabase(db);
    rmSync(dir, { recursive: true, force: true });
  }
}
