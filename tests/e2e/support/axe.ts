import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { AxeBuilder } from '@axe-core/playwright';
import type axe from 'axe-core';
import type { Page } from 'playwright-core';
import { WAIT_BOUND_MS } from '#tests/support/wait-bound';

/**
 * The axe put in each page: the package's minified build, the same release as `axe.source`
 * (its unminified build, 1.3 MB against 0.58 MB). Sent to the page at every first check of a
 * page and into every frame, it took half the browser's CPU to read: 0.14 s a page against
 * 0.27 s (docs/testing.md, "Where tests live", axe).
 */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  /** CSS targets of the offending nodes, to make a failure readable. */
  targets: string[];
}

/**
 * Runs axe (WCAG 2.0-2.2 A/AA and best practices) on the page as it is now and returns the
 * violations in a compact form; an accessible page returns [].
 */
export interface AxeScope {
  /** Parts of the page left out (a third party's frame). */
  exclude?: string[];
  /**
   * Only these parts: an open modal dialog, which hides the page beneath it from assistive
   * technology, so the page's own rules (one main landmark, a level-one heading) cannot hold.
   */
  include?: string[];
}

export async function axeViolations(page: Page, options: AxeScope = {}): Promise<AxeViolation[]> {
  await dimmedPartsSettled(page);
  await animationsSettled(page);
  const violations =
    page.frames().length === 1 || (await everyFrameExcluded(page, options))
      ? await runInPage(page, options)
      : await runWithFrames(page, options);
  return violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact ?? null,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * A page without frames: axe is put in the page once (until the next navigation) and run
 * there. AxeBuilder puts its 500 KB in again at every check and runs it in parts for frames:
 * about 1 s of CPU a check on the home page, against 0.3 s here, over a hundred checks a run
 * (docs/testing.md, "Where tests live"). The rules, the tags and what is reported are the same.
 */
async function runInPage(page: Page, scope: AxeScope): Promise<axe.Result[]> {
  const present = await page.evaluate(() => 'axe' in window);
  if (!present) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ tags, include, exclude }) => {
      const context: axe.ContextObject = include?.length
        ? { include, exclude: exclude ?? [] }
        : { exclude: exclude ?? [] };
      const { axe: inPage } = window as unknown as { axe: typeof axe };
      const results = await inPage.run(context, {
        runOnly: { type: 'tag', values: tags },
        // The frames it may meet are excluded (everyFrameExcluded): nothing to ask them.
        iframes: false,
        // Violations only: axe then skips describing every passing node (about a fifth of
        // its time on the admin screens).
        resultTypes: ['violations'],
      });
      return results.violations;
    },
    { tags: TAGS, include: scope.include, exclude: scope.exclude },
  );
}

/**
 * Whether the scope leaves out every frame of the page (a preview another file checks, a
 * mail's sandboxed frame): axe then has nothing to look at inside them, and runs in the page
 * alone, without AxeBuilder's work for frames.
 */
function everyFrameExcluded(page: Page, scope: AxeScope): Promise<boolean> {
  const excluded = scope.exclude ?? [];
  if (excluded.length === 0) return Promise.resolve(false);
  return page.evaluate(
    (selectors) =>
      [...document.querySelectorAll('iframe, frame')].every((frame) =>
        selectors.some((selector) => frame.closest(selector) !== null),
      ),
    excluded,
  );
}

/**
 * A page with frames (previews, a video): AxeBuilder, which checks inside each frame too.
 * When every frame shares the page's origin (a preview written into the page), it runs as
 * axe.run() in the page, which asks each frame's copy of axe through messages (its "legacy
 * mode"); otherwise it runs axe in each frame apart and joins the results in a blank page it
 * opens for that, about 2 s of CPU more a check on the Content screen with its preview. The
 * rules, the frames checked and what is reported are the same.
 */
async function runWithFrames(page: Page, scope: AxeScope): Promise<axe.Result[]> {
  let builder = new AxeBuilder({ page, axeSource: AXE_SOURCE })
    .withTags(TAGS)
    .setLegacyMode(await framesShareOrigin(page));
  for (const selector of scope.include ?? []) builder = builder.include(selector);
  for (const selector of scope.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.options({ resultTypes: ['violations'] }).analyze();
  return results.violations;
}

/**
 * Waits until no part of the page is dimmed while it loads: a list that keeps its previous
 * rows at 60 % opacity, `aria-busy`, while a filter's or a page's answer comes (the admin's
 * lists, the Overview, Mail). That moment's faint text is between two states, and on a busy
 * machine it lasted long enough for axe to measure it (a Proposals filter just chosen). Past
 * the suite's wait bound, axe judges the page as it is.
 */
async function dimmedPartsSettled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        ![...document.querySelectorAll('[aria-busy="true"]')].some(
          (element) => Number(getComputedStyle(element).opacity) < 1,
        ),
      undefined,
      { timeout: WAIT_BOUND_MS },
    )
    .catch(() => undefined);
}

/**
 * Waits for the page's finite animations and transitions (a field's colour after focus, a
 * fade-in) to end: mid-way, colours are blends a person never reads but axe measures, and on
 * a slow machine "mid-way" lasts long enough to be caught. Endless ones (spinners) are left.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    // A cancelled or replaced animation rejects `finished`: it is over all the same. A paused
    // one never finishes: after 3 s the page is taken as it is.
    const ended = Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 3_000))]);
  });
}

/**
 * Whether every frame of the page can run axe and answer it by messages: of the page's origin
 * (an `about:srcdoc` or `about:blank` frame inherits it) and not sandboxed into an origin of
 * its own.
 */
async function framesShareOrigin(page: Page): Promise<boolean> {
  const origin = new URL(page.url()).origin;
  // A page without an address of its own (about:blank, written by setContent) has an opaque
  // origin, which axe's messages do not trust.
  if (origin === 'null') return false;
  for (const frame of page.frames().slice(1)) {
    const url = frame.url();
    const inherits = url === 'about:srcdoc' || url === 'about:blank';
    if (!inherits && new URL(url).origin !== origin) return false;
    const element = await frame.frameElement();
    const sandbox = await element.getAttribute('sandbox');
    if (sandbox !== null && !sandbox.split(/\s+/).includes('allow-same-origin')) return false;
  }
  return true;
}
