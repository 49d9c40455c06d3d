import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BENCHES, BenchUsageError, parseBenchArgs } from './select';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ALL = BENCHES.map((b) => b.name);

function bench(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });
}

describe('npm run bench: one entry', () => {
  it('runs every bench by default, in the list order', () => {
    const args = parseBenchArgs([]);
    expect(args).toMatchObject({ list: false, only: ALL });
    expect(ALL).toEqual([
      'startup',
      'start',
      'server',
      'load',
      'logins',
      'leads',
      'newsletter',
      'outbox',
      'feed',
      'search',
      'invoice',
      'upload',
    ]);
  });

  it('--only picks benches by name, each once, in the list order', () => {
    expect(parseBenchArgs(['--only=newsletter,leads'])).toMatchObject({
      only: ['leads', 'newsletter'],
    });
    expect(parseBenchArgs(['--only', 'server, server'])).toMatchObject({ only: ['server'] });
  });

  it("passes the server bench's options on", () => {
    const args = parseBenchArgs([
      '--only=server',
      '--seconds=5',
      '--database=libsql',
      '--targets=GET /',
      '--profile',
    ]);
    expect(args).toEqual({
      list: false,
      only: ['server'],
      server: { databases: ['libsql'], seconds: 5, only: 'GET /', profile: true },
    });
    expect(parseBenchArgs([])).toMatchObject({
      server: { databases: ['embedded', 'libsql'], seconds: 10, only: null, profile: false },
    });
  });

  it.each([
    [
      ['--only=nope'],
      'unknown bench "nope"; one of: startup, start, server, load, logins, leads, newsletter, outbox, feed, search',
    ],
    [
      ['--only='],
      'unknown bench ""; one of: startup, start, server, load, logins, leads, newsletter, outbox, feed, search',
    ],
    [['--no-startup'], "Unknown option '--no-startup'"],
    [['--seconds=0'], '--seconds must be a positive number, not "0"'],
    [['--database=postgres'], '--database must be embedded or libsql, not "postgres"'],
    [['leads'], "Unexpected argument 'leads'"],
  ])('refuses %j with a clear message', (argv, message) => {
    expect(() => parseBenchArgs(argv)).toThrow(BenchUsageError);
    expect(() => parseBenchArgs(argv)).toThrow(message);
  });

  it('--list names every bench and runs none; a bad name exits 2', () => {
    const list = bench('--list');
    expect(list.status).toBe(0);
    expect(
      list.stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split(/\s+/)[0]),
    ).toEqual(ALL);
    const bad = bench('--only=nope');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('npm run bench: unknown bench "nope"');
  });

  it('is the only bench script, started with --expose-gc for the memory figures', () => {
    const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(Object.keys(scripts).filter((name) => name.startsWith('bench'))).toEqual(['bench']);
    expect(scripts.bench).toBe('node --expose-gc --import tsx scripts/bench.ts');
  });
});
