/**
 * The scopes an OAuth client asks for (docs/mcp.md, "OAuth"): space-separated (RFC 6749
 * section 3.3), each one of the access tokens' scopes (../scopes.ts). A request without
 * `scope` asks for every read scope: enough to look, nothing that writes, and the consent
 * screen can narrow it further.
 */
import { SCOPES, type Scope } from '../scopes';

const isScope = (value: string): value is Scope => SCOPES.some((scope) => scope === value);

export const DEFAULT_SCOPES: readonly Scope[] = SCOPES.filter((scope) => scope.endsWith(':read'));

/** The scopes of a `scope` parameter, in the list's order, or null when one is unknown. */
export function parseScope(scope: string | undefined): Scope[] | null {
  if (scope === undefined || scope.trim() === '') return [...DEFAULT_SCOPES];
  const asked = new Set(scope.split(' ').filter((word) => word !== ''));
  if (![...asked].every(isScope)) return null;
  return SCOPES.filter((known) => asked.has(known));
}

export const scopeText = (scopes: readonly string[]) => scopes.join(' ');
