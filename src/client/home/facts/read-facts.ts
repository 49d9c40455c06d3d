/**
 * facts.listPublic, asked as tRPC's own client asks a query without input: GET
 * /api/trpc/facts.listPublic (no query string, so the server answers from its cache with an
 * ETag: server/facts/public-route.ts), the answer in `result.data`, typed by the router's
 * outputs (`PublicFact`). The page's first load carries these few lines instead of the tRPC
 * client, which comes with the forms that send (docs/performance.md, "The first load at 83 KB").
 */
import type { PublicFact } from '#shared/shapes/facts';

export const PUBLIC_FACTS_PATH = '/api/trpc/facts.listPublic';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isFact(value: unknown): value is PublicFact {
  return (
    isRecord(value) &&
    typeof value.id === 'number' &&
    typeof value.factText === 'string' &&
    typeof value.source === 'string'
  );
}

/**
 * The facts of an answer's body `{ result: { data: { success, facts } } }`: none when it says
 * `success: false` or is not that shape.
 */
export function factsIn(body: unknown): PublicFact[] {
  const data = isRecord(body) && isRecord(body.result) ? body.result.data : undefined;
  if (!isRecord(data) || data.success !== true) return [];
  const facts: unknown = data.facts;
  return Array.isArray(facts) && facts.every(isFact) ? facts : [];
}

/**
 * The active facts, read once; every call includes credentials and is not retried
 * (docs/product.md, "Data fetching"). A refused or failed read rejects.
 */
export async function readPublicFacts(): Promise<PublicFact[]> {
  const response = await fetch(PUBLIC_FACTS_PATH, { credentials: 'include' });
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  return factsIn(await response.json());
}
