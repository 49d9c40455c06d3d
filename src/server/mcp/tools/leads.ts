/** The leads' tools (docs/mcp.md, "Tools"): the admin's leads procedures, as the token's administrator. */
import { z } from 'zod/mini';
import { writeTransaction } from '#db';
import { leadDraftFields } from '#shared/lead-drafts';
import { saveLeadDraft } from '#server/leads/drafts/drafts';
import { leadStatusValues } from '#shared/lead-pipeline';
import { triageLabelValues } from '#shared/triage';
import { tool } from '../tool';
import { idArg, pageArg, searchArg, textArg } from './args';

/** The admin list's page (lead-router.ts); `limit` keeps the first of them. */
const LIST_LIMIT_MAX = 25;

export const leadTools = [
  tool({
    name: 'leads_list',
    title: 'List leads',
    description:
      'Leads (people who wrote or booked a call), latest activity first, 25 a page, with the number in each status. Filter by status, triage label or words in name, e-mail, company and messages.',
    scope: 'leads:read',
    readOnly: true,
    idempotent: true,
    input: z.object({
      status: z.optional(z.enum(leadStatusValues)),
      triage: z.optional(z.enum(triageLabelValues)),
      q: searchArg,
      page: pageArg,
      limit: z.optional(
        z
          .number()
          .check(
            z.int(),
            z.positive(),
            z.maximum(LIST_LIMIT_MAX),
            z.describe(`At most this many leads of the page (1-${LIST_LIMIT_MAX}).`),
          ),
      ),
    }),
    async run({ limit, ...filter }, { caller }) {
      const answer = await caller.leads.list(filter);
      return { ...answer, leads: answer.leads.slice(0, limit ?? LIST_LIMIT_MAX) };
    },
  }),
  tool({
    name: 'lead_get',
    title: 'Read a lead',
    description:
      'One lead with its timeline: messages, replies, notes, status changes and bookings. Reading it marks its messages read, as opening it in the admin does.',
    scope: 'leads:read',
    readOnly: true,
    idempotent: true,
    input: z.object({ id: idArg('lead') }),
    run: (input, { caller }) => caller.leads.get(input),
  }),
  tool({
    name: 'lead_note_add',
    title: 'Add a note to a lead',
    description:
      'A private note on the lead’s timeline (never mailed to anyone), shown with the administrator’s name.',
    scope: 'leads:write',
    readOnly: false,
    idempotent: false,
    input: z.object({ id: idArg('lead'), text: textArg('The note (at most 5,000 characters).') }),
    run: (input, { caller }) => caller.leads.addNote(input),
  }),
  tool({
    name: 'lead_status_set',
    title: 'Set a lead’s status',
    description:
      'Moves a lead to another status of the pipeline (new, replied, meeting, proposal, won, lost), as the admin’s status menu does; a reason may be given for lost.',
    scope: 'leads:write',
    readOnly: false,
    idempotent: true,
    input: z.object({
      id: idArg('lead'),
      status: z.enum(leadStatusValues),
      lostReason: z.optional(textArg('Why the lead was lost (for status lost).')),
    }),
    async run({ id, status, lostReason }, { caller }) {
      return { lead: await caller.leads.update({ id, data: { status, lostReason } }) };
    },
  }),
  tool({
    name: 'lead_reply_draft',
    title: 'Keep a reply draft on a lead',
    description:
      'Keeps a reply (subject and Markdown text) on the lead as a draft, never sent: the administrator finds it in the lead’s reply editor and sends it, changed or not, or dismisses it. A lead keeps at most 20 drafts.',
    scope: 'leads:write',
    readOnly: false,
    idempotent: false,
    input: z.extend(leadDraftFields, { id: idArg('lead') }),
    async run({ id, subject, text }, { deps, principal, user }) {
      // The one writer of drafts (leads/drafts/drafts.ts): its rules and limit, its 404 and 409.
      const draft = await writeTransaction(deps.db, (tx) =>
        saveLeadDraft(tx, {
          leadId: id,
          subject,
          text,
          by: `${user.username} via ${principal.tokenName}`,
          at: deps.clock.now(),
        }),
      );
      return { draft };
    },
  }),
];
