/** The files of one engagement, oldest first, without their bytes. */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '#db';
import { engagementFiles } from '#db/schema';
import type { EngagementFile } from '#shared/shapes/engagements';

export async function filesOfEngagement(db: Db, engagementId: number): Promise<EngagementFile[]> {
  const rows = await db
    .select({
      id: engagementFiles.id,
      name: engagementFiles.name,
      type: engagementFiles.type,
      size: engagementFiles.size,
      sha256: engagementFiles.sha256,
      side: engagementFiles.side,
      createdAt: engagementFiles.createdAt,
    })
    .from(engagementFiles)
    .where(eq(engagementFiles.engagementId, engagementId))
    .orderBy(asc(engagementFiles.id))
    .all();
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
