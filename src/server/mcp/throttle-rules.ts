import type { ThrottleRule } from '#server/platform/throttle';

/** The MCP endpoint's throttles (maintenance/prune.ts reads every rule exported here). */

/**
 * 60 tool calls a minute per access token (docs/mcp.md), counted in the database like every
 * throttle, so all instances share one count; past it a tool error says when to come back.
 */
export const MCP_CALLS: ThrottleRule = {
  kind: 'mcp-call',
  limit: 60,
  windowMs: 60_000,
  message: 'This token has made 60 tool calls in the last minute.',
};
