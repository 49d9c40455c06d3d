/**
 * A file arriving on an engagement, by the owner or the client (docs/engagements.md, "Files"):
 * read from the multipart body as it streams (http/multipart-stream.ts), refused past 10 MB
 * before the rest is read (413), its type told by its bytes (415 otherwise), its name cleaned,
 * its SHA-256 taken, then stored in the write transaction that checks the engagement's 200 MB.
 */
import { engagementRefOfId } from '../engagement-store';
import { createHash } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import type { Context as HonoCtx } from 'hono';
import { writeTransaction, type Db } from '#db';
import type { AppEnv } from '#server/http/hono-env';
import { multipartBoundary, readFileField } from '#server/http/multipart-stream';
import { MULTIPART_MEDIA_TYPE } from '#server/http/rest-meta';
import type { ChunkedBytes } from '#server/http/chunked-bytes';
import type { UploadPath } from '#server/http/rest';
import {
  ENGAGEMENT_FILE_MAX_BYTES,
  ENGAGEMENT_FILE_MESSAGES as MESSAGES,
  ENGAGEMENT_FILE_TYPES,
} from '#shared/engagements/file-rules';
import type { FileSide } from '#shared/engagements/values';
import type { EngagementFile } from '#shared/shapes/engagements';
import type { EngagementRef } from '../engagement-ref';
import { cleanFileName } from './file-name';
import { insertFile, type NewFile } from './file-store';
import { fileKind } from './file-type';
import { take } from '#server/platform/throttle';
import { CLIENT_UPLOADS } from './throttle-rules';

/** The body an upload may be: the file and room for the form's other parts and headers. */
export const ENGAGEMENT_UPLOAD_BODY_BYTES = ENGAGEMENT_FILE_MAX_BYTES + 64 * 1024;

function sha256Of(bytes: ChunkedBytes): string {
  const hash = createHash('sha256');
  for (const chunk of bytes) hash.update(chunk);
  return hash.digest('hex');
}

const refuse = (code: TRPCError['code'], message: string) => new TRPCError({ code, message });

/** The checked file of the request's multipart body, ready to store; throws the refusal. */
export async function receivedFile(
  c: HonoCtx<AppEnv>,
): Promise<Pick<NewFile, 'name' | 'type' | 'sha256' | 'bytes'>> {
  const boundary = multipartBoundary(c.req.header('content-type'));
  if (!boundary) throw refuse('UNSUPPORTED_MEDIA_TYPE', MESSAGES.notMultipart);
  const declared = Number(c.req.header('content-length') ?? NaN);
  if (declared > ENGAGEMENT_UPLOAD_BODY_BYTES) {
    throw refuse('PAYLOAD_TOO_LARGE', MESSAGES.tooLarge);
  }
  const part = await readFileField(c.req.raw.body, boundary, {
    field: 'file',
    maxFileBytes: ENGAGEMENT_FILE_MAX_BYTES,
    maxBodyBytes: ENGAGEMENT_UPLOAD_BODY_BYTES,
  });
  if (part.kind === 'too-large') throw refuse('PAYLOAD_TOO_LARGE', MESSAGES.tooLarge);
  if (part.kind === 'malformed') throw refuse('BAD_REQUEST', MESSAGES.malformed);
  if (part.kind === 'no-file') throw refuse('BAD_REQUEST', MESSAGES.noFile);
  const { bytes, filename } = part.file;
  if (bytes.length === 0) throw refuse('BAD_REQUEST', MESSAGES.empty);
  const kind = fileKind(bytes, filename);
  if (!kind) throw refuse('UNSUPPORTED_MEDIA_TYPE', MESSAGES.wrongType);
  return {
    name: cleanFileName(filename, kind),
    type: ENGAGEMENT_FILE_TYPES[kind],
    sha256: sha256Of(bytes),
    bytes,
  };
}

/** Refuses a file on a closed engagement, or the client's while the owner has not allowed them. */
export function assertOpenFor(engagement: EngagementRef, side: FileSide): void {
  if (side === 'client' && !engagement.clientUploads) {
    throw refuse('FORBIDDEN', MESSAGES.uploadsOff);
  }
  if (engagement.status !== 'active') throw refuse('CONFLICT', MESSAGES.closed);
}

/**
 * Stores the file on the engagement, if it is still open to that side; `also` runs in the same transaction (the admin's audit
 * entry). 413 when the engagement's files would pass their total.
 */
export async function storeFile(
  db: Db,
  engagement: EngagementRef,
  file: NewFile,
  now: Date,
  also: (tx: Db, stored: EngagementFile) => Promise<unknown> = async () => undefined,
): Promise<EngagementFile> {
  return writeTransaction(db, async (tx) => {
    // The client's are counted in the write that stores them (throttle-rules.ts); a refused
    // upload below rolls back and takes no place.
    if (file.side === 'client') {
      const bucket = `${CLIENT_UPLOADS.kind}:engagement:${engagement.id}`;
      await take(tx, { bucket, rule: CLIENT_UPLOADS }, now);
    }
    // Read again in the write: the owner may have closed the engagement, or turned client
    // uploads off, while the body was arriving.
    assertOpenFor(await engagementRefOfId(tx, engagement.id), file.side);
    const stored = await insertFile(tx, engagement.id, file, now);
    if (!stored) throw refuse('PAYLOAD_TOO_LARGE', MESSAGES.totalTooLarge);
    await also(tx, stored);
    return stored;
  });
}

/**
 * The upload paths, for the API's guards (http/middleware.ts): multipart bodies up to
 * ENGAGEMENT_UPLOAD_BODY_BYTES that the guards leave unread, for the handlers to stream.
 */
export const ENGAGEMENT_UPLOAD_PATHS: readonly UploadPath[] = [
  /^\/api\/engagements\/[^/]+\/files$/,
  /^\/api\/e\/[^/]+\/files$/,
].map((pattern) => ({
  pattern,
  maxBodyBytes: ENGAGEMENT_UPLOAD_BODY_BYTES,
  mediaType: MULTIPART_MEDIA_TYPE,
  streamed: true,
}));
