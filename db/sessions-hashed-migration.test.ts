/**
 * The migration that stores sessions under the hash of their cookie's id (docs/accounts.md,
 * "Sessions"): a row written before cannot be found by its cookie any more, so every session
 * ends there, with the address change waiting on one; users and the rest stay.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { expect, it } from 'vitest';
import { tempFolder } from '#tests/support/database';
import { migrationsBefore } from '#tests/support/migrations-before';
import { closeDatabase, openDatabase } from './index';
import { emailChanges, sessions, users } from './schema';

/** Its number in migrations/ (0043_sessions_hashed.sql). */
const SESSIONS_HASHED = 43;

it('ends the sessions stored before, and what waits on them, keeping the users', async () => {
  const file = path.join(tempFolder('sessions-migration-'), 'app.db');
  const sqlite = new Database(file);
  migrate(drizzle(sqlite), { migrationsFolder: migrationsBefore(SESSIONS_HASHED) });
  const at = Date.UTC(2026, 0, 10, 9);
  sqlite
    .prepare('insert into users (username, password, created_at) values (?, ?, ?)')
    .run('alice', 'a-hash', at);
  sqlite
    .prepare(
      'insert into sessions (id, user_id, created_at, expires_at, last_seen_at) values (?, 1, ?, ?, ?)',
    )
    .run('the-cookie-id-itself', at, at + 12 * 3_600_000, at);
  sqlite
    .prepare(
      `insert into email_changes (user_id, session_id, email, code_hash, created_at, expires_at)
       values (1, 'the-cookie-id-itself', 'new@example.com', 'h', ?, ?)`,
    )
    .run(at, at + 600_000);
  sqlite.close();

  const db = await openDatabase({ file });
  try {
    expect(await db.select().from(sessions).all()).toEqual([]);
    expect(await db.select().from(emailChanges).all()).toEqual([]);
    expect((await db.select().from(users).all()).map((u) => u.username)).toEqual(['alice']);
  } finally {
    await closeDatabase(db);
  }
});
