/**
 * The manifest put beside each backup as `<key>.json` (docs/operations.md, "Backups"): what a
 * restore checks the backup against, on any machine, without the database that made it. It is
 * authenticated (HMAC-SHA256) with a key derived from SESSION_SECRET, which is not in the
 * backup: a backup planted with a manifest of its own does not verify, and is not restored.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod/mini';
import { backupManifestKey } from '#server/platform/keys';

const HEX_64 = /^[0-9a-f]{64}$/;

export const manifestSchema = z.object({
  /** 2: authenticated (`mac`). A manifest of format 1, from before, is not. */
  format: z.literal(2),
  key: z.string(),
  createdAt: z.string(),
  /** The newest migration applied in the copy (`0039_backups`). */
  schemaVersion: z.string(),
  /** Rows per table in the copy. */
  tables: z.record(z.string(), z.int().check(z.nonnegative())),
  /** Of the compressed bytes, hex. */
  sha256: z.string().check(z.regex(HEX_64)),
  /** Of the compressed bytes. */
  size: z.int().check(z.nonnegative()),
  /** HMAC-SHA256 of the fields above (`signedBytes`), hex. */
  mac: z.string().check(z.regex(HEX_64)),
});

export type Manifest = z.infer<typeof manifestSchema>;

/** What the MAC covers: every field, in a fixed order (the tables sorted by name). */
function signedBytes(fields: Omit<Manifest, 'mac'>): string {
  const tables = Object.entries(fields.tables).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([
    fields.format,
    fields.key,
    fields.createdAt,
    fields.schemaVersion,
    tables,
    fields.sha256,
    fields.size,
  ]);
}

function macOf(fields: Omit<Manifest, 'mac'>, sessionSecret: string): Buffer {
  return createHmac('sha256', backupManifestKey(sessionSecret))
    .update(signedBytes(fields))
    .digest();
}

/** The manifest of a backup this site takes, with its MAC. */
export function signedManifest(fields: Omit<Manifest, 'mac'>, sessionSecret: string): Manifest {
  return { ...fields, mac: macOf(fields, sessionSecret).toString('hex') };
}

/** Whether this site (its SESSION_SECRET) made the manifest, unchanged since. */
export function manifestVerifies(manifest: Manifest, sessionSecret: string): boolean {
  const { mac, ...fields } = manifest;
  return timingSafeEqual(Buffer.from(mac, 'hex'), macOf(fields, sessionSecret));
}

/** A manifest's text as read back; null when it is not one (or one from before the MAC). */
export function parseManifest(text: string): Manifest | null {
  try {
    const parsed = manifestSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
