/**
 * What an engagement's page and the admin show of its files and its thread
 * (docs/engagements.md). No file's bytes and no token are in these shapes.
 */
import { z } from 'zod/mini';
import { fileSideValues } from '../engagements/values';

/** A file shared on an engagement, as listed (its bytes are downloaded by its own path). */
export const engagementFileOutput = z.strictObject({
  id: z.number(),
  name: z.string(),
  /** The type its bytes showed. */
  type: z.string(),
  size: z.number(),
  sha256: z.string(),
  side: z.enum(fileSideValues),
  createdAt: z.string(),
});
export type EngagementFile = z.infer<typeof engagementFileOutput>;

/** One message of the thread: the client's from their page, or the owner's reply. */
export const threadMessageOutput = z.strictObject({
  id: z.number(),
  from: z.enum(['client', 'owner']),
  text: z.string(),
  at: z.string(),
});
export type ThreadMessage = z.infer<typeof threadMessageOutput>;
