/**
 * The answers of the `entries` and `entryCovers` procedures, as the `.output(...)` schema of each procedure: tRPC checks
 * every answer against it (an unknown key is an error, not dropped), and the OpenAPI document
 * describes the REST answers with it (docs/api.md, "OpenAPI").
 */
import { z } from 'zod/mini';
import { siteImageOutput } from './site-image';
import { entryKindValues, entryStatusValues } from '../entries';
import { fileDownloadOutput } from './file-download';

export const entryResultOutput = z.strictObject({ label: z.string(), value: z.string() });
export type EntryResult = z.infer<typeof entryResultOutput>;

const entrySummaryShape = {
  id: z.number(),
  kind: z.enum(entryKindValues),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  client: z.nullable(z.string()),
  industry: z.nullable(z.string()),
  results: z.array(entryResultOutput),
  coverImage: z.nullable(siteImageOutput),
  tags: z.array(z.string()),
  status: z.enum(entryStatusValues),
  publishedAt: z.nullable(z.string()),
  updatedAt: z.string(),
  version: z.number(),
};

/** An entry of the admin list (and of the public lists): everything but the body. */
export const entrySummaryOutput = z.strictObject(entrySummaryShape);
/** An entry as the API answers it (docs/api.md, "Entries"); times are ISO 8601. */
export const entryOutput = z.strictObject({ ...entrySummaryShape, body: z.string() });
export type Entry = z.infer<typeof entryOutput>;

export const entryVersionOutput = z.strictObject({
  version: z.number(),
  at: z.string(),
  by: z.string(),
});
export type EntryVersion = z.infer<typeof entryVersionOutput>;

const oneEntry = z.strictObject({ entry: entryOutput });

export const outputs = {
  list: z.strictObject({
    entries: z.array(entrySummaryOutput),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
  }),
  create: oneEntry,
  get: z.strictObject({
    entry: entryOutput,
    versions: z.array(entryVersionOutput),
  }),
  save: oneEntry,
  publish: oneEntry,
  unpublish: oneEntry,
  remove: z.strictObject({ success: z.literal(true) }),
  /** The page itself over REST; the JSON transport shows only its name. */
  preview: fileDownloadOutput,
};
