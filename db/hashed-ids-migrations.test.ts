/**
 * The migrations that store an id a cookie carries under its hash (docs/accounts.md,
 * "Sessions"): a row written before cannot be found by its cookie any more, so it goes, with
 * what waits on it; the users and the rest stay.
 */
import type Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { fileMigratedBefore } from '#tests/support/migrations-before';
import { closeDatabase, openDatabase, type Db } from './index';
import { emailChanges, passwordResets, sessions, twoFactorChallenges, users } from './schema';

/** Their numbers in migrations/ (0043_sessions_hashed.sql, 0049_hashed_challenge_ids.sql). */
const SESSIONS_HASHED = 43;
const CHALLENGES_HASHED = 49;

const AT = Date.UTC(2026, 0, 10, 9);

/**
 * A file as it was before migration `idx`, with the user alice (id 1) and the rows `write`
 * adds; then migrated to the last, and handed to `check`.
 */
async function migrated(
  idx: number,
  write: (sqlite: Database.Database) => void,
  check: (db: Db) => Promise<void>,
): Promise<void> {
  const { file, sqlite } = fileMigratedBefore(idx);
  sqlite
    .prepare('insert into users (username, password, created_at) values (?, ?, ?)')
    .run('alice', 'a-hash', AT);
  write(sqlite);
  sqlite.close();
  const db = await openDatabase({ file });
  try {
    await check(db);
    expect((await db.select().from(users).all()).map((u) => u.username)).toEqual(['alice']);
  } finally {
    await closeDatabase(db);
  }
}

it('ends the sessions stored before, and the address change waiting on one', async () => {
  await migrated(
    SESSIONS_HASHED,
    (sqlite) => {
      sqlite
        .prepare(
          'insert into sessions (id, user_id, created_at, expires_at, last_seen_at) values (?, 1, ?, ?, ?)',
        )
        .run('the-cookie-id-itself', AT, AT + 12 * 3_600_000, AT);
      sqlite
        .prepare(
          `insert into email_changes (user_id, session_id, email, code_hash, created_at, expires_at)
           values (1, 'the-cookie-id-itself', 'new@example.com', 'h', ?, ?)`,
        )
        .run(AT, AT + 600_000);
    },
    async (db) => {
      expect(await db.select().from(sessions).all()).toEqual([]);
      expect(await db.select().from(emailChanges).all()).toEqual([]);
    },
  );
});

it('removes the second-factor challenges stored before and frees the resets bound to them', async () => {
  await migrated(
    CHALLENGES_HASHED,
    (sqlite) => {
      sqlite
        .prepare(
          `insert into two_factor_challenges (id, user_id, code_hash, created_at, expires_at)
           values ('the-cookie-id-itself', 1, 'h', ?, ?)`,
        )
        .run(AT, AT + 600_000);
      const reset = sqlite.prepare(
        `insert into password_resets (token_hash, user_id, created_at, expires_at, claimed_at, new_password, challenge_id)
         values (?, 1, ?, ?, ?, ?, ?)`,
      );
      reset.run('claimed', AT, AT + 3_600_000, AT, 'new-hash', 'the-cookie-id-itself');
      reset.run('unclaimed', AT, AT + 3_600_000, null, null, null);
    },
    async (db) => {
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
    },
  );
});
