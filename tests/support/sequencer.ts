/**
 * The order in which `npm test` hands files to its workers (docs/decisions/0032). Every
 * project shares one pool of `maxWorkers` slots, taken first come, first served in the order
 * this returns. A browser file (the `e2e` project: a server and a Chromium, about a core) is
 * best paired with a server or client file (mostly waiting on child processes, sqld and
 * scrypt), so the order is planned by playing the pool forward on estimated durations: a slot
 * that frees takes a browser file while fewer than `browserSlots` run, another file otherwise.
 * Estimates only steer the order; when they are off, two browser files may briefly overlap,
 * which the machine allows (two slots, two cores).
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds a file takes, process start and hooks included, when Vitest has no timing of it yet
 * (a fresh clone, as on CI): the means of the CI run before this order (docs/testing.md).
 */
const FIRST_GUESS_SECONDS = { browser: 26, other: 4 } as const;

function isBrowserFile(spec: TestSpecification): boolean {
  return spec.project.name === 'e2e';
}

export class BrowserBesideSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Within each kind, Vitest's own order: files that failed last time first, then the
    // longest (or, never timed, the largest) first.
    const sorted = await super.sort(files);
    const browsers = sorted.filter(isBrowserFile);
    const others = sorted.filter((spec) => !isBrowserFile(spec));
    if (browsers.length === 0 || others.length === 0) return sorted;

    const slots = Math.max(1, this.ctx.config.maxWorkers);
    const browserSlots = Math.max(1, Math.floor(slots / 2));
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
    return isBrowserFile(spec) ? FIRST_GUESS_SECONDS.browser : FIRST_GUESS_SECONDS.other;
  }
}
