/**
 * The answers of `engagementFiles.*` and of the files' upload paths (docs/api.md,
 * "Engagements: files"); one file is `EngagementFile` of shapes/engagements.ts.
 */
import { z } from 'zod/mini';
import { engagementFileOutput } from './engagements';

export const engagementFilesOutputs = {
  list: z.strictObject({ files: z.array(engagementFileOutput) }),
  remove: z.strictObject({ success: z.literal(true) }),
  /** The upload's answer (201), the owner's and the client's alike. */
  upload: z.strictObject({ success: z.literal(true), file: engagementFileOutput }),
};
