/**
 * One MCP tool as this server declares it (docs/mcp.md, "Tools"): its name, words, input, the
 * scope it needs and what it does with the admin procedures. `createMcpServer` (server.ts)
 * registers each with the checks every call passes first.
 */
import type { $ZodObject, output } from 'zod/v4/core';
import type { AppDeps } from '#server/http/trpc';
import type { SessionUser } from '#server/identity/sessions/session';
import type { ToolCaller } from './procedures';
import type { Scope } from './scopes';

/** Who calls (the token and its administrator) and the procedures as they call them. */
export interface ToolCall {
  caller: ToolCaller;
  /** For a write that has a service function but no admin procedure (a lead's reply draft). */
  deps: AppDeps;
  principal: McpPrincipal;
  /** The token's administrator: the name the procedures' entries and notes carry. */
  user: SessionUser;
}

/** A valid access token: which one, whose, and what it may do (mcp/access-tokens/). */
export interface McpPrincipal {
  tokenId: number;
  administratorId: number;
  tokenName: string;
  scopes: readonly Scope[];
}

export interface ToolDefinition<Input extends $ZodObject> {
  name: string;
  title: string;
  description: string;
  scope: Scope;
  /** Reads only (the MCP annotation `readOnlyHint`); no tool deletes anything. */
  readOnly: boolean;
  /** The same call twice changes nothing more than once (`idempotentHint`). */
  idempotent: boolean;
  input: Input;
  /** The answer, written as JSON text for the client; a thrown error becomes a tool error. */
  run(input: output<Input>, call: ToolCall): Promise<unknown>;
}

/** A definition with its input type hidden, so the tools of every file sit in one list. */
export type McpTool = Omit<ToolDefinition<$ZodObject>, 'run'> & {
  run(input: unknown, call: ToolCall): Promise<unknown>;
};

/** The SDK validates the input against `input` before `run` is called. */
export function tool<Input extends $ZodObject>(definition: ToolDefinition<Input>): McpTool {
  return { ...definition, run: (input, call) => definition.run(input as output<Input>, call) };
}

/** A call the tool itself refuses (a field the case needs left out): its message is the answer. */
export class ToolInputError extends Error {}
