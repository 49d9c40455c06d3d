/**
 * What an engagement's page and the admin show of its files and its thread
 * (docs/engagements.md). No file's bytes and no token are in these shapes.
 */
import { z } from 'zod/mini';
import { engagementStatusValues, fileSideValues } from '../engagements/values';
import { fileDownloadOutput } from './file-download';

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

/** An engagement as the admin sees it (GET `/api/engagements/:id`, the lead's Engagement tab). */
export const engagementOutput = z.strictObject({
  id: z.number(),
  leadId: z.number(),
  proposalId: z.nullable(z.number()),
  title: z.string(),
  status: z.enum(engagementStatusValues),
  clientUploads: z.boolean(),
  createdAt: z.string(),
  closedAt: z.nullable(z.string()),
  /** Whether a link works now (none after "Revoke" until "New link"). */
  linkActive: z.boolean(),
  /** When the working link was made (null without one). */
  linkCreatedAt: z.nullable(z.string()),
});
export type Engagement = z.infer<typeof engagementOutput>;

/** The admin's engagements' answers (REST: `{ engagement }`). */
export const outputs = {
  get: engagementOutput,
  open: engagementOutput,
  ofLead: z.nullable(engagementOutput),
  link: engagementOutput,
  revoke: engagementOutput,
  close: engagementOutput,
  update: engagementOutput,
  list: z.strictObject({ engagements: z.array(engagementOutput) }),
  /** The client's page as HTML (view as client). */
  preview: fileDownloadOutput,
};
