/**
 * `npm start`: `node dist/server.js`'s bundle with NODE_ENV=production (no loader, no build
 * at start); in development scripts/start.ts under tsx, which builds the client when stale
 * first (scripts/launch.mjs picks).
 */
import { launch } from './launch.mjs';

await launch('dist/server.js', 'scripts/start.ts');
