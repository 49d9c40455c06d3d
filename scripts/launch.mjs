/**
 * How `npm start` and `npm run admin` pick what to run (scripts/start.mjs, scripts/admin.mjs),
 * in plain JavaScript because production has no TypeScript loader: with NODE_ENV=production,
 * or where tsx is not installed (after `npm prune --omit=dev`), the bundle `npm run build`
 * wrote into dist/ (scripts/bundle-server.ts); otherwise tsx is registered in this process and
 * the TypeScript source runs. Either way it runs in this same process, not a child, so a
 * signal sent to it reaches the server (docs/operations.md, "Production").
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function tsxInstalled() {
  try {
    import.meta.resolve('tsx/esm/api');
    return true;
  } catch {
    return false;
  }
}

/** `built`: the bundle's file (dist/…); `source`: the TypeScript to run otherwise. */
export async function launch(built, source) {
  if (process.env.NODE_ENV === 'production' || !tsxInstalled()) {
    const file = path.join(ROOT, built);
    if (!existsSync(file)) {
      process.stderr.write(
        `${built} not found: run \`npm run build\` first (docs/operations.md)\n`,
      );
      process.exit(1);
    }
    return import(pathToFileURL(file).href);
  }
  // The same hooks as `node --import tsx`: ES modules and require() of TypeScript.
  const [esm, cjs] = await Promise.all([import('tsx/esm/api'), import('tsx/cjs/api')]);
  esm.register();
  cjs.register();
  return import(pathToFileURL(path.join(ROOT, source)).href);
}
