/**
 * Reads a Dockerfile into its stages and instructions, enough for
 * tests/system/container-files.test.ts to hold the root Dockerfile to its rules: comments and
 * blank lines dropped, `\` continuations joined, `FROM image AS name` opening a stage.
 * No Docker engine can run here (docs/testing.md), so the file is checked as text.
 */

export interface Instruction {
  /** Upper-cased: RUN, ENV, COPY... */
  keyword: string;
  /** The rest of the line, continuations joined with single spaces. */
  args: string;
}

export interface Stage {
  name: string;
  from: string;
  instructions: Instruction[];
}

export interface Dockerfile {
  /** ARG lines before the first FROM, name to default value. */
  globalArgs: Map<string, string>;
  stages: Stage[];
}

/** Logical lines: comments out, every `\` at a line's end joins the next one. */
function logicalLines(text: string): string[] {
  const lines: string[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#') || (line === '' && pending === '')) continue;
    if (line.endsWith('\\')) {
      pending += line.slice(0, -1).trim() + ' ';
      continue;
    }
    lines.push((pending + line).trim());
    pending = '';
  }
  if (pending.trim() !== '') lines.push(pending.trim());
  return lines.filter((line) => line !== '');
}

export function parseDockerfile(text: string): Dockerfile {
  const globalArgs = new Map<string, string>();
  const stages: Stage[] = [];
  for (const line of logicalLines(text)) {
    const space = line.search(/\s/);
    const keyword = (space === -1 ? line : line.slice(0, space)).toUpperCase();
    const args = space === -1 ? '' : line.slice(space).trim();
    if (keyword === 'FROM') {
      const from = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args);
      if (!from) throw new Error(`unreadable FROM: ${line}`);
      stages.push({ from: from[1]!, name: from[2] ?? String(stages.length), instructions: [] });
    } else if (stages.length === 0) {
      if (keyword !== 'ARG') throw new Error(`only ARG may come before FROM: ${line}`);
      const [name, value = ''] = args.split('=', 2);
      globalArgs.set(name!, value);
    } else {
      stages.at(-1)!.instructions.push({ keyword, args });
    }
  }
  return { globalArgs, stages };
}

/** `ENV A=1 B="two"` (one or several pairs) as a map; the older `ENV A 1` form too. */
export function envOf(stage: Stage): Map<string, string> {
  const env = new Map<string, string>();
  for (const { args } of stage.instructions.filter((i) => i.keyword === 'ENV')) {
    if (!args.includes('=')) {
      const [name, ...value] = args.split(/\s+/);
      env.set(name!, value.join(' '));
      continue;
    }
    for (const pair of args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S*)/g)) {
      env.set(pair[1]!, pair[2]!.replace(/^"(.*)"$/, '$1'));
    }
  }
  return env;
}

/** An exec-form argument list (`["node", "x.js"]`), or null for the shell form. */
export function execForm(args: string): string[] | null {
  if (!args.startsWith('[')) return null;
  const parsed: unknown = JSON.parse(args);
  if (!Array.isArray(parsed)) return null;
  return parsed.every((part): part is string => typeof part === 'string') ? parsed : null;
}

export function argsOf(stage: Stage, keyword: string): string[] {
  return stage.instructions.filter((i) => i.keyword === keyword).map((i) => i.args);
}
