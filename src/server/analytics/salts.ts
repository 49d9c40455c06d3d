import { randomBytes } from 'node:crypto';
import { inArray, lt } from 'drizzle-orm';
import type { Db } from '#db';
import { writeNamedBatch } from '#db/named-batch';
import { analyticsSalts } from '#db/schema';

/**
 * The daily salts, shared by every instance through the database. Two instances may want a
 * new day's salt at the same moment: each inserts its own random one only if none is there
 * (ON CONFLICT DO NOTHING), then reads whichever won, so both hash with the same salt. Past
 * days' salts go in the same batch: a day is over once a later day has begun in
 * SITE_TIMEZONE, and from then on no one can recompute its visitors' hashes.
 */
export async function loadSalts(
  db: Db,
  days: string[],
  today: string,
): Promise<Map<string, string>> {
  const inserts = days.map((day) =>
    db
      .insert(analyticsSalts)
      .values({ day, salt: randomBytes(32).toString('hex') })
      .onConflictDoNothing()
      .toSQL(),
  );
  const { salts } = await writeNamedBatch(db, {
    inserts,
    salts: db
      .select({ day: analyticsSalts.day, salt: analyticsSalts.salt })
      .from(analyticsSalts)
      .where(inArray(analyticsSalts.day, days))
      .toSQL(),
    pastDeleted: deletePastSalts(db, today).toSQL(),
  });
  return new Map(salts.map((row) => [String(row[0]), String(row[1])]));
}

/** The salts of days before `today`: await inside a write transaction, or `.toSQL()` it. */
export function deletePastSalts(db: Db, today: string) {
  return db.delete(analyticsSalts).where(lt(analyticsSalts.day, today));
}
