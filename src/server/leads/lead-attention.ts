/**
 * The leads that need the admin (docs/leads.md, "Attention"): those waiting for a first
 * answer, those whose follow-up has come, and those being worked on that went quiet.
 */
import { and, asc, inArray, isNotNull, lte, lt, eq } from 'drizzle-orm';
import type { Db } from '#db';
import { leads } from '#db/schema';
import { ACTIVE_STATUSES, STALE_DAYS } from '#shared/lead-pipeline';
import { leadJson } from './lead-json';
import { leadWithUnread } from './lead-query';

/** Each list shows at most this many, the longest waiting first: a screen's worth. */
export const ATTENTION_LIMIT = 50;

const DAY_MS = 24 * 60 * 60 * 1000;

export async function leadsNeedingAttention(db: Db, now: Date) {
  const unanswered = await db
    .select(leadWithUnread)
    .from(leads)
    .where(eq(leads.status, 'new'))
    .orderBy(asc(leads.createdAt), asc(leads.id))
    .limit(ATTENTION_LIMIT)
    .all();
  const followUps = await db
    .select(leadWithUnread)
    .from(leads)
    .where(and(isNotNull(leads.followUpAt), lte(leads.followUpAt, now)))
    .orderBy(asc(leads.followUpAt), asc(leads.id))
    .limit(ATTENTION_LIMIT)
    .all();
  const stale = await db
    .select(leadWithUnread)
    .from(leads)
    .where(
      and(
        inArray(leads.status, [...ACTIVE_STATUSES]),
        lt(leads.lastActivityAt, new Date(now.getTime() - STALE_DAYS * DAY_MS)),
      ),
    )
    .orderBy(asc(leads.lastActivityAt), asc(leads.id))
    .limit(ATTENTION_LIMIT)
    .all();
  const json = (rows: typeof unanswered) => rows.map((row) => leadJson(row, row.unread));
  return { unanswered: json(unanswered), followUps: json(followUps), stale: json(stale) };
}
