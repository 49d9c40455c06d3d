/**
 * The manifest put beside each backup as `<key>.json` (docs/operations.md, "Backups"): what a
 * restore checks the backup against, on any machine, without the database that made it.
 */
import { z } from 'zod/mini';

export const manifestSchema = z.object({
  format: z.literal(1),
  key: z.string(),
  createdAt: z.string(),
  /** The newest migration applied in the copy (`0039_backups`). */
  schemaVersion: z.string(),
  /** Rows per table in the copy. */
  tables: z.record(z.string(), z.int().check(z.nonnegative())),
  /** Of the compressed bytes, hex. */
  sha256: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  /** Of the compressed bytes. */
  size: z.int().check(z.nonnegative()),
});

export type Manifest = z.infer<typeof manifestSchema>;

/** A manifest's text as read back; null when it is not one. */
export function parseManifest(text: string): Manifest | null {
  try {
    const parsed = manifestSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
