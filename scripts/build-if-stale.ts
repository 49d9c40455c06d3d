/**
 * `npm start` runs this first: it builds the client (`npm run build`) only when dist/client
 * is missing, an input of the build changed since the last build, or the page is not the one
 * that build wrote, so a second start is immediate. `npm run build` keeps the inputs' hash and
 * the page's hash in dist/.build-hash.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { withBuildLock } from './build-lock';

/** Files and folders whose content decides the built client (paths from the project root). */
export const BUILD_INPUTS = [
  'index.html',
  'app.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'public',
  'src/client',
  'src/shared',
  // The build's own scripts; not scripts/ as a whole, so editing the bench or the audit
  // does not rebuild the client.
  'scripts/build.ts',
  'scripts/prerender.ts',
  'scripts/build-if-stale.ts',
  'scripts/csp-hashes.ts',
  // How the prerender puts a page together; the server uses it too.
  'src/server/content/page-template.ts',
  // Where the build writes the CSP hashes.
  'src/server/http/csp-hashes.ts',
] as const;

export const HASH_FILE = path.join('dist', '.build-hash');
export const BUILD_OUTPUT = path.join('dist', 'client', 'index.html');

/** Tests, generated folders and dotfiles do not change what the build produces. */
function ignored(name: string): boolean {
  return name.startsWith('.') || name === 'node_modules' || /\.test\.tsx?$/.test(name);
}

function filesUnder(root: string, relative: string): string[] {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [relative];
  return readdirSync(full)
    .filter((name) => !ignored(name))
    .sort()
    .flatMap((name) => filesUnder(root, path.posix.join(relative, name)));
}

/** One hash over the names and contents of every input file. */
export function hashInputs(root: string, inputs: readonly string[] = BUILD_INPUTS): string {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of filesUnder(root, input)) {
      hash
        .update(file)
        .update('\0')
        .update(readFileSync(path.join(root, file)))
        .update('\0');
    }
  }
  return hash.digest('hex');
}

export type BuildDecision =
  | { build: true; reason: string; hash: string }
  | { build: false; hash: string };

export function decideBuild(root: string, inputs: readonly string[] = BUILD_INPUTS): BuildDecision {
  const hash = hashInputs(root, inputs);
  if (!existsSync(path.join(root, BUILD_OUTPUT))) {
    return { build: true, reason: 'dist/client is missing', hash };
  }
  const hashFile = path.join(root, HASH_FILE);
  if (!existsSync(hashFile)) return { build: true, reason: 'no record of the last build', hash };
  const [inputsHash, pageHash] = readFileSync(hashFile, 'utf8').split('\n');
  if (inputsHash !== hash) {
    return { build: true, reason: 'sources changed since the last build', hash };
  }
  // A bare `vite build` rewrites the page without prerendering it (no hero, no facts).
  if (pageHash !== sha256Of(path.join(root, BUILD_OUTPUT))) {
    return { build: true, reason: 'dist/client was rewritten since the last npm run build', hash };
  }
  return { build: false, hash };
}

const sha256Of = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** After a successful build: the inputs' hash (taken before it) and the page it wrote. */
export function recordBuild(root: string, hash: string): void {
  const page = sha256Of(path.join(root, BUILD_OUTPUT));
  writeFileSync(path.join(root, HASH_FILE), `${hash}\n${page}\n`);
}

/** Builds when stale; answers the exit code (0: up to date or built). */
export function buildIfStale(): number {
  // Decided and built under the lock: another build in this tree cannot slip in between.
  return withBuildLock(buildUnderLock);
}

function buildUnderLock(): number {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const decision = decideBuild(root);
  if (!decision.build) {
    process.stdout.write('client build is up to date\n');
    return 0;
  }
  process.stdout.write(`building the client: ${decision.reason}\n`);
  // npm run build records the inputs' hash when it succeeds.
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write('client build failed\n');
    return result.status ?? 1;
  }
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = buildIfStale();
}
