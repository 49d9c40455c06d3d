import { z } from 'zod/mini';
import { scopeValues, type Scope } from '#shared/access-tokens';

/**
 * The scopes an access token carries (docs/mcp.md). The list itself lives in
 * shared/access-tokens.ts, so the Account screen's checkboxes and the server agree.
 */
export const SCOPES = scopeValues;
export type { Scope };
export const scopeSchema = z.enum(SCOPES);

/** Whether `scopes` grants `needed`. */
export function hasScope(scopes: readonly Scope[], needed: Scope): boolean {
  return scopes.includes(needed);
}
