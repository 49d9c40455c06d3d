/**
 * The assistant's switch (docs/assistant.md, "The switch"): the owner's saved choice, and
 * whether the assistant answers now, which also needs AI_PROVIDER.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '#db';
import { assistantSettings } from '#db/schema';
import type { Config } from '#server/platform/config';
import { PUBLISHED_CHECK_MS } from '#server/site/site-content';

const ROW_ID = 1;

/** The owner's saved choice; off until first saved. */
export async function savedEnabled(db: Db): Promise<boolean> {
  const row = await db
    .select({ enabled: assistantSettings.enabled })
    .from(assistantSettings)
    .where(eq(assistantSettings.id, ROW_ID))
    .get();
  return row?.enabled ?? false;
}

/** Whether POST /api/assistant answers: always off without AI_PROVIDER, whatever was saved. */
export async function assistantOn(deps: { db: Db; config: Config }): Promise<boolean> {
  return deps.config.ai !== null && (await savedEnabled(deps.db));
}

/** The choice saved inside the caller's write transaction. */
export async function saveEnabled(
  tx: Db,
  value: { enabled: boolean; now: Date; by: string },
): Promise<void> {
  const row = { enabled: value.enabled, updatedAt: value.now, updatedBy: value.by };
  await tx
    .insert(assistantSettings)
    .values({ id: ROW_ID, ...row })
    .onConflictDoUpdate({ target: assistantSettings.id, set: row })
    .run();
}

/** Per database: when the home page last asked, and the answer (as home-proof.ts keeps its own). */
const shown = new WeakMap<Db, { at: number; on: Promise<boolean> }>();

/**
 * Whether the home page shows "Ask a question" (content/pages.ts): `assistantOn`, asked at
 * most every 500 ms, so `GET /` is spared a database round trip per view and a switch on any
 * instance shows on every instance within half a second (docs/assistant.md, "The panel").
 */
export function assistantShown(deps: { db: Db; config: Config }, nowMs: number): Promise<boolean> {
  if (deps.config.ai === null) return Promise.resolve(false);
  const last = shown.get(deps.db);
  if (last && nowMs >= last.at && nowMs - last.at < PUBLISHED_CHECK_MS) return last.on;
  const on = assistantOn(deps);
  shown.set(deps.db, { at: nowMs, on });
  // A failed read is not kept: the next view asks again.
  on.catch(() => {
    if (shown.get(deps.db)?.on === on) shown.delete(deps.db);
  });
  return on;
}
