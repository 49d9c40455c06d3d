/** Which database to open: the embedded file, or a libSQL server (docs/operations.md). */
export type DatabaseTarget = { file: string } | { url: string; authToken?: string };

/** The target as a person would name it in a message (never the token or a URL password). */
export function describeDatabase(target: DatabaseTarget): string {
  if ('file' in target) return `DATABASE_PATH "${target.file}"`;
  const url = new URL(target.url);
  url.username = '';
  url.password = '';
  return `DATABASE_URL "${url.origin}"`;
}
