/**
 * Whether the server runs from the production bundle (`npm run build` writes dist/server.js,
 * dist/cli.js and the workers' dist/*-worker.js; scripts/bundle-server.ts) or from its
 * TypeScript sources (tsx, Vitest, the tests' own bundle, which keeps each file's address).
 * In the bundle every module's `import.meta.url` is the bundle's own `.js` file, so the files
 * found beside a module (the workers, the built client) are found beside the bundle instead
 * (docs/architecture.md, "The build").
 */
export const BUNDLED = import.meta.url.endsWith('.js');
