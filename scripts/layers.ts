/**
 * `npm run layers` (docs/architecture.md "The layers", docs/decisions/0044 and 0054): one cruise of
 * the tree by dependency-cruiser, read twice. Its own rules (.dependency-cruiser.cjs) judge each
 * import; then the imports are folded to their folder under src/server/ and any loop between
 * folders is refused, which dependency-cruiser cannot say itself: its cycle rule sees modules, and
 * its folder scope mixes a folder with its sub-folders, so `booking -> newsletter/link-pages` and
 * `newsletter/x.ts -> booking` never meet. The same fold one level down refuses loops between the
 * sub-folders of one folder (identity/sessions, identity/sign-in, ...), so each folder's insides
 * import one way too, and the same fold of src/client/ refuses loops between its folders
 * (client/admin's screens and shared parts among them). Each feature names the features it builds
 * on (FEATURES of .dependency-cruiser.cjs, one rule each); a folder that is in no tier and not in
 * that order is refused until it is placed, so no feature is free of it. Last, platform/ may name
 * no feature's table of db/schema.ts (scripts/platform-tables.ts): the schema is one module to
 * dependency-cruiser, so which tables a file takes from it is read from the source. Each broken
 * import is printed with its rule's comment (`err-long`): the comment is the message.
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

const CLIENT_FOLDER_LOOP =
  'client-folder-loop: folders of src/client/ import each other in a loop. Move what both need to the shared UI below both: src/client/admin/ui/ for the admin\'s controls, dialogs and words, src/client/ui/ for what the site and the admin share, src/client/lib/ for plumbing (docs/architecture.md "Client").';

const UNPLACED =
  'feature-order: a folder under src/server/ that no tier names is a feature, and every feature has its place in the features\' order: add it to FEATURES of .dependency-cruiser.cjs with the features it builds on (docs/architecture.md, "The features\' order").';

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

/**
 * The folder of src/client/ a production module belongs to: one of src/client/admin/'s
 * folders (a screen's, or the admin's shared ui/, shell/, session/), or another folder of
 * src/client/ (home, lib, routes, ui); a file loose in src/client/admin/ counts as that folder.
 * The entries at the top of src/client/ (main.tsx, router.tsx, ...) compose them: none.
 */
function clientFolderOf(module: string): string | undefined {
  if (/\.test\.tsx?$/.test(module)) return undefined;
  return /^src\/client\/(?:admin\/[^/]+(?=\/)|admin(?=\/[^/]+$)|[^/]+(?=\/))/.exec(module)?.[0];
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

interface Order {
  tiers: { name: string; folders?: string[]; is: string }[];
  features: { name: string; is: string; buildsOn: string[] }[];
}

/** The tiers and the features' order .dependency-cruiser.cjs declares (both lowest first). */
function orderOf(cwd: string): Order {
  const config = createRequire(import.meta.url)(
    path.join(cwd, '.dependency-cruiser.cjs'),
  ) as Partial<Order>;
  return { tiers: config.tiers ?? [], features: config.features ?? [] };
}

/** The tiers, then the features' order, one line each for the output. */
function orderText({ tiers, features }: Order): string {
  const tierLines = tiers.map(({ name, folders, is }, index) => {
    const where = folders ? folders.map((folder) => `${folder}/`).join(', ') : 'every other folder';
    return `  ${index + 1}. ${name}: ${where}: ${is}\n`;
  });
  const featureLines = features.map(({ name, is, buildsOn }, index) => {
    const on = buildsOn.length > 0 ? `; builds on ${buildsOn.join(', ')}` : '';
    return `  ${index + 1}. ${name}: ${is}${on}\n`;
  });
  return (
    `The tiers of src/server/, lowest first; each imports only the tiers before it:\n${tierLines.join('')}` +
    `The features' order, lowest first; each imports only the features it builds on, and theirs:\n${featureLines.join('')}`
  );
}

/** Each folder under src/server/ that is in no tier and not in the features' order, once. */
function unplacedFolders(modules: IModule[], { tiers, features }: Order): string[] {
  const placed = new Set([
    ...tiers.flatMap((tier) => tier.folders ?? []),
    ...features.map((feature) => feature.name),
  ]);
  const folders = modules.flatMap(
    (module) => /^src\/server\/([^/]+)\//.exec(module.source)?.slice(1, 2) ?? [],
  );
  return [...new Set(folders)]
    .filter((folder) => !placed.has(folder))
    .sort()
    .map((folder) => `  error src/server/${folder}/ is in no tier and not in the features' order`);
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

/** Every loop between the folders of src/client/ (clientFolderOf), once each. */
export function clientFolderLoops(modules: IModule[]): string[] {
  return loopsOf(folderEdges(modules, clientFolderOf));
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
  const clientLoops = clientFolderLoops(result.modules);
  const tables = platformTableUses(cwd);
  const order = orderOf(cwd);
  const unplaced = unplacedFolders(result.modules, order);
  const moduleErrors = result.summary.error;
  let output = orderText(order) + String(report.output);
  if (unplaced.length > 0) output += `\n${UNPLACED}\n${unplaced.join('\n')}\n`;
  if (loops.length > 0) output += `\n${FOLDER_LOOP}\n${loops.join('\n')}\n`;
  if (subLoops.length > 0) output += `\n${SUB_FOLDER_LOOP}\n${subLoops.join('\n')}\n`;
  if (clientLoops.length > 0) output += `\n${CLIENT_FOLDER_LOOP}\n${clientLoops.join('\n')}\n`;
  if (tables.length > 0) output += `\n${PLATFORM_TABLES}\n${tables.join('\n')}\n`;
  const found = [unplaced, loops, subLoops, clientLoops, tables];
  const ok = moduleErrors === 0 && found.every((errors) => errors.length === 0);
  return { ok, output };
}

if (process.argv[1] === import.meta.filename) {
  const { ok, output } = await checkLayers(ROOT, TREE);
  process.stdout.write(output);
  if (!ok) process.exitCode = 1;
}
