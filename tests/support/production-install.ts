/**
 * The production install and start, as docs/operations.md ("Production") and the README give
 * them: the one list that the production test (tests/system/production-build.test.ts) and
 * the container's file follow.
 */
export const PRODUCTION_INSTALL = ['npm ci', 'npm run build', 'npm prune --omit=dev'] as const;

/** Run with NODE_ENV=production: `node dist/server.js` in the npm process (scripts/start.mjs). */
export const PRODUCTION_START = 'npm start';
