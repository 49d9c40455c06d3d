import { insertWhere } from '#db/insert-where';
import { recordConversion, visitCredit } from '#server/analytics/record';
import { creditedSource } from '#server/analytics/event-rows';
import { contacts, leadEvents, leads, type ContactRow } from '#db/schema';
import { joinLead, leadIdOf } from '#server/leads/join-lead';
import { stopSequence } from '#server/newsletter/sequence/sequence-exit';
import { isConfiguredAddress } from '#server/leads/own-addresses';
import { notAdministratorAddress } from '#server/identity/administrators/addresses';
import { sql } from 'drizzle-orm';
import { contactInput, type ContactInput } from '#shared/contact';
import { DIRECT_SOURCE } from '#shared/lead-pipeline';
import { addressBucket } from '#server/platform/throttle-buckets';
import { batchStatements, takeInBatch } from '#server/platform/throttle';
import { triageInBackground } from '#server/ai/triage';
import { CONTACT_SUBMISSIONS } from './throttle-rules';
import { notifyContact } from './notify';
import { acknowledgeContact, acknowledgementBucket, claimAcknowledgement } from './acknowledgement';
import { publicProcedure, router } from '#server/http/trpc';
import { honeypotFirst, throttleOutranksInput } from '#server/http/public-form';
import type { Context } from '#server/http/trpc';
import { outputs } from '#shared/shapes/contact';

export const CONTACT_THANKS = "Thank you for your message. We'll get back to you soon.";
export const contactBucket = (ctx: Context) =>
  addressBucket(CONTACT_SUBMISSIONS.kind, ctx.config.sessionSecret, ctx.req.ip);

/**
 * After the throttle's event, in this order (each only when the one before it wrote): the
 * sender's `lead` with the source its visit is credited to (answering the lead's source), the
 * `message` and its search index entry (by trigger), its place on the lead's `timeline`, the
 * claim of the sender's `acknowledgement` e-mail (when it is on and the address had none in 24
 * hours), and the end of the address's welcome `sequence` (docs/newsletter.md): one batch, one
 * request to a libSQL server. The answer is read by these names (db/named-batch.ts).
 */
const storeContact = batchStatements(
  ['name', 'email', 'company', 'subject', 'message', 'privacy', 'createdAt', 'ackBucket', 'source'],
  (db, taken, { ackBucket, source, ...values }) => ({
    // No lead for an administrator's address (docs/leads.md): then nothing below is written.
    lead: joinLead(db, sql`${taken} and ${notAdministratorAddress(values.email)}`, {
      email: values.email,
      name: values.name,
      company: values.company,
      now: values.createdAt,
      source,
    })
      .returning({ source: leads.source })
      .toSQL(),
    message: insertWhere(db, contacts, { ...values, leadId: leadIdOf(values.email) }, taken)
      .returning({ id: contacts.id, leadId: contacts.leadId })
      .toSQL(),
    timeline: insertWhere(
      db,
      leadEvents,
      {
        leadId: sql`(select ${contacts.leadId} from ${contacts} where ${contacts.id} = last_insert_rowid())`,
        at: values.createdAt,
        kind: 'message',
        contactId: sql`last_insert_rowid()`,
      },
      taken,
    ).toSQL(),
    acknowledgement: claimAcknowledgement(db, sql`changes() > 0`, {
      bucket: ackBucket,
      now: values.createdAt,
    }),
    // Last, as its own condition (the message just stored) leaves `changes()` to the others.
    sequence: stopSequence(
      db,
      'enquired',
      values.email,
      sql`exists (select 1 from ${contacts} where ${contacts.leadId} = ${leadIdOf(values.email)}
        and ${contacts.createdAt} = ${sql.param(values.createdAt, contacts.createdAt)})`,
    ).toSQL(),
  }),
);

