/**
 * `npm run test:timings`: writes tests/support/file-seconds.json, each test file's seconds in
 * the last `npm test` on this machine (Vitest's own record of it, kept under node_modules), so
 * that a fresh clone, which has no such record, plans its test order on real durations
 * (tests/support/sequencer.ts, docs/testing.md). Run it after a whole `npm test`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = path.join(ROOT, 'node_modules/.vite/vitest');
const OUT = path.join(ROOT, 'tests/support/file-seconds.json');

interface CachedResults {
  results: [string, { duration?: number }][];
}

const records = existsSync(CACHE)
  ? readdirSync(CACHE)
      .map((folder) => path.join(CACHE, folder, 'results.json'))
      .filter((file) => existsSync(file))
  : [];
if (records.length === 0) {
  console.error('No timings yet: run `npm test` first.');
  process.exit(1);
}

// The files each project runs now: a file gone, or no longer in a project, drops out.
const listed = JSON.parse(
  execFileSync('npx', ['vitest', 'list', '--filesOnly', '--json'], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }),
) as { file: string; projectName: string }[];
const current = new Set(listed.map((f) => `${f.projectName}:${path.relative(ROOT, f.file)}`));

const seconds: Record<string, number> = {};
for (const file of records) {
  const { results } = JSON.parse(readFileSync(file, 'utf8')) as CachedResults;
  for (const [key, { duration }] of results) {
    if (!duration || !current.has(key)) continue;
    seconds[key] = Math.max(1, Math.round(duration / 1000));
  }
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(OUT, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${Object.keys(sorted).length} files' seconds written to ${path.relative(ROOT, OUT)}`);
