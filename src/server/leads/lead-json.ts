/**
 * A lead and its timeline entries as the admin reads them (docs/api.md, "Leads"): rows to
 * the shared shapes, times as ISO 8601. Every procedure that answers a lead or an entry
 * goes through these two.
 */
import type { leadEvents, leads } from '#db/schema';
import { DIRECT_SOURCE } from '#shared/lead-pipeline';
import type { Lead, TimelineEvent } from '#shared/shapes/leads';
import { MANUAL_TRIAGE } from '#shared/triage';
import type { OutboxStatus } from '#shared/outbox';
import { replyDelivery } from './reply-fate';

type LeadRow = typeof leads.$inferSelect;
type EventRow = typeof leadEvents.$inferSelect;

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

export function leadJson(row: LeadRow, unread: number): Lead {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    company: row.company,
    status: row.status,
    value: row.value,
    lostReason: row.lostReason,
    source: row.source ?? DIRECT_SOURCE,
    createdAt: row.createdAt.toISOString(),
    lastActivityAt: row.lastActivityAt.toISOString(),
    firstReplyAt: iso(row.firstReplyAt),
    followUpAt: iso(row.followUpAt),
    unread,
    triage: triageJson(row),
    buyer: row.buyer === null ? null : (JSON.parse(row.buyer) as Lead['buyer']),
  };
}

/** The triage columns as `Lead.triage`: null until a label was read or set (docs/ai.md). */
function triageJson(row: LeadRow): Lead['triage'] {
  if (row.triageLabel === null || row.triageAt === null) return null;
  return {
    label: row.triageLabel,
    reason: row.triageReason ?? '',
    summary: row.triageSummary ?? '',
    at: row.triageAt.toISOString(),
    model: row.triageModel ?? MANUAL_TRIAGE,
  };
}

/**
 * One entry. A `message` entry's text is its message's (`messageText`, read from `contacts`
 * by the caller's join), so the timeline never holds a second copy of it; a reply's delivery
 * is its mail's (`mailStatus`, the outbox row the caller joined with reply-fate.ts).
 */
export function eventJson(
  row: EventRow,
  messageText: string | null = null,
  mailStatus: OutboxStatus | null = null,
): TimelineEvent {
  const event: TimelineEvent = {
    id: row.id,
    at: row.at.toISOString(),
    kind: row.kind,
    actor: row.actor,
    text: row.kind === 'message' ? messageText : row.text,
  };
  if (row.subject !== null) event.subject = row.subject;
  const delivery = replyDelivery(row.delivery, mailStatus);
  if (delivery !== null) event.delivery = delivery;
  if (row.status !== null) event.status = row.status;
  if (row.fromStatus !== null) event.from = row.fromStatus;
  if (row.start !== null) event.start = row.start.toISOString();
  if (row.contactId !== null) event.messageId = row.contactId;
  if (row.proposalId !== null) event.proposalId = row.proposalId;
  if (row.engagementId !== null) event.engagementId = row.engagementId;
  return event;
}
