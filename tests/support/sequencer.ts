/**
 * The order in which `npm test` hands files to its workers (docs/testing.md, "How the suite is
 * scheduled"; docs/decisions/0056). The browser files run in a group of their own, after the
 * others (`sequence.groupOrder` of the `e2e` project in vite.config.ts); within each group the
 * files go one project after another, and within a project the longest first, so that no long
 * file starts near the end of its group.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Each file's seconds in a whole run on the 2-core machine (`npm run test:timings` writes
 * them), for a fresh clone, as on CI, where Vitest has no timing of its own yet.
 */
const RECORDED_SECONDS = JSON.parse(
  readFileSync(new URL('./file-seconds.json', import.meta.url), 'utf8'),
) as Record<string, number>;

/** Seconds for a file recorded nowhere (a new one): about the mean of each kind. */
const FIRST_GUESS_SECONDS = { browser: 15, other: 2 } as const;

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Vitest keeps a worker for the next file only when the file at the head of the queue is
    // of the worker's project: one project after another, each file's worker goes on to the
    // next. On a fresh clone Vitest has no timings and orders by size, so within each project
    // the recorded seconds decide instead. The sort is stable: among equals Vitest's order
    // stands.
    const sorted = await super.sort(files);
    const projectOrder = [...new Set(sorted.map((spec) => spec.project.name))];
    return sorted.sort(
      (a, b) =>
        projectOrder.indexOf(a.project.name) - projectOrder.indexOf(b.project.name) ||
        this.estimate(b) - this.estimate(a),
    );
  }

  private estimate(spec: TestSpecification): number {
    const key = `${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`;
    const timed = this.ctx.cache.getFileTestResults(key)?.duration;
    if (timed !== undefined && timed > 0) return timed / 1000;
    return (
      RECORDED_SECONDS[key] ??
      (spec.project.name === 'e2e' ? FIRST_GUESS_SECONDS.browser : FIRST_GUESS_SECONDS.other)
    );
  }
}
