/**
 * The answers of the `search` procedures, as the `.output(...)` schema of each procedure: tRPC checks
 * every answer against it, and the OpenAPI document describes the REST answers with it.
 */
import { z } from 'zod/mini';
import { entryKindValues } from '../entries';

/** One result: `snippet` is HTML, the words found in `<mark>`, everything else escaped. */
export const searchResultOutput = z.strictObject({
  kind: z.enum(entryKindValues),
  title: z.string(),
  url: z.string(),
  snippet: z.string(),
});
export type SearchResult = z.infer<typeof searchResultOutput>;

export const outputs = {
  entries: z.array(searchResultOutput),
};
