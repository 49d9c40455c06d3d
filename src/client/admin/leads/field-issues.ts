import { isTRPCClientError } from '@trpc/client';

/**
 * The server's 400 as messages per field (docs/api.md: `issues` with dotted paths such as
 * `data.value`), keyed by the path's last part, so a form shows each at its own field: the
 * server's rule and words, not a second copy of them in the page.
 */
export function fieldIssues(error: unknown): Record<string, string> {
  const found: Record<string, string> = {};
  if (!isTRPCClientError(error)) return found;
  const data: unknown = error.data;
  if (typeof data !== 'object' || data === null || !('issues' in data)) return found;
  const { issues } = data;
  if (!Array.isArray(issues)) return found;
  for (const issue of issues as unknown[]) {
    if (typeof issue !== 'object' || issue === null) continue;
    const { path, message } = issue as { path?: unknown; message?: unknown };
    if (typeof path !== 'string' || typeof message !== 'string') continue;
    const field = path.split('.').at(-1) ?? '';
    found[field] ??= message;
  }
  return found;
}
