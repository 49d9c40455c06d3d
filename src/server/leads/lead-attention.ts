/**
 * The leads that need the admin (docs/leads.md, "Attention"): those waiting for a first
 * answer, those whose follow-up has come, and those being worked on that went quiet.
 */
import { and, asc, inArray, isNotNull, lte, lt, eq } from 'drizzle-orm';
import type { Db } from '#db';
import { leads } from '#db/schema';
import { ACTIVE_STATUSES, STALE_DAYS } from '#shared/lead-pipeline';
import { leadJson } from './lead-json';
import { leadsWithUnread, type LeadRowWithUnread } from './lead-query';

/** Each list shows at most this many, the longest waiting first: a screen's worth. */
export const ATTENTION_LIMIT = 50;

const DAY_MS = 24 * 60 * 60 * 1000;

export async function leadsNeedingAttention(db: Db, now: Date) {
  const unanswered = await leadsWithUnread(
    db,
    eq(leads.status, 'new'),
    [asc(leads.createdAt), asc(leads.id)],
    ATTENTION_LIMIT,
  );
  const followUps = await leadsWithUnread(
    db,
    and(isNotNull(leads.followUpAt), lte(leads.followUpAt, now)),
    [asc(leads.followUpAt), asc(leads.id)],
    ATTENTION_LIMIT,
  );
  const stale = await leadsWithUnread(
    db,
    and(
      inArray(leads.status, [...ACTIVE_STATUSES]),
      lt(leads.lastActivityAt, new Date(now.getTime() - STALE_DAYS * DAY_MS)),
    ),
    [asc(leads.lastActivityAt), asc(leads.id)],
    ATTENTION_LIMIT,
  );
  const json = (rows: LeadRowWithUnread[]) => rows.map((row) => leadJson(row, row.unread));
  return { unanswered: json(unanswered), followUps: json(followUps), stale: json(stale) };
}
