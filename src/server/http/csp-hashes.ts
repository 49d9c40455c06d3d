import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The CSP hashes ('sha256-…') of the inline scripts in the built pages, written by the build
 * (scripts/csp-hashes.ts, after the prerender) beside the page template: a dot folder, never
 * served. The server reads them once at start instead of scanning the pages itself.
 */
export const CSP_HASHES_FILE = '.render/csp-hashes.json';

/** A client folder with pages but no hashes: a build older than the hashes file. */
export class MissingCspHashesError extends Error {
  constructor(dir: string) {
    super(
      `${path.join(dir, CSP_HASHES_FILE)} not found: the client was built by an older version; ` +
        'run `npm run build` (npm start does it)',
    );
    this.name = 'MissingCspHashesError';
  }
}

/**
 * The hashes the build wrote for the client in `dir`, in the build's order. A folder without
 * pages (no build, API-only tests) has none; a folder with pages but no hashes file stops the
 * start: its inline scripts would be blocked (docs/operations.md).
 */
export function readCspHashes(dir: string): string[] {
  const file = path.join(dir, CSP_HASHES_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    if (existsSync(path.join(dir, 'index.html'))) throw new MissingCspHashesError(dir);
    return [];
  }
  const hashes: unknown = JSON.parse(text);
  if (!Array.isArray(hashes) || !hashes.every((h) => typeof h === 'string')) {
    throw new Error(`${file}: not a list of hashes; run \`npm run build\``);
  }
  return hashes as string[];
}
