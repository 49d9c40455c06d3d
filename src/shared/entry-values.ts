/**
 * The kinds and statuses of an entry, apart from its rules (entries.ts) so that the schema
 * (db/schema.ts) reads them without the Markdown parser the body's rule needs.
 */
export const entryKindValues = ['case_study', 'insight'] as const;
export type EntryKind = (typeof entryKindValues)[number];

export const entryStatusValues = ['draft', 'published'] as const;
export type EntryStatus = (typeof entryStatusValues)[number];
