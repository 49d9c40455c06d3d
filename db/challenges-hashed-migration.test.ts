/**
 * The migration that stores second-factor challenges under the hash of their cookie's id
 * (docs/accounts.md, "Sessions"): a challenge written before cannot be found by its cookie
 * any more, so it goes, and a password reset waiting on one is given back unclaimed; the
 * users and their sessions stay.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { expect, it } from 'vitest';
import { tempFolder } from '#tests/support/database';
import { migrationsBefore } from '#tests/support/migrations-before';
import { closeDatabase, openDatabase } from './index';
import { passwordResets, sessions, twoFactorChallenges, users } from './schema';

/** Its number in migrations/ (0049_hashed_challenge_ids.sql). */
const CHALLENGES_HASHED = 49;

it('removes the challenges stored before and frees the resets bound to them, keeping the rest', async () => {
  const file = path.join(tempFolder('challenges-migration-'), 'app.db');
  const sqlite = new Database(file);
  migrate(drizzle(sqlite), { migrationsFolder: migrationsBefore(CHALLENGES_HASHED) });
  const at = Date.UTC(2026, 0, 10, 9);
  sqlite
    .prepare('insert into users (username, password, created_at) values (?, ?, ?)')
    .run('alice', 'a-hash', at);
  sqlite
    .prepare(
      'insert into sessions (id, user_id, created_at, expires_at, last_seen_at) values (?, 1, ?, ?, ?)',
    )
    .run('a-session-row', at, at + 12 * 3_600_000, at);
  sqlite
    .prepare(
      `insert into two_factor_challenges (id, user_id, code_hash, created_at, expires_at)
       values ('the-cookie-id-itself', 1, 'h', ?, ?)`,
    )
    .run(at, at + 600_000);
  const reset = sqlite.prepare(
    `insert into password_resets (token_hash, user_id, created_at, expires_at, claimed_at, new_password, challenge_id)
     values (?, 1, ?, ?, ?, ?, ?)`,
  );
  reset.run('claimed', at, at + 3_600_000, at, 'new-hash', 'the-cookie-id-itself');
  reset.run('unclaimed', at, at + 3_600_000, null, null, null);
  sqlite.close();

  const db = await openDatabase({ file });
  try {
    expect(await db.select().from(twoFactorChallenges).all()).toEqual([]);
    const resets = await db
      .select({
        tokenHash: passwordResets.tokenHash,
        claimedAt: passwordResets.claimedAt,
        newPassword: passwordResets.newPassword,
        challengeId: passwordResets.challengeId,
      })
      .from(passwordResets)
      .orderBy(passwordResets.tokenHash)
      .all();
    expect(resets).toEqual([
      { tokenHash: 'claimed', claimedAt: null, newPassword: null, challengeId: null },
      { tokenHash: 'unclaimed', claimedAt: null, newPassword: null, challengeId: null },
    ]);
    expect((await db.select().from(users).all()).map((u) => u.username)).toEqual(['alice']);
    expect((await db.select().from(sessions).all()).map((s) => s.id)).toEqual(['a-session-row']);
  } finally {
    await closeDatabase(db);
  }
});
