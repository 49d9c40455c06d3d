/**
 * The last step of `npm run build`: the server bundled by esbuild into dist/, so that
 * production runs `node dist/server.js` with no TypeScript loader and no dev dependency
 * (docs/operations.md, "Production"). One file per entry:
 *
 * - dist/server.js (server.ts), dist/cli.js (`npm run admin`, src/server/cli.ts) and
 *   dist/db-migrate.js (`npm run db:migrate`, scripts/db-migrate.ts);
 * - dist/image-worker.js and dist/feed-worker.js, the worker threads, which
 *   src/server/platform/worker-job.ts starts as plain files beside the bundle.
 *
 * What the bundle finds beside itself: dist/client (the built client), dist/server/
 * entry-server.js (Vite's server build of the client's page renderer, loaded in place of the
 * client's sources), dist/fonts (the share image's and the PDFs' fonts, copied here), dist/srgb
 * (the PDF/A colour profile, copied here) and ../migrations.
 * Packages stay outside (`packages: 'external'`), loaded from node_modules as installed; the
 * build fails when the bundle imports one that `npm prune --omit=dev` removes.
 */
import { builtinModules } from 'node:module';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Metafile, type Plugin } from 'esbuild';

/** The bundle's entries: output name (in dist/) -> source. */
export const SERVER_ENTRIES = {
  server: 'server.ts',
  cli: 'src/server/cli.ts',
  'db-migrate': 'scripts/db-migrate.ts',
  'image-worker': 'src/server/media/image-worker.ts',
  'feed-worker': 'src/server/booking/feed-worker.ts',
} as const;

/** Vite's server build of src/client/entry-server.tsx, relative to dist/server.js. */
const SSR_RENDERER = './server/entry-server.js';

/** The page renderer's import becomes an import of Vite's build of it, left as it is. */
const ssrRenderer: Plugin = {
  name: 'ssr-renderer',
  setup(builder) {
    builder.onResolve({ filter: /^#client\/entry-server$/ }, () => ({
      path: SSR_RENDERER,
      external: true,
    }));
  },
};

/** `react-dom/server` -> `react-dom`, `@scope/name/x` -> `@scope/name`. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

const isBuiltin = (specifier: string) =>
  specifier.startsWith('node:') || builtinModules.includes(packageName(specifier));

/**
 * What is wrong with the bundle: a package it imports that is not a production dependency
 * (absent after `npm prune --omit=dev`), or a client source bundled in.
 */
export function bundleProblems(metafile: Metafile, dependencies: readonly string[]): string[] {
  const problems = new Set<string>();
  for (const output of Object.values(metafile.outputs)) {
    for (const imported of output.imports) {
      if (!imported.external || imported.path === SSR_RENDERER || isBuiltin(imported.path)) {
        continue;
      }
      const name = packageName(imported.path);
      if (!dependencies.includes(name)) {
        problems.add(`imports ${name}, which is not in package.json "dependencies"`);
      }
    }
  }
  for (const input of Object.keys(metafile.inputs)) {
    if (input.startsWith('src/client/')) problems.add(`bundles the client's source ${input}`);
  }
  return [...problems];
}

/** Writes the bundle into root/dist; throws with every problem found. */
export async function bundleServer(root: string): Promise<void> {
  const need = [path.join('dist', SSR_RENDERER.replace('./', '')), 'migrations'];
  const missing = need.filter((file) => !existsSync(path.join(root, file)));
  if (missing.length > 0) {
    throw new Error(`the server bundle needs ${missing.join(' and ')}: build the client first`);
  }
  // The last build's chunks: their names change with their content.
  const dist = path.join(root, 'dist');
  for (const name of readdirSync(dist).filter((file) => /^chunk-\w+\.js$/.test(file))) {
    rmSync(path.join(dist, name));
  }
  const result = await build({
    absWorkingDir: root,
    entryPoints: SERVER_ENTRIES,
    outdir: 'dist',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    // The server loads what only some sites or requests need with `await import()` (the
    // libSQL client, the share image's renderer, the AI SDKs…; docs/operations.md, "Start-up
    // time"): split, those stay apart and lazy, where one file would load them all at start
    // (about 50 MB more memory). Chunks sit in dist/ itself, beside the entries, so that
    // every path found from `import.meta.url` is the same from any of them.
    splitting: true,
    chunkNames: 'chunk-[hash]',
    plugins: [ssrRenderer],
    metafile: true,
    logLevel: 'warning',
  });
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const problems = bundleProblems(result.metafile, Object.keys(pkg.dependencies ?? {}));
  if (problems.length > 0) {
    throw new Error(`the server bundle ${problems.join('; ')}`);
  }
  cpSync(path.join(root, 'src/server/entries/fonts'), path.join(root, 'dist/fonts'), {
    recursive: true,
  });
  cpSync(path.join(root, 'src/server/pdf/srgb'), path.join(root, 'dist/srgb'), { recursive: true });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const started = performance.now();
  await bundleServer(root);
  process.stdout.write(
    `bundled the server into dist/ (${Object.keys(SERVER_ENTRIES).join(', ')}) in ${Math.round(performance.now() - started)} ms\n`,
  );
}
