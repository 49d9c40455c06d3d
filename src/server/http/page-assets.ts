import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** The pages' script, a Vite entry of the home page's build (vite.config.ts, docs/decisions/0028). */
export const LINK_PAGE_ENTRY = 'src/client/newsletter-link-main.ts';

export interface LinkPageAssets {
  /** The entry's hashed file, e.g. `/assets/newsletter-link-main-1a2b3c.js`. */
  script?: string;
  /** The site's stylesheet(s), hashed. */
  stylesheets: string[];
}

interface ManifestChunk {
  file: string;
  css?: string[];
}

const NONE: LinkPageAssets = { stylesheets: [] };

/**
 * The built names of a server-written page's script (this one's, or `entryName`, such as the
 * booking's manage page) and stylesheet, from the home build's manifest. Read
 * on every page request: the pages are rare, and a rebuild under a running server renames
 * the files. Without a build (tests of the API alone) the page has neither, and still says
 * what it has to say.
 */
export async function linkPageAssets(
  clientDir: string | undefined,
  entryName: string = LINK_PAGE_ENTRY,
): Promise<LinkPageAssets> {
  if (!clientDir) return NONE;
  let manifest: Record<string, ManifestChunk>;
  try {
    const file = path.join(clientDir, '.vite', 'manifest-home.json');
    manifest = JSON.parse(await readFile(file, 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return NONE;
  }
  const entry = manifest[entryName];
  if (!entry) return NONE;
  // One stylesheet for the whole build (cssCodeSplit: false), which the manifest lists
  // apart, under `style.css`, rather than with an entry.
  const shared = manifest['style.css']?.file;
  const css = entry.css ?? (shared ? [shared] : []);
  return { script: `/${entry.file}`, stylesheets: css.map((file) => `/${file}`) };
}
