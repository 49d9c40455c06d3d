import { idField } from '#shared/validation';

/**
 * An id from the path, by the server's own rule (docs/api.md: positive decimal integers);
 * anything else is no such thing, without asking the server.
 */
export function parseIdParam(param: string): number | null {
  const parsed = idField.safeParse(param);
  return parsed.success ? parsed.data : null;
}
