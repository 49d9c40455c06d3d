/**
 * Migration 0048 (docs/proposals.md, "Records"): `proposals` is rebuilt so that a signed
 * proposal can outlive its erased lead. The rebuild drops the old table; on both drivers that
 * must not fire its cascades, which would delete the payments, codes and the invoices' links.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startTestSqld, tempFolder } from '#tests/support/database';
import { migrationsBefore } from '#tests/support/migrations-before';
import {
  closeDatabase,
  openDatabase,
  writeTransaction,
  type DatabaseTarget,
  type Db,
} from './index';

const at = Date.UTC(2026, 10, 2, 9);

/** A lead with a signed proposal, its deposit, a code and an invoice, as 0047 stored them. */
async function storeBeforeRebuild(db: Db): Promise<void> {
  await db.run(sql`insert into leads (id, email, name, last_activity_at)
    values (1, 'ada@example.com', 'Ada', ${at})`);
  await db.run(sql`insert into proposals (id, lead_id, number, title, currency, status,
    updated_at, acceptance, document_hash)
    values (7, 1, 'P-2026-0001', 'Audit', 'EUR', 'accepted', ${at}, '{"name":"Ada"}', 'abc')`);
  await db.run(sql`insert into proposal_payments (proposal_id, amount, currency, provider, paid_at)
    values (7, 50000, 'EUR', 'manual', ${at})`);
  await db.run(sql`insert into proposal_codes (proposal_id, email, code_hash, expires_at)
    values (7, 'ada@example.com', 'h', ${at})`);
  await db.run(sql`insert into invoices (id, lead_id, proposal_id, kind, status, currency,
    created_at, updated_at) values (3, 1, 7, 'invoice', 'draft', 'EUR', ${at}, ${at})`);
}

async function targetOf(driver: 'embedded' | 'sqld'): Promise<DatabaseTarget> {
  if (driver === 'sqld') return { url: (await startTestSqld()).url };
  return { file: path.join(tempFolder('proposals-rebuild-'), 'app.db') };
}

describe.each(['embedded', 'sqld'] as const)('on %s', (driver) => {
  it('keeps every row that points at a proposal, and lets a proposal lose its lead', async () => {
    const target = await targetOf(driver);
    const old = await openDatabase(target, { migrationsFolder: migrationsBefore(48) });
    await writeTransaction(old, storeBeforeRebuild);
    await closeDatabase(old);

    const db = await openDatabase(target);
    try {
      const count = async (table: string) =>
        (await db.get<{ n: number }>(sql.raw(`select count(*) as n from ${table}`))).n;
      expect(await count('proposals')).toBe(1);
      expect(await count('proposal_payments')).toBe(1);
      expect(await count('proposal_codes')).toBe(1);
      expect(
        await db.get<{ proposal_id: number }>(sql`select proposal_id from invoices where id = 3`),
      ).toEqual({ proposal_id: 7 });
      // The column may now be empty: the kept record of an erased person.
      await writeTransaction(db, (tx) =>
        tx.run(sql`update proposals set lead_id = null where id = 7`),
      );
      expect(
        await db.get<{ lead_id: number | null }>(sql`select lead_id from proposals where id = 7`),
      ).toEqual({ lead_id: null });
    } finally {
      await closeDatabase(db);
    }
  });
});
