/**
 * What `npm run bench` runs (scripts/bench.ts): the benches by name, and its arguments.
 * `--only=<name>[,<name>]` picks benches (default: all, in this order), `--list` names them;
 * the other options belong to the `server` bench (scripts/bench/run.ts).
 */
import { parseArgs } from 'node:util';
import type { ServerBenchOptions } from './run';

export const BENCHES = [
  { name: 'startup', about: 'npm start to listening: built tree, fresh checkout' },
  { name: 'start', about: 'node dist/server.js (production) to /healthz 200, and its memory' },
  { name: 'server', about: 'the real server against bare Node, per target and database' },
  { name: 'load', about: 'sustained mixed load on a production server (LOAD_SECONDS)' },
  { name: 'logins', about: 'reads while sign-ins arrive at a fixed rate (LOGIN_SECONDS)' },
  { name: 'leads', about: 'messages and leads over 100,000 messages (BENCH_MESSAGES)' },
  { name: 'newsletter', about: 'one newsletter to 10,000 subscribers (BENCH_RECIPIENTS)' },
  {
    name: 'outbox',
    about: 'a newsletter through the outbox at BENCH_RATE, and sign-in codes meanwhile',
  },
  { name: 'feed', about: '/healthz while a hostile calendar feed is read (FEED_BURN)' },
  { name: 'search', about: 'GET /api/search over 1,000 entries of 2,000 words (BENCH_ENTRIES)' },
  { name: 'invoice', about: 'issuing an invoice: number, PDF/A-3 and XML (BENCH_INVOICES runs)' },
  { name: 'upload', about: "a 10 MB upload to an engagement: the server's memory above idle" },
] as const;

export type BenchName = (typeof BENCHES)[number]['name'];

export type BenchArgs =
  | { list: true }
  | { list: false; only: BenchName[]; server: ServerBenchOptions };

/** A bad command line: the message says what is wrong (exit code 2). */
export class BenchUsageError extends Error {}

const NAMES: readonly string[] = BENCHES.map((b) => b.name);
const isBench = (name: string): name is BenchName => NAMES.includes(name);

export function parseBenchArgs(argv: string[]): BenchArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        list: { type: 'boolean' },
        only: { type: 'string' },
        seconds: { type: 'string' },
        database: { type: 'string' },
        targets: { type: 'string' },
        profile: { type: 'boolean' },
      },
    }));
  } catch (error) {
    throw new BenchUsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.list) return { list: true };
  const asked = values.only === undefined ? NAMES : values.only.split(',').map((n) => n.trim());
  const unknown = asked.filter((name) => !isBench(name));
  if (unknown.length > 0 || asked.length === 0) {
    throw new BenchUsageError(
      `unknown bench ${unknown.map((n) => `"${n}"`).join(', ') || '""'}; one of: ${NAMES.join(', ')}`,
    );
  }
  // In the list's order, each once, whatever the order asked.
  const only = BENCHES.map((b) => b.name).filter((name) => asked.includes(name));
  const seconds = Number(values.seconds ?? 10);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new BenchUsageError(`--seconds must be a positive number, not "${values.seconds}"`);
  }
  const { database } = values;
  if (database !== undefined && database !== 'embedded' && database !== 'libsql') {
    throw new BenchUsageError(`--database must be embedded or libsql, not "${database}"`);
  }
  return {
    list: false,
    only,
    server: {
      databases: database ? [database] : ['embedded', 'libsql'],
      seconds,
      only: values.targets ?? null,
      profile: values.profile ?? false,
    },
  };
}

/** `--list`: one line per bench, its name and what it measures. */
export function benchList(): string {
  const width = Math.max(...NAMES.map((n) => n.length));
  return BENCHES.map((b) => `${b.name.padEnd(width)}  ${b.about}`).join('\n');
}
