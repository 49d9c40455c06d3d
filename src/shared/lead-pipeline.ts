/**
 * The lead pipeline's vocabulary (docs/leads.md): a lead is one person who wrote to the site,
 * keyed by e-mail address ignoring case; its timeline is what happened with them. Written
 * once here for the procedures, the REST paths and the admin's screens.
 */
import { triageLabelValues } from './triage';
import { z } from 'zod/mini';
import { leadBuyerInput } from './invoices/buyer';
import { idField, idInput, oneLine, pageField, storedText } from './validation';
import { LIMITS } from './constants';
import { MESSAGES } from './messages';
import { leadStatusValues, type LeadStatus } from './address-values';

// Zod-free, for the router's check of an address (address-values.ts).
export { leadStatusValues, type LeadStatus } from './address-values';

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  replied: 'Replied',
  meeting: 'Meeting',
  proposal: 'Proposal',
  won: 'Won',
  lost: 'Lost',
};

/** Statuses in which a lead is being worked on: quiet for STALE_DAYS, it needs attention. */
export const ACTIVE_STATUSES = ['replied', 'meeting', 'proposal'] as const satisfies LeadStatus[];
export const STALE_DAYS = 14;

export const timelineKindValues = [
  'message',
  'note',
  'reply_sent',
  'reply_received',
  'status_changed',
  'booking',
  'booking_cancelled',
  'booking_rescheduled',
  'proposal_sent',
  'proposal_viewed',
  'proposal_accepted',
  'proposal_declined',
  'payment_received',
  'payment_refunded',
  'invoice_sent',
] as const;
export type TimelineKind = (typeof timelineKindValues)[number];

/** A reply's way to the lead: stored and waiting or being handed over, accepted, given up on. */
export const deliveryValues = ['sending', 'sent', 'failed'] as const;
export type Delivery = (typeof deliveryValues)[number];

export const LEADS_PAGE_SIZE = 25;
/** The source of a lead whose conversion was credited to no page (as in the analytics). */
export const DIRECT_SOURCE = 'Direct';

export const LEAD_LIMITS = {
  valueMax: 1_000_000_000,
  lostReasonMax: 500,
  noteMax: 5_000,
  replyMax: 20_000,
  subjectMax: 200,
} as const;

export const LEAD_MESSAGES = {
  notFound: 'Lead not found',
  status: `Status must be ${leadStatusValues.slice(0, -1).join(', ')} or ${leadStatusValues.at(-1)}`,
  value: `Value must be a whole number from 0 to ${LEAD_LIMITS.valueMax.toLocaleString('en-US')}`,
  lostReason: `Reason must be at most ${LEAD_LIMITS.lostReasonMax} characters`,
  followUpAt: 'Follow-up must be a date (YYYY-MM-DD) or a date and time (ISO 8601)',
  noteRequired: 'Note is required',
  noteMax: `Note must be at most ${LEAD_LIMITS.noteMax.toLocaleString('en-US')} characters`,
  replyRequired: 'Reply is required',
  replyMax: `Reply must be at most ${LEAD_LIMITS.replyMax.toLocaleString('en-US')} characters`,
  subjectRequired: 'Subject is required',
  subjectMax: `Subject must be at most ${LEAD_LIMITS.subjectMax} characters`,
  subjectOneLine: 'Subject must be one line',
  notFailed: 'Only a reply that failed can be sent again.',
  triageLabel: `Triage must be ${triageLabelValues.slice(0, -1).join(', ')} or ${triageLabelValues.at(-1)}`,
} as const;

/** The status filter; blank means every status. */
const statusFilter = z.pipe(
  z.optional(z.union([z.enum(leadStatusValues), z.literal('')], LEAD_MESSAGES.status)),
  z.transform((status) => (status ? status : undefined)),
);

/** The triage filter (docs/ai.md); blank means every lead, labelled or not. */
const triageFilter = z.pipe(
  z.optional(z.union([z.enum(triageLabelValues), z.literal('')], LEAD_MESSAGES.triageLabel)),
  z.transform((label) => (label ? label : undefined)),
);

export const leadListInput = z.prefault(
  z.object({
    status: statusFilter,
    triage: triageFilter,
    q: z.pipe(
      z.optional(
        z.string().check(
          z.trim(),
          z.maxLength(LIMITS.searchMax, MESSAGES.search),
          z.refine((q) => !q.includes('\0'), MESSAGES.searchNul),
        ),
      ),
      z.transform((q) => (q ? q : undefined)),
    ),
    page: pageField,
  }),
  {},
);
export type LeadListInput = z.input<typeof leadListInput>;

/** YYYY-MM-DD (the start of that day in SITE_TIMEZONE), or a date and time with its offset. */
const followUpField = z.nullable(
  z
    .string()
    .check(
      z.refine(
        (value) =>
          /^\d{4}-\d{2}-\d{2}$/.test(value)
            ? !Number.isNaN(Date.parse(`${value}T00:00:00Z`))
            : z.iso.datetime({ offset: true }).safeParse(value).success,
        LEAD_MESSAGES.followUpAt,
      ),
    ),
);

export const leadPatch = z.object({
  status: z.optional(z.enum(leadStatusValues, LEAD_MESSAGES.status)),
  value: z.optional(
    z.nullable(
      z
        .number(LEAD_MESSAGES.value)
        .check(
          z.int(LEAD_MESSAGES.value),
          z.minimum(0, LEAD_MESSAGES.value),
          z.maximum(LEAD_LIMITS.valueMax, LEAD_MESSAGES.value),
        ),
    ),
  ),
  lostReason: z.optional(
    z.nullable(
      storedText().check(
        z.trim(),
        z.maxLength(LEAD_LIMITS.lostReasonMax, LEAD_MESSAGES.lostReason),
      ),
    ),
  ),
  followUpAt: z.optional(followUpField),
  triageLabel: z.optional(z.enum(triageLabelValues, LEAD_MESSAGES.triageLabel)),
  /** Whom invoices name (docs/invoices.md, "The buyer"); null clears it. */
  buyer: z.optional(z.nullable(leadBuyerInput)),
});
export type LeadPatch = z.output<typeof leadPatch>;
export const leadUpdateInput = z.extend(idInput, { data: leadPatch });

export const leadNoteInput = z.extend(idInput, {
  text: storedText().check(
    z.trim(),
    z.minLength(1, LEAD_MESSAGES.noteRequired),
    z.maxLength(LEAD_LIMITS.noteMax, LEAD_MESSAGES.noteMax),
  ),
});

export const replySubjectField = storedText().check(
  z.trim(),
  z.minLength(1, LEAD_MESSAGES.subjectRequired),
  z.maxLength(LEAD_LIMITS.subjectMax, LEAD_MESSAGES.subjectMax),
  oneLine(LEAD_MESSAGES.subjectOneLine),
);

export const leadReplyInput = z.extend(idInput, {
  text: storedText().check(
    z.refine((text) => text.trim().length > 0, LEAD_MESSAGES.replyRequired),
    z.maxLength(LEAD_LIMITS.replyMax, LEAD_MESSAGES.replyMax),
  ),
  subject: z.optional(replySubjectField),
  /** The draft kept on the lead that this reply was made from: it leaves the lead once sent. */
  draftId: z.optional(idField),
});

export const replyRetryInput = z.object({ id: idField, eventId: idField });
