/**
 * The leads that need the admin (docs/leads.md, "Attention"): those waiting for a first
 * answer, those whose answer to a reply waits for the admin, those who declined a proposal,
 * those whose follow-up has come, and those being worked on that went quiet.
 */
import {
  and,
  asc,
  inArray,
  isNotNull,
  lte,
  lt,
  eq,
  notInArray,
  or,
  isNull,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '#db';
import { leadEvents, leads } from '#db/schema';
import { ACTIVE_STATUSES, STALE_DAYS } from '#shared/lead-pipeline';
import { NOT_WAITING_LABELS } from '#shared/triage';
import { leadJson } from './lead-json';
import { leadsWithUnread, type LeadRowWithUnread } from './lead-query';
import { replyNotFailed } from './reply-fate';
import { daysBefore } from '#shared/calendar-days';

/** Each list shows at most this many, the longest waiting first: a screen's worth. */
export const ATTENTION_LIMIT = 50;

/** The outer query's `leads.id`, qualified (see lead-query.ts). */
const leadIdRef = sql`${sql.identifier('leads')}.${sql.identifier('id')}`;

/**
 * The conversation's turns: what they wrote (a message, an answer by mail) and the replies
 * that went or are going out (their mail's fate, reply-fate.ts). A failed reply never reached them, so it is not the owner's turn
 * taken; notes, status changes and calls are not turns either.
 */
const turn = sql`${leadEvents.leadId} = ${leadIdRef}
  and (${leadEvents.kind} in ('message', 'reply_received')
    or (${leadEvents.kind} = 'reply_sent' and ${replyNotFailed}))`;

/** The lead's latest turn, read backwards through lead_events_lead_idx. */
const latestTurn = (column: SQL) =>
  sql`(select ${column} from ${leadEvents} where ${turn}
    order by ${leadEvents.at} desc, ${leadEvents.id} desc limit 1)`;

/**
 * Answered: a reply went out and the latest turn is theirs (docs/leads.md, "Attention").
 * A reply sets `firstReplyAt`, so leads never replied to are passed over without a look at
 * their timeline.
 */
const answered = sql`${leads.firstReplyAt} is not null
  and ${latestTurn(sql`${leadEvents.kind}`)} <> 'reply_sent'
  and exists (select 1 from ${leadEvents} where ${leadEvents.leadId} = ${leadIdRef}
    and ${leadEvents.kind} = 'reply_sent' and ${replyNotFailed})`;

/** When their latest turn came: the answered list is oldest first by it. */
const answeredAt = latestTurn(sql`${leadEvents.at}`);

/**
 * What the owner does about a declined proposal: a reply (sending or sent), a proposal sent
 * (a revision), a status change (lost, or another step). A note is not one, as for answers.
 */
const ownerMove = sql`(${leadEvents.kind} in ('status_changed', 'proposal_sent')
  or (${leadEvents.kind} = 'reply_sent' and ${replyNotFailed}))`;

/** The lead's latest decline or move of the owner's, read backwards through lead_events_lead_idx. */
const latestDecision = (column: SQL) =>
  sql`(select ${column} from ${leadEvents} where ${leadEvents.leadId} = ${leadIdRef}
    and (${leadEvents.kind} = 'proposal_declined' or ${ownerMove})
    order by ${leadEvents.at} desc, ${leadEvents.id} desc limit 1)`;

/** Declined: the client declined a proposal and the owner has not moved since. */
const declined = sql`${latestDecision(sql`${leadEvents.kind}`)} = 'proposal_declined'`;

/** Not labelled spam or a pitch (docs/ai.md): those wait for nobody's answer. */
const mayBeWaiting = or(
  isNull(leads.triageLabel),
  notInArray(leads.triageLabel, [...NOT_WAITING_LABELS]),
);

export async function leadsNeedingAttention(db: Db, now: Date) {
  const unanswered = await leadsWithUnread(
    db,
    and(eq(leads.status, 'new'), mayBeWaiting),
    [asc(leads.createdAt), asc(leads.id)],
    ATTENTION_LIMIT,
  );
  const answeredLeads = await leadsWithUnread(
    db,
    answered,
    [asc(answeredAt), asc(leads.id)],
    ATTENTION_LIMIT,
  );
  const declinedLeads = await leadsWithUnread(
    db,
    declined,
    [asc(latestDecision(sql`${leadEvents.at}`)), asc(leads.id)],
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
      lt(leads.lastActivityAt, daysBefore(now, STALE_DAYS)),
    ),
    [asc(leads.lastActivityAt), asc(leads.id)],
    ATTENTION_LIMIT,
  );
  const json = (rows: LeadRowWithUnread[]) => rows.map((row) => leadJson(row, row.unread));
  return {
    unanswered: json(unanswered),
    answered: json(answeredLeads),
    declined: json(declinedLeads),
    followUps: json(followUps),
    stale: json(stale),
  };
}
