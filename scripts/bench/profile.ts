/** Reduces a V8 .cpuprofile (node --cpu-prof) to the functions with the most self time. */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface SelfTime {
  name: string;
  ms: number;
  share: number;
}

function label(frame: ProfileNode['callFrame']): string {
  const name = frame.functionName || '(anonymous)';
  if (!frame.url) return name;
  const url = frame.url.replace(/^file:\/\//, '');
  const nm = url.lastIndexOf('node_modules/');
  const where =
    nm >= 0 ? url.slice(nm + 'node_modules/'.length) : path.relative(process.cwd(), url);
  return `${name} ${where}:${frame.lineNumber + 1}`;
}

/** Self time per function (same name and place merged), busiest first; idle time left out. */
export function topSelfTime(file: string, limit = 15): { busyMs: number; rows: SelfTime[] } {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const labels = new Map(profile.nodes.map((n) => [n.id, label(n.callFrame)]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const name = labels.get(id) ?? '?';
    totals.set(name, (totals.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  totals.delete('(idle)');
  const busyMs = [...totals.values()].reduce((a, b) => a + b, 0);
  const rows = [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([name, ms]) => ({ name, ms, share: ms / busyMs }));
  return { busyMs, rows };
}
