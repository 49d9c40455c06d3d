/**
 * The scopes an OAuth client asks for (docs/mcp.md, "OAuth"): space-separated (RFC 6749
 * section 3.3), each one of the access tokens' scopes. A request without `scope` asks for
 * every read scope: enough to look, nothing that writes, and the consent screen can narrow it.
 */
// TODO(merge tokens48): read the list from ../scopes.ts, the access tokens' one list.
export const MCP_SCOPES = [
  'leads:read',
  'leads:write',
  'bookings:read',
  'analytics:read',
  'content:read',
  'content:write',
  'newsletter:write',
] as const;
export type McpScope = (typeof MCP_SCOPES)[number];

const isScope = (value: string): value is McpScope =>
  (MCP_SCOPES as readonly string[]).includes(value);

export const DEFAULT_SCOPES: readonly McpScope[] = MCP_SCOPES.filter((scope) =>
  scope.endsWith(':read'),
);

/** The scopes of a `scope` parameter, in the list's order, or null when one is unknown. */
export function parseScope(scope: string | undefined): McpScope[] | null {
  if (scope === undefined || scope.trim() === '') return [...DEFAULT_SCOPES];
  const asked = new Set(scope.split(' ').filter((word) => word !== ''));
  if (![...asked].every(isScope)) return null;
  return MCP_SCOPES.filter((known) => asked.has(known));
}

export const scopeText = (scopes: readonly string[]) => scopes.join(' ');
