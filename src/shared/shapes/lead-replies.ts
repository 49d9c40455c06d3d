/**
 * The answers of the `leads` (the replies) procedures, as the `.output(...)` schema of each procedure: tRPC checks
 * every answer against it (an unknown key is an error, not dropped), and the OpenAPI document
 * describes the REST answers with it (docs/api.md, "OpenAPI").
 */
import { timelineEventOutput } from './leads';

export const outputs = { reply: timelineEventOutput, retryReply: timelineEventOutput };
