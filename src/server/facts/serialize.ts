import type { FactRow, TagRow } from '#db/schema';
import type { Fact, Tag } from '#shared/shapes/facts';

/** A fact as the API answers it (docs/api.md): dates as ISO 8601 strings. */
export function serializeFact(row: FactRow): Fact {
  return {
    id: row.id,
    factText: row.factText,
    source: row.source,
    order: row.order,
    active: row.active,
    factDate: row.factDate ? row.factDate.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function serializeTag(row: TagRow): Tag {
  return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString() };
}

// SQLite's lower() and NOCASE fold ASCII only; sorting here also puts "éclair" beside "Eclair".
const tagCollator = new Intl.Collator('en', { sensitivity: 'accent' });

/** Tags by name ignoring case (docs/api.md), then by id so the order is stable. */
export function sortTags<T extends { id: number; name: string }>(list: T[]): T[] {
  return [...list].sort((a, b) => tagCollator.compare(a.name, b.name) || a.id - b.id);
}
