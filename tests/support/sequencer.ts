/**
 * The order in which `npm test` hands files to its workers (docs/decisions/0032, 0041). Every
 * project shares one pool of `maxWorkers` slots (four on the 2-core machine), taken first
 * come, first served in the order this returns. A browser file (the `e2e` project: a server
 * and a Chromium, about 0.6 of a core) is best paired with server or client files (mostly
 * waiting on child processes, sqld and scrypt), so the order is planned by playing the pool
 * forward on estimated durations: a slot that frees takes a browser file while fewer than
 * `browserSlots` (half the slots, rounded up: two of four) run, another file otherwise.
 * Estimates only steer the order; when they are off, browser files may briefly fill more
 * slots, which the machine allows.
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
const FIRST_GUESS_SECONDS = { browser: 50, other: 6 } as const;

function isBrowserFile(spec: TestSpecification): boolean {
  return spec.project.name === 'e2e';
}

export class BrowserBesideSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Vitest's own order: one project after another (a worker keeps its project's loaded
    // modules from one file to the next, and loses them when it moves to another project),
    // and within a project the longest first. On a fresh clone Vitest has no timings and
    // orders by size, so within each project the recorded seconds decide instead: no long
    // file starts near the end. The sort is stable: among equals Vitest's order stands.
    const sorted = await super.sort(files);
    const projectOrder = [...new Set(sorted.map((spec) => spec.project.name))];
    const byProjectThenLongest = (a: TestSpecification, b: TestSpecification) =>
      projectOrder.indexOf(a.project.name) - projectOrder.indexOf(b.project.name) ||
      this.estimate(b) - this.estimate(a);
    const browsers = sorted.filter(isBrowserFile).sort(byProjectThenLongest);
    const others = sorted.filter((spec) => !isBrowserFile(spec)).sort(byProjectThenLongest);
    if (browsers.length === 0 || others.length === 0) return sorted;

    const slots = Math.max(1, this.ctx.config.maxWorkers);
    const browserSlots = Math.max(1, Math.ceil(slots / 2));
    const running: { endsAt: number; browser: boolean }[] = [];
    const order: TestSpecification[] = [];
    let now = 0;
    while (browsers.length > 0 || others.length > 0) {
      if (running.length === slots) {
        running.sort((a, b) => a.endsAt - b.endsAt);
        now = running.shift()?.endsAt ?? now;
      }
      const browsersRunning = running.filter((r) => r.browser).length;
      const takeBrowser =
        browsers.length > 0 && (browsersRunning < browserSlots || others.length === 0);
      const next = (takeBrowser ? browsers : others).shift();
      if (!next) break;
      order.push(next);
      running.push({ endsAt: now + this.estimate(next), browser: takeBrowser });
    }
    return order;
  }

  private estimate(spec: TestSpecification): number {
    const key = `${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`;
    const timed = this.ctx.cache.getFileTestResults(key)?.duration;
    if (timed !== undefined && timed > 0) return timed / 1000;
    return (
      RECORDED_SECONDS[key] ??
      (isBrowserFile(spec) ? FIRST_GUESS_SECONDS.browser : FIRST_GUESS_SECONDS.other)
    );
  }
}
