/**
 * The shared files' rows (`engagement_files`): one stored in the write transaction that checks
 * the engagement's total (so uploads arriving together cannot pass 200 MB between them), one
 * read or deleted by (engagement, id) only: another engagement's file is never found.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#db';
import type { ChunkedBytes } from '#server/http/chunked-bytes';
import { engagementFileParts, engagementFiles } from '#db/schema';
import type { FileSide } from '#shared/engagements/values';
import { ENGAGEMENT_FILES_TOTAL_BYTES } from '#shared/engagements/file-rules';
import type { EngagementFile } from '#shared/shapes/engagements';

export interface NewFile {
  name: string;
  type: string;
  sha256: string;
  bytes: ChunkedBytes;
  side: FileSide;
  uploadedBy: string | null;
}

/**
 * The most bytes of one statement: the row holds the first piece, `engagement_file_parts` the
 * rest. SQLite copies a bound blob, then builds the record from it: a 10 MB insert took 30 MB.
 */
export const ENGAGEMENT_FILE_PART_BYTES = 256 * 1024;

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
  const [first = new Uint8Array(0), ...rest] = file.bytes.pieces(ENGAGEMENT_FILE_PART_BYTES);
  const row = await tx
    .insert(engagementFiles)
    .values({
      engagementId,
      ...file,
      bytes: Buffer.from(first.buffer, first.byteOffset, first.byteLength),
      size: file.bytes.length,
      createdAt: now,
    })
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
  for (const [i, piece] of rest.entries()) {
    const bytes = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    await tx
      .insert(engagementFileParts)
      .values({ fileId: row.id, seq: i + 1, bytes })
      .run();
  }
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** Inside a write: the file removed; its name, or null when the engagement has no such file. */
export async function deleteFile(
  tx: Db,
  engagementId: number,
  fileId: number,
): Promise<string | null> {
  const mine = and(eq(engagementFiles.engagementId, engagementId), eq(engagementFiles.id, fileId));
  // Its pieces first and by name: a libSQL server may not enforce the foreign keys' cascade.
  await tx
    .delete(engagementFileParts)
    .where(
      inArray(
        engagementFileParts.fileId,
        tx.select({ id: engagementFiles.id }).from(engagementFiles).where(mine),
      ),
    );
  const removed = await tx
    .delete(engagementFiles)
    .where(mine)
    .returning({ name: engagementFiles.name })
    .get();
  return removed?.name ?? null;
}

export interface FileToSend {
  name: string;
  type: string;
  size: number;
  /** The bytes, read a part at a time as they are sent. */
  stream: ReadableStream<Uint8Array>;
}

// libSQL answers an ArrayBuffer, better-sqlite3 a Buffer: one shape for the caller.
const asBytes = (value: unknown) =>
  new Uint8Array(Buffer.isBuffer(value) ? value : Buffer.from(value as ArrayBuffer));

/** One file of the engagement, its bytes as a stream of its parts, or null. */
export async function readFile(
  db: Db,
  engagementId: number,
  fileId: number,
): Promise<FileToSend | null> {
  const row = await db
    .select({
      name: engagementFiles.name,
      type: engagementFiles.type,
      size: engagementFiles.size,
      bytes: engagementFiles.bytes,
    })
    .from(engagementFiles)
    .where(and(eq(engagementFiles.engagementId, engagementId), eq(engagementFiles.id, fileId)))
    .get();
  if (!row) return null;
  let seq = 0;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (seq === 0) {
        seq = 1;
        return controller.enqueue(asBytes(row.bytes));
      }
      const part = await db
        .select({ bytes: engagementFileParts.bytes })
        .from(engagementFileParts)
        .where(and(eq(engagementFileParts.fileId, fileId), eq(engagementFileParts.seq, seq++)))
        .get();
      if (part) controller.enqueue(asBytes(part.bytes));
      else controller.close();
    },
  });
  return { name: row.name, type: row.type, size: row.size, stream };
}
