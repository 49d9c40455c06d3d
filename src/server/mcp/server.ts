/**
 * The MCP server of one request (docs/mcp.md): the tools of tools/, each call checked in this
 * order: the token's scope (a tool error naming it), then the token's 60 calls a minute
 * (throttle-rules.ts, counted in the database with the call's audit entry, `mcp_call`), then
 * the tool's work through the admin procedures as the token's administrator. Stateless: a
 * fresh server per request, so any instance answers any call.
 */
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { writeTransaction } from '#db';
import { users } from '#db/schema';
import { toHttpError } from '#server/http/errors';
import type { AppDeps } from '#server/http/trpc';
import type { SessionUser } from '#server/identity/sessions/session';
import { auditInsert } from '#server/audit/record';
import { loggableError } from '#server/platform/logger';
import { take } from '#server/platform/throttle';
import { callerAs, type McpRequest } from './procedures';
import { hasScope } from './scopes';
import { MCP_CALLS } from './throttle-rules';
import { ToolInputError, type McpPrincipal, type McpTool } from './tool';
import { MCP_TOOLS } from './tools';

export const MCP_SERVER_INFO = { name: 'site-admin', version: '1.0.0' } as const;

export const MCP_MESSAGES = {
  missingScope: (scope: string) => `This token lacks the scope ${scope}.`,
  noAdministrator: 'The token’s administrator no longer exists.',
} as const;

function toolError(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/** The answer as compact JSON: a model reads it, and every byte is a token it pays for. */
function toolAnswer(value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }] };
}

async function administratorOf(deps: AppDeps, id: number): Promise<SessionUser | undefined> {
  return deps.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.id, id))
    .get();
}

/**
 * Takes the call's place in the token's minute and writes its audit entry, in one write: a
 * refused call (429's message, with its wait) leaves neither, a counted one both.
 */
function countAndAudit(
  deps: AppDeps,
  principal: McpPrincipal,
  user: SessionUser,
  toolName: string,
  request: McpRequest,
) {
  return writeTransaction(deps.db, async (tx) => {
    const now = deps.clock.now();
    await take(tx, { bucket: `${MCP_CALLS.kind}:${principal.tokenId}`, rule: MCP_CALLS }, now);
    await auditInsert(tx, now, {
      action: 'mcp_call',
      actor: user,
      target: `${toolName} by token “${principal.tokenName}”`,
      ip: request.ip,
    });
  });
}

/** A refusal's message as the admin would read it; a bug is logged and answered in general words. */
function errorResult(deps: AppDeps, toolName: string, error: unknown): CallToolResult {
  if (error instanceof ToolInputError) return toolError(error.message);
  const mapped = toHttpError(error);
  if (mapped.unexpected || !(error instanceof TRPCError)) {
    deps.logger.error('mcp.tool_failed', { tool: toolName, error: loggableError(error) });
  }
  const issue = mapped.issues?.[0];
  return toolError(issue?.path ? `${issue.path}: ${mapped.message}` : mapped.message);
}

async function callTool(
  deps: AppDeps,
  principal: McpPrincipal,
  request: McpRequest,
  tool: McpTool,
  input: unknown,
): Promise<CallToolResult> {
  if (!hasScope(principal.scopes, tool.scope))
    return toolError(MCP_MESSAGES.missingScope(tool.scope));
  try {
    const user = await administratorOf(deps, principal.administratorId);
    if (!user) return toolError(MCP_MESSAGES.noAdministrator);
    await countAndAudit(deps, principal, user, tool.name, request);
    const caller = callerAs(deps, user, request);
    return toolAnswer(await tool.run(input, { caller, deps, principal, user }));
  } catch (error) {
    return errorResult(deps, tool.name, error);
  }
}

/** The server for one request of `principal`'s token; connect it to a transport. */
export function createMcpServer(
  deps: AppDeps,
  principal: McpPrincipal,
  request: McpRequest = { ip: 'unknown' },
): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, { capabilities: { tools: {} } });
  for (const tool of MCP_TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        annotations: {
          title: tool.title,
          readOnlyHint: tool.readOnly,
          destructiveHint: false,
          idempotentHint: tool.idempotent,
          openWorldHint: false,
        },
      },
      (input) => callTool(deps, principal, request, tool, input),
    );
  }
  return server;
}
