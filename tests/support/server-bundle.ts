/**
 * server.ts bundled into one file, for the tests that start the server as a process
 * (server-process.ts). Under `--import tsx` every module, node_modules included, passes through
 * loader hooks that Node 20 runs on another thread: a start cost about 4.6 s of CPU, against
 * 2.5 s for the bundle, and the browser and system tests start about a hundred servers
 * (docs/testing.md, "Servers as processes"). The code is the same; `npm start` in development
 * and the start-up tests in tests/system/server.test.ts still run server.ts under tsx, and
 * tests/system/production-build.test.ts runs production's own bundle (scripts/bundle-server.ts).
 *
 * Packages stay outside the bundle (Node loads them from node_modules as in production), but
 * for React Aria's: the page renderer reaches about 1,300 of their module files, three
 * quarters of all a start loads, and bundled they cost one. Each source file's
 * `import.meta.url` keeps naming that file, so every path found from it (the migrations, the
 * share images' font, the calendar worker) is the one tsx would find.
 *
 * Split as production's is (scripts/bundle-server.ts): what the server loads with
 * `await import()` (the MCP server, the share image's renderer, the libSQL driver…) stays in
 * chunks loaded when first needed. One file would load all of it at every start (about a
 * third of a start's CPU), and would hide a heavy import at the top of a module the start
 * loads, which production's split bundle pays for.
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Inside the project, so that the bundle's package imports resolve to its node_modules. */
const OUT_DIR = path.join(ROOT, 'node_modules/.cache/test-server');

const OWN_SOURCE = /\.(ts|tsx)$/;

/** Replaces `import.meta.url` in the project's own files with the file's own address. */
const ownFileUrls: Plugin = {
  name: 'own-file-urls',
  setup(builder) {
    builder.onLoad({ filter: OWN_SOURCE }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = readFileSync(args.path, 'utf8');
      return {
        contents: source.replaceAll(
          'import.meta.url',
          JSON.stringify(pathToFileURL(args.path).href),
        ),
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      };
    });
  },
};

/** React Aria's packages, bundled; they import React itself, which stays outside with the rest. */
const BUNDLED_PACKAGES =
  /^(react-aria|react-stately|react-aria-components|@react-aria\/|@react-stately\/|@react-types\/|@internationalized\/)/;

/** Every other bare import stays an import of the package, as `packages: 'external'` would. */
const packagesOutside: Plugin = {
  name: 'packages-outside',
  setup(builder) {
    builder.onResolve({ filter: /^[^./#]/ }, (args) => {
      if (BUNDLED_PACKAGES.test(args.path) || args.path.startsWith('node:')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

let bundle: Promise<string> | null = null;

/** The bundle's entry, built once per test process; its folder goes when that process ends. */
export function serverBundle(): Promise<string> {
  bundle ??= (async () => {
    const outdir = path.join(OUT_DIR, `server-${process.pid}`);
    mkdirSync(outdir, { recursive: true });
    await build({
      entryPoints: { server: path.join(ROOT, 'server.ts') },
      outdir,
      outExtension: { '.js': '.mjs' },
      splitting: true,
      chunkNames: 'chunk-[hash]',
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'error',
      plugins: [packagesOutside, ownFileUrls],
    });
    process.once('exit', () => rmSync(outdir, { recursive: true, force: true }));
    return path.join(outdir, 'server.mjs');
  })();
  return bundle;
}
