import type { SourceRow } from '#shared/shapes/analytics';

/**
 * The sources that brought leads in the range, those that brought clients first: by won
 * value, then clients won, then leads, then visitors (the server's order breaks the rest).
 * This is the Overview's answer to "which sources bring clients" (docs/product.md).
 */
export function sourcesOfClients(sources: SourceRow[]): SourceRow[] {
  return sources
    .filter((row) => row.leads > 0)
    .sort(
      (a, b) =>
        b.wonValue - a.wonValue || b.won - a.won || b.leads - a.leads || b.visitors - a.visitors,
    );
}
