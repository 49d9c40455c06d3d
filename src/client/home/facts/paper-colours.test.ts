/**
 * The facts carousel's paper card takes its colours from the theme's variables
 * (src/client/styles.css): cream in the light theme, dark paper in the dark one, its text
 * readable on it in both (WCAG AA, 4.5:1).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Vitest runs from the repository's root.
const css = readFileSync('src/client/styles.css', 'utf8');

/** The `--app-paper*` variables declared in the first block opened by `selector {`. */
function paperColours(selector: string): Record<string, string> {
  const start = css.indexOf(`\n${selector} {`);
  expect(start, selector).toBeGreaterThanOrEqual(0);
  const block = css.slice(start, css.indexOf('}', start));
  return Object.fromEntries(
    [...block.matchAll(/--app-(paper[\w-]*):\s*(#[0-9a-f]{6});/gi)].map((m) => [m[1], m[2]]),
  );
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('the facts paper card', () => {
  it('is drawn from the theme variables, not a fixed cream', () => {
    const card = /\.paper-card \{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(card).toContain('var(--app-paper)');
  });

  it('is cream in the light theme and dark paper in the dark theme', () => {
    expect(luminance(paperColours(':root').paper ?? '#000000')).toBeGreaterThan(0.9);
    expect(luminance(paperColours('.dark').paper ?? '#ffffff')).toBeLessThan(0.05);
  });

  it.each([':root', '.dark'])('keeps its text at 4.5:1 or more on the paper (%s)', (theme) => {
    const colours = paperColours(theme);
    for (const text of ['paper-ink', 'paper-muted']) {
      expect(contrast(colours[text] ?? '', colours.paper ?? ''), text).toBeGreaterThanOrEqual(4.5);
    }
  });
});
