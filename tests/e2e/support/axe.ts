import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

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
export async function axeViolations(
  page: Page,
  options: { exclude?: string[] } = {},
): Promise<AxeViolation[]> {
  let builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'wcag22aa',
    'best-practice',
  ]);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact ?? null,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}
