/**
 * The answers of router.ts, as the `.output(...)` schema of each procedure: tRPC checks
 * every answer against it (an unknown key is an error, not dropped), and the OpenAPI document
 * describes the REST answers with it (docs/api.md, "OpenAPI").
 */
import { timelineEventOutput } from '../lead-outputs';

export const outputs = { reply: timelineEventOutput, retryReply: timelineEventOutput };
