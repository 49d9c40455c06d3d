/**
 * server.ts bundled, for the tests that start the server as a process
 * (server-process.ts). Under `--import tsx` every module, node_modules included, passes through
 * loader hooks that Node 20 runs on another thread: a start cost about 4.6 s of CPU, against
 * 2.5 s for the bundle, and the browser and system tests start about a hundred servers
 * (docs/testing.md, "Servers as processes"). The code is the same; `npm start` in development
 * and the starts that serve in tests/system/server.test.ts still run server.ts under tsx, and
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
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
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

/** What the bundle is made of: its own sources, the bundled packages' versions, this file. */
function sourcesKey(): string {
  const hash = createHash('sha256');
  const files = [
    ...['src', 'db'].flatMap((folder) =>
      readdirSync(path.join(ROOT, folder), { recursive: true })
        .map((name) => path.join(folder, String(name)))
        .filter((name) => !/\.test\.tsx?$/.test(name) && statSync(path.join(ROOT, name)).isFile()),
    ),
    'server.ts',
    'package-lock.json',
    path.relative(ROOT, fileURLToPath(import.meta.url)),
  ].sort();
  for (const file of files) hash.update(file).update(readFileSync(path.join(ROOT, file)));
  return hash.digest('hex').slice(0, 16);
}

/** Bundles of other sources older than this are removed when a new one is made. */
const STALE_MS = 60 * 60 * 1000;

let bundle: Promise<string> | null = null;

/**
 * The bundle's entry, built once per state of the sources and shared by every test process
 * of the checkout: a run's forty-odd worker processes each built their own (about a second
 * of CPU each) and left it behind (about 2 MB each). A process that finds none builds one
 * aside and renames it into place; when several build at once, the first in place is kept.
 */
export function serverBundle(): Promise<string> {
  bundle ??= (async () => {
    const key = sourcesKey();
    const outdir = path.join(OUT_DIR, key);
    const entry = path.join(outdir, 'server.mjs');
    if (existsSync(entry)) return entry;
    mkdirSync(OUT_DIR, { recursive: true });
    const draft = mkdtempSync(path.join(OUT_DIR, `${key}-draft-`));
    await build({
      entryPoints: { server: path.join(ROOT, 'server.ts') },
      outdir: draft,
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
    try {
      renameSync(draft, outdir);
    } catch (error) {
      rmSync(draft, { recursive: true, force: true });
      if (!existsSync(entry)) throw error;
    }
    for (const name of readdirSync(OUT_DIR)) {
      const other = path.join(OUT_DIR, name);
      if (name !== key && Date.now() - statSync(other).mtimeMs > STALE_MS) {
        rmSync(other, { recursive: true, force: true });
      }
    }
    return entry;
  })();
  return bundle;
}