/** A message from one of the site's own addresses: answered as a stored one, nothing kept. */
function ownAddressAnswer(ctx: Context) {
  ctx.logger.info('contact.own_address', { requestId: ctx.req.requestId });
  return { success: true as const, message: CONTACT_THANKS };
}

/** The settings' own address, known before the batch: only the throttle's place is taken. */
async function ownAddress(ctx: Context, now: Date) {
  await takeInBatch(ctx.db, { bucket: contactBucket(ctx), rule: CONTACT_SUBMISSIONS }, now);
  return ownAddressAnswer(ctx);
}

/** What a stored enquiry is made of: the form's fields, or the assistant's handoff (docs/assistant.md). */
export interface Enquiry {
  name: string;
  email: string;
  company?: string | undefined;
  subject: ContactInput['subject'];
  message: string;
  privacy: true;
  /** Handed off by the site assistant: the owner's notice says so. */
  fromAssistant?: boolean;
}

/**
 * Stores a visitor's enquiry under the contact form's rules (docs/api.md): the address's
 * throttle place taken in the batch that stores it (429 past it), the lead and its timeline,
 * then the notice, the acknowledgement and the triage after. The caller's procedure has
 * `honeypotFirst` and `throttleOutranksInput(contactBucket, CONTACT_SUBMISSIONS)` before it.
 */
export async function receiveEnquiry(
  ctx: Context,
  input: Enquiry,
): Promise<{ success: true; message: string }> {
  const now = ctx.clock.now();
  const values = {
    name: input.name,
    email: input.email,
    company: input.company ?? null,
    subject: input.subject,
    message: input.message,
    privacy: input.privacy,
    createdAt: now,
  };
  // No lead for the site's own addresses (docs/leads.md): answered as the honeypot is, the
  // throttle's place taken as a stored message's would be, so the answer tells nothing.
  // The settings' addresses are known here; an administrator's is a condition of the batch.
  if (isConfiguredAddress(ctx.config, input.email)) return ownAddress(ctx, now);
  const credit = await visitCredit(ctx);
  // Stored before any mail is tried (docs/api.md): a mail failure never loses it.
  const { rows } = await takeInBatch(
    ctx.db,
    { bucket: contactBucket(ctx), rule: CONTACT_SUBMISSIONS },
    now,
    {
      statements: storeContact,
      values: {
        ...values,
        ackBucket: acknowledgementBucket(ctx.config.sessionSecret, values.email),
        source: credit && creditedSource(credit),
      },
    },
  );
  // No lead row: the address is an administrator's (the batch's condition).
  if (rows.lead.length === 0) return ownAddressAnswer(ctx);
  // The columns of each statement's RETURNING, in its order.
  const [contactId, leadId] = rows.message[0] ?? [];
  const acknowledge = rows.acknowledgement.length > 0;
  const stored: ContactRow = {
    id: Number(contactId),
    ...values,
    readAt: null,
    leadId: Number(leadId),
  };
  ctx.logger.info('contact.stored', { requestId: ctx.req.requestId, contactId: stored.id });
  recordConversion(ctx, 'contact', credit);
  const leadSource = rows.lead[0]?.[0];
  notifyContact(
    ctx,
    stored,
    typeof leadSource === 'string' ? leadSource : DIRECT_SOURCE,
    input.fromAssistant === true,
  );
  if (acknowledge) acknowledgeContact(ctx, { id: stored.id, email: stored.email });
  // Read by the model after the answer, never before it (docs/ai.md).
  if (stored.leadId !== null) triageInBackground(ctx, stored.leadId);
  return { success: true, message: CONTACT_THANKS };
}

export const contactRouter = router({
  send: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/contact', status: 201, body: 'json' } })
    .use(honeypotFirst({ success: true, message: CONTACT_THANKS }))
    .use(throttleOutranksInput(contactBucket, CONTACT_SUBMISSIONS))
    .input(contactInput)
    .output(outputs.send)
    .mutation(({ ctx, input }) => receiveEnquiry(ctx, input)),
});
