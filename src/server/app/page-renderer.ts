/**
 * The one place the server reaches into src/client: the client's server-side entry, which
 * renders the public pages' React apps to HTML (docs/architecture.md, "The layers"). The app
 * composition passes it to the content pages; tests may pass a stand-in.
 */
import type { PageRenderer } from '#server/content/pages';

/**
 * Under tsx (npm start, `node --import tsx server.ts`) and in tests the entry loads as is. The
 * production bundle (scripts/bundle-server.ts) loads Vite's server build of it instead,
 * dist/server/entry-server.js, and never the client's sources.
 */
export const loadEntryRenderer = (): Promise<PageRenderer> => import('#client/entry-server');
