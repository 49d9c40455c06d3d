/**
 * What an audit entry concerns, in words a person reads, and the link to the thing while it
 * exists. The words are written with the entry, so they outlive the thing; the link is looked
 * up when the log is read, so it never leads to a deleted fact or a removed administrator.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '#db';
import { aiFacts, leads, newsletters, users } from '#db/schema';
import { AUDIT_SUBJECT_MAX, type AuditSubjectKind } from '#shared/audit';
import type { AuditEvent } from '#shared/shapes/audit';

export interface AuditSubject {
  kind: AuditSubjectKind;
  id: number;
  /** Null for a lead: its name is the visitor's personal data, read only while the lead exists. */
  words: string | null;
}

/** A text's first words in quotes, cut at a word's end: `“Alan Turing proposed the…”`. */
export function firstWords(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= AUDIT_SUBJECT_MAX) return `“${flat}”`;
  const cut = flat.slice(0, AUDIT_SUBJECT_MAX);
  const end = cut.lastIndexOf(' ');
  return `“${(end > AUDIT_SUBJECT_MAX / 2 ? cut.slice(0, end) : cut).replace(/[\s.,;:]+$/, '')}…”`;
}

export const factSubject = (fact: { id: number; factText: string }): AuditSubject => ({
  kind: 'fact',
  id: fact.id,
  words: firstWords(fact.factText),
});

export const newsletterSubject = (letter: { id: number; subject: string }): AuditSubject => ({
  kind: 'newsletter',
  id: letter.id,
  words: firstWords(letter.subject),
});

export const administratorSubject = (user: { id: number; username: string }): AuditSubject => ({
  kind: 'administrator',
  id: user.id,
  words: user.username,
});

/** No words kept: the log keeps no visitor's personal data (an erased lead's least of all). */
export const leadSubject = (id: number): AuditSubject => ({ kind: 'lead', id, words: null });

const LINKS: Record<AuditSubjectKind, (id: number) => string> = {
  fact: (id) => `/admin/ai-fact-edit/${id}`,
  newsletter: (id) => `/admin/newsletters/${id}`,
  lead: (id) => `/admin/leads/${id}`,
  administrator: () => '/admin/users',
};

/** For each kind, the ids that still exist, with a lead's current name. */
async function existing(
  db: Db,
  kind: AuditSubjectKind,
  ids: number[],
): Promise<Map<number, string | null>> {
  const named = (rows: { id: number; name?: string | null }[]) =>
    new Map(rows.map((row) => [row.id, row.name ?? null]));
  switch (kind) {
    case 'fact':
      return named(
        await db.select({ id: aiFacts.id }).from(aiFacts).where(inArray(aiFacts.id, ids)).all(),
      );
    case 'newsletter':
      return named(
        await db
          .select({ id: newsletters.id })
          .from(newsletters)
          .where(inArray(newsletters.id, ids))
          .all(),
      );
    case 'administrator':
      return named(
        await db.select({ id: users.id }).from(users).where(inArray(users.id, ids)).all(),
      );
    case 'lead':
      return named(
        await db
          .select({ id: leads.id, name: leads.name })
          .from(leads)
          .where(inArray(leads.id, ids))
          .all(),
      );
  }
}

export interface SubjectColumns {
  subject: string | null;
  subjectKind: AuditSubjectKind | null;
  subjectId: number | null;
}

/**
 * The page's entries with their subject in words and their link: one query per kind on the
 * page. A lead's words are its name while it exists, "an erased lead" after.
 */
export async function withSubjects<E extends { event: AuditEvent; row: SubjectColumns }>(
  db: Db,
  entries: E[],
): Promise<AuditEvent[]> {
  const idsByKind = new Map<AuditSubjectKind, number[]>();
  for (const { row } of entries) {
    if (row.subjectKind === null || row.subjectId === null) continue;
    idsByKind.set(row.subjectKind, [...(idsByKind.get(row.subjectKind) ?? []), row.subjectId]);
  }
  const found = new Map<AuditSubjectKind, Map<number, string | null>>();
  for (const [kind, ids] of idsByKind) found.set(kind, await existing(db, kind, [...new Set(ids)]));
  return entries.map(({ event, row }) => {
    if (row.subjectKind === null || row.subjectId === null) return event;
    const live = found.get(row.subjectKind);
    const exists = live?.has(row.subjectId) ?? false;
    const subject =
      row.subjectKind === 'lead'
        ? exists
          ? (live?.get(row.subjectId) ?? null)
          : 'an erased lead'
        : event.subject;
    return {
      ...event,
      subject,
      link: exists ? LINKS[row.subjectKind](row.subjectId) : null,
    };
  });
}
