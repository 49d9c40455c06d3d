/**
 * The file field of an upload (a multipart body's `file`, http/rest.ts), checked as input: a
 * form without one is 400 with the message that names the field.
 */
import { z } from 'zod/mini';
import { MEDIA_MESSAGES } from '#shared/site-media';
import type { UploadedFile } from '#server/http/rest-meta';

export const uploadedFile = z.custom<UploadedFile>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    'bytes' in value &&
    value.bytes instanceof Uint8Array,
  MEDIA_MESSAGES.noFile,
);
