/**
 * The shared files' rows (`engagement_files`): one stored in the write transaction that checks
 * the engagement's total (so uploads arriving together cannot pass 200 MB between them), one
 * read or deleted by (engagement, id) only: another engagement's file is never found.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#db';
import { engagementFiles } from '#db/schema';
import type { FileSide } from '#shared/engagements/values';
import { ENGAGEMENT_FILES_TOTAL_BYTES } from '#shared/engagements/file-rules';
import type { EngagementFile } from '#shared/shapes/engagements';

export interface NewFile {
  name: string;
  type: string;
  sha256: string;
  bytes: Buffer;
  side: FileSide;
  uploadedBy: string | null;
}

/** Inside a write: the file stored, or null when it would take the engagement past its total. */
export async function insertFile(
  tx: Db,
  engagementId: number,
  file: NewFile,
  now: Date,
): Promise<EngagementFile | null> {
  const held = await tx
    .select({ total: sql<number>`coalesce(sum(${engagementFiles.size}), 0)` })
    .from(engagementFiles)
    .where(eq(engagementFiles.engagementId, engagementId))
    .get();
  if ((held?.total ?? 0) + file.bytes.length > ENGAGEMENT_FILES_TOTAL_BYTES) return null;
  const row = await tx
    .insert(engagementFiles)
    .values({ engagementId, ...file, size: file.bytes.length, createdAt: now })
    .returning({
      id: engagementFiles.id,
      name: engagementFiles.name,
      type: engagementFiles.type,
      size: engagementFiles.size,
      sha256: engagementFiles.sha256,
      side: engagementFiles.side,
      createdAt: engagementFiles.createdAt,
    })
    .get();
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** Inside a write: the file removed; its name, or null when the engagement has no such file. */
export async function deleteFile(
  tx: Db,
  engagementId: number,
  fileId: number,
): Promise<string | null> {
  const removed = await tx
    .delete(engagementFiles)
    .where(and(eq(engagementFiles.engagementId, engagementId), eq(engagementFiles.id, fileId)))
    .returning({ name: engagementFiles.name })
    .get();
  return removed?.name ?? null;
}

export interface FileToSend {
  name: string;
  type: string;
  bytes: Buffer;
}

/** One file of the engagement with its bytes, or null. */
export async function readFile(
  db: Db,
  engagementId: number,
  fileId: number,
): Promise<FileToSend | null> {
  const row = await db
    .select({
      name: engagementFiles.name,
      type: engagementFiles.type,
      bytes: engagementFiles.bytes,
    })
    .from(engagementFiles)
    .where(and(eq(engagementFiles.engagementId, engagementId), eq(engagementFiles.id, fileId)))
    .get();
  if (!row) return null;
  // libSQL answers an ArrayBuffer, better-sqlite3 a Buffer: one shape for the caller.
  const bytes = Buffer.isBuffer(row.bytes) ? row.bytes : Buffer.from(row.bytes as ArrayBuffer);
  return { name: row.name, type: row.type, bytes };
}
