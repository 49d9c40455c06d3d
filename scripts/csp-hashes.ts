/**
 * Build step (run by the prerender once the pages are final): the CSP hashes of the inline
 * scripts in the built pages (top-level *.html of the client folder), such as the theme script
 * that must run before first paint, written to CSP_HASHES_FILE for the server to read at
 * start. The build is ours, so whatever it inlines is allowed by hash, and nothing else inline
 * can run.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CSP_HASHES_FILE } from '../src/server/http/csp-hashes';

/** The hashes ('sha256-…'), each once, in the order of the pages' names and their scripts. */
export function inlineScriptHashes(dir: string): string[] {
  const names = readdirSync(dir)
    .filter((name) => name.endsWith('.html'))
    .sort();
  const hashes = new Set<string>();
  for (const name of names) {
    const html = readFileSync(path.join(dir, name), 'utf8');
    for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
      const [, attributes = '', body = ''] = match;
      if (/\bsrc\s*=/i.test(attributes) || body === '') continue;
      hashes.add(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`);
    }
  }
  return [...hashes];
}

/** Writes the hashes of the pages in `dir` to its CSP_HASHES_FILE; returns them. */
export function writeCspHashes(dir: string): string[] {
  const hashes = inlineScriptHashes(dir);
  const file = path.join(dir, CSP_HASHES_FILE);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(hashes, null, 2)}\n`);
  return hashes;
}
