/**
 * `npm run db:migrate` as a process (its TypeScript under tsx, as in development; the
 * production test runs the bundle): migrations applied without starting the server.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, readJournal } from '#db/migrations';
import { tempFolder } from '#tests/support/database';

function migrate(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/db-migrate.ts'], {
    env: { ...process.env, DATABASE_URL: '', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

it('creates and migrates the database, then exits 0', () => {
  const file = path.join(tempFolder('migrate-'), 'data', 'app.db');
  const result = migrate({ DATABASE_PATH: file });
  expect(result.stderr).toBe('');
  // One line for each migration applied, by name, then the outcome.
  expect(result.stdout).toBe(
    [
      ...readJournal(MIGRATIONS_FOLDER).map((migration) => `migration ${migration.tag} applied`),
      `DATABASE_PATH "${file}": migrations applied`,
      '',
    ].join('\n'),
  );
  expect(result.status).toBe(0);
  const db = new Database(file, { readonly: true });
  try {
    const tables = db.prepare("select name from sqlite_master where type = 'table'").pluck().all();
    expect(tables).toEqual(expect.arrayContaining(['users', 'contacts', 'ai_facts', 'sessions']));
    // Nothing is seeded: that is the server's start.
    expect(db.prepare('select count(*) from ai_facts').pluck().get()).toBe(0);
  } finally {
    db.close();
  }
}, 60_000);

it('stops with one line and exit 1 when the database cannot be created', () => {
  const blocker = path.join(tempFolder('migrate-'), 'a-file');
  writeFileSync(blocker, 'not a folder');
  const result = migrate({ DATABASE_PATH: path.join(blocker, 'app.db') });
  expect(result.status).toBe(1);
  expect(result.stdout).toBe('');
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr).toMatch(
    /^db:migrate failed: DATABASE_PATH ".*a-file\/app\.db": its folder cannot be created/,
  );
}, 60_000);
