import { isTRPCClientError } from '@trpc/client';

export interface ServerIssue {
  /** Dotted, inside the procedure's input: `data.value`, `settings.weekly.tue.0`. */
  path: string;
  message: string;
}

/** The issues of the server's 400 (docs/api.md), in its order; none for any other error. */
export function serverIssues(error: unknown): ServerIssue[] {
  if (!isTRPCClientError(error)) return [];
  const data: unknown = error.data;
  if (typeof data !== 'object' || data === null || !('issues' in data)) return [];
  const { issues } = data;
  if (!Array.isArray(issues)) return [];
  const list: unknown[] = issues;
  return list.flatMap((issue) =>
    typeof issue === 'object' &&
    issue !== null &&
    'path' in issue &&
    typeof issue.path === 'string' &&
    'message' in issue &&
    typeof issue.message === 'string'
      ? [{ path: issue.path, message: issue.message }]
      : [],
  );
}

/**
 * The server's 400 as messages per field, keyed by the path's last part, so a form shows
 * each at its own field: the server's rule and words, not a second copy of them in the page.
 */
export function fieldIssues(error: unknown): Record<string, string> {
  const found: Record<string, string> = {};
  for (const { path, message } of serverIssues(error)) {
    const field = path.split('.').at(-1) ?? '';
    found[field] ??= message;
  }
  return found;
}

/**
 * The server's 400 as messages by the input's whole dotted path (`items.1.unitAmount`): for a
 * form whose fields repeat (an editor's item rows), where the path's last part would not say which.
 */
export function pathIssues(error: unknown): Record<string, string> {
  const found: Record<string, string> = {};
  for (const { path, message } of serverIssues(error)) found[path] ??= message;
  return found;
}
