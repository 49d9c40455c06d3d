/**
 * A file download (the CSV and JSON exports, the entry preview): the procedure answers a
 * FileDownload, whose `open()` makes the response; the REST adapter calls it after the
 * procedure's checks, and the JSON transport shows only its file name (docs/api.md).
 */
import { z } from 'zod/mini';

/** The `.output(...)` of a `download` procedure, checked for its two members. */
export const fileDownloadOutput = z.strictObject({
  filename: z.string(),
  /** Makes the response; called only by the REST adapter, after the procedure's checks. */
  open: z.custom<() => Promise<Response>>((value) => typeof value === 'function'),
});

export type FileDownload = z.infer<typeof fileDownloadOutput>;
