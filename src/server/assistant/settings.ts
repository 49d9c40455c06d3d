/**
 * The assistant's switch (docs/assistant.md, "The switch"): the owner's saved choice, and
 * whether the assistant answers now, which also needs AI_PROVIDER.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '#db';
import { assistantSettings } from '#db/schema';
import type { Config } from '#server/platform/config';

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
