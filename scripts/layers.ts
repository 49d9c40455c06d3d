/**
 * `npm run layers` (docs/architecture.md "The layers", docs/decisions/0044): one cruise of the
 * tree by dependency-cruiser, read twice. Its own rules (.dependency-cruiser.cjs) judge each
 * import; then the imports are folded to their folder under src/server/ and any loop between
 * folders is refused, which dependency-cruiser cannot say itself: its cycle rule sees modules,
 * and its folder scope mixes a folder with its sub-folders, so `booking -> newsletter/link-pages`
 * and `newsletter/x.ts -> booking` never meet. The same fold one level down refuses loops
 * between the sub-folders of one folder (identity/sessions, identity/sign-in, ...), so each
 * folder's insides import one way too. Last, platform/ may name no feature's table of
 * db/schema.ts (scripts/platform-tables.ts): the schema is one module to dependency-cruiser, so
 * which tables a file takes from it is read from the source. Each broken import is printed with
 * its rule's comment (`err-long`): the comment is the message.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { format, type ICruiseResult, type IModule } from 'dependency-cruiser';
import { PLATFORM_TABLES, platformTableUses } from './platform-tables';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..');
const DEPCRUISE = path.join(ROOT, 'node_modules', '.bin', 'depcruise');
const TREE = ['src', 'db', 'server.ts', 'scripts', 'tests'];

const FOLDER_LOOP =
  'folder-loop: folders under src/server/ import each other in a loop. Move what both need into a folder below both (or platform/), or let app/ pass it in (docs/architecture.md "The layers").';

const SUB_FOLDER_LOOP =
  'sub-folder-loop: sub-folders of one folder under src/server/ import each other in a loop. Move what both need into a sub-folder below both (docs/architecture.md "The layers").';

/** The folder under src/server/ a production module belongs to; undefined for the rest. */
function folderOf(module: string): string | undefined {
  if (/\.test\.tsx?$/.test(module)) return undefined;
  return /^src\/server\/[^/]+(?=\/)/.exec(module)?.[0];
}

/**
 * The sub-folder of a folder under src/server/ a production module belongs to
 * (`src/server/identity/sessions`); undefined for the rest, a folder's own top files included:
 * they compose its sub-folders.
 */
function subFolderOf(module: string): string | undefined {
  if (/\.test\.tsx?$/.test(module)) return undefined;
  return /^src\/server\/[^/]+\/[^/]+(?=\/)/.exec(module)?.[0];
}

type Edges = Map<string, Map<string, string>>;

/**
 * Folder -> folder (as `unitOf` folds modules), each with one import that makes it (for the
 * message); `within` keeps the pairs that are judged. Type-only imports vanish at run time and
 * may close a loop, as for modules (docs/decisions/0037); tests may reach anywhere.
 */
function folderEdges(
  modules: IModule[],
  unitOf: (module: string) => string | undefined,
  within: (from: string, to: string) => boolean = () => true,
): Edges {
  const edges: Edges = new Map();
  for (const module of modules) {
    const from = unitOf(module.source);
    if (!from) continue;
    for (const dependency of module.dependencies) {
      if (dependency.dependencyTypes.includes('type-only')) continue;
      const to = unitOf(dependency.resolved);
      if (!to || to === from || !within(from, to)) continue;
      const targets = edges.get(from) ?? new Map<string, string>();
      if (!targets.has(to)) targets.set(to, `${module.source} → ${dependency.resolved}`);
      edges.set(from, targets);
    }
  }
  return edges;
}

/** One shortest way back from `start` to itself, as the list of folders it passes. */
function loopThrough(start: string, edges: Edges): string[] | undefined {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const folder = queue.shift() as string;
    for (const next of edges.get(folder)?.keys() ?? []) {
      if (next === start) {
        const way = [folder];
        while (way[0] !== start) way.unshift(cameFrom.get(way[0] as string) as string);
        return [...way, start];
      }
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, folder);
      queue.push(next);
    }
  }
  return undefined;
}

/** Every loop of `edges` once (a loop found from each of its folders is the same loop). */
function loopsOf(edges: Edges): string[] {
  const seen = new Set<string>();
  const messages: string[] = [];
  for (const start of [...edges.keys()].sort()) {
    const loop = loopThrough(start, edges);
    if (!loop) continue;
    const key = [...new Set(loop)].sort().join(' ');
    if (seen.has(key)) continue;
    seen.add(key);
    const imports = loop
      .slice(1)
      .map((to, index) => `    ${edges.get(loop[index] as string)?.get(to) ?? ''}`);
    messages.push(`  error ${loop.join(' → ')}\n${imports.join('\n')}`);
  }
  return messages;
}

/** The tiers .dependency-cruiser.cjs declares, lowest first, one line each for the output. */
function tiersText(cwd: string): string {
  const config = createRequire(import.meta.url)(path.join(cwd, '.dependency-cruiser.cjs')) as {
    tiers?: { name: string; folders?: string[]; is: string }[];
  };
  const tiers = (config.tiers ?? []).map(({ name, folders, is }, index) => {
    const where = folders ? folders.map((folder) => `${folder}/`).join(', ') : 'every other folder';
    return `  ${index + 1}. ${name}: ${where}: ${is}\n`;
  });
  return `The tiers of src/server/, lowest first; each imports only the tiers before it:\n${tiers.join('')}`;
}

/** Every loop between folders under src/server/, once each. */
export function folderLoops(modules: IModule[]): string[] {
  return loopsOf(folderEdges(modules, folderOf));
}

/** Every loop between the sub-folders of one folder under src/server/, once each. */
export function subFolderLoops(modules: IModule[]): string[] {
  const parent = (folder: string) => folder.slice(0, folder.lastIndexOf('/'));
  return loopsOf(folderEdges(modules, subFolderOf, (from, to) => parent(from) === parent(to)));
}

/** Runs the whole check in `cwd` on `targets`: whether it passed, and what it says. */
export async function checkLayers(
  cwd: string,
  targets: string[],
): Promise<{ ok: boolean; output: string }> {
  const { stdout } = await run(
    DEPCRUISE,
    [...targets, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
    { cwd, maxBuffer: 256 * 1024 * 1024 },
  ).catch((error: unknown) => {
    const failed = error as { stdout?: string };
    if (!failed.stdout) throw error;
    return { stdout: failed.stdout };
  });
  const result = JSON.parse(stdout) as ICruiseResult;
  const report = await format(result, { outputType: 'err-long' });
  const loops = folderLoops(result.modules);
  const subLoops = subFolderLoops(result.modules);
  const tables = platformTableUses(cwd);
  const moduleErrors = result.summary.error;
  let output = tiersText(cwd) + String(report.output);
  if (loops.length > 0) output += `\n${FOLDER_LOOP}\n${loops.join('\n')}\n`;
  if (subLoops.length > 0) output += `\n${SUB_FOLDER_LOOP}\n${subLoops.join('\n')}\n`;
  if (tables.length > 0) output += `\n${PLATFORM_TABLES}\n${tables.join('\n')}\n`;
  const ok = moduleErrors === 0 && [loops, subLoops, tables].every((found) => found.length === 0);
  return { ok, output };
}

if (process.argv[1] === import.meta.filename) {
  const { ok, output } = await checkLayers(ROOT, TREE);
  process.stdout.write(output);
  if (!ok) process.exitCode = 1;
}
