/**
 * Everything stored about one person (docs/leads.md, "A person's data"): read for the export
 * a visitor may ask for, and erased when they ask to be forgotten. The person is the lead;
 * their newsletter subscription is found by address, ignoring case.
 */
import { and, asc, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { Db } from '#db';
import {
  bookingReminders,
  bookings,
  contacts,
  invoicePayments,
  invoices,
  leadEvents,
  leads,
  newsletterRecipients,
  outbox,
  proposalCodes,
  proposalPayments,
  proposals,
  subscriberConfirmations,
  subscribers,
} from '#db/schema';
import { forgetAddress } from '#server/mail/outbox/forget-address';
import { mailRef } from '#server/mail/outbox/mail-ref';
import { forgetSubscriberMail } from '#server/newsletter/forget-subscriber';
import { testimonialsOfLead } from '#server/proof/proof-query';
import { eraseTestimonialsOfLead } from '#server/proof/testimonials/testimonial-store';
import { leadJson, eventJson } from './lead-json';
import { engagementsOfPerson, eraseEngagementsOf } from './engagement-records';
import { leadById } from './lead-query';
import { draftsOfLead, eraseDraftsOfLead } from './drafts/drafts';
import { callNotesOfPerson, eraseCallNotesOf } from './person-call-notes';
import { serializeMessage } from './messages/message-query';
import {
  eraseTestimonialRequestsOf,
  testimonialRequestsOfPerson,
} from './person-testimonial-requests';
import { REPLY_TOPIC, replyOutbox } from './reply-fate';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function subscriberOf(db: Db, email: string) {
  return db
    .select()
    .from(subscribers)
    .where(sql`lower(${subscribers.email}) = lower(${email})`)
    .get();
}

/** The export's content; undefined when there is no such lead. */
export async function personData(db: Db, leadId: number, now: Date) {
  const lead = await leadById(db, leadId);
  if (!lead) return undefined;
  const messages = await db
    .select()
    .from(contacts)
    .where(eq(contacts.leadId, leadId))
    .orderBy(asc(contacts.id))
    .all();
  const events = await db
    .select({ event: leadEvents, text: contacts.message, mailStatus: outbox.status })
    .from(leadEvents)
    .leftJoin(contacts, eq(contacts.id, leadEvents.contactId))
    .leftJoin(outbox, replyOutbox)
    .where(eq(leadEvents.leadId, leadId))
    .orderBy(asc(leadEvents.at), asc(leadEvents.id))
    .all();
  const subscriber = await subscriberOf(db, lead.email);
  const calls = await db
    .select()
    .from(bookings)
    .where(eq(bookings.leadId, leadId))
    .orderBy(asc(bookings.start), asc(bookings.id))
    .all();
  return {
    exportedAt: now.toISOString(),
    lead: leadJson(lead, lead.unread),
    messages: messages.map(serializeMessage),
    // A reply's entry also names the address it went to.
    timeline: events.map(({ event, text, mailStatus }) => ({
      ...eventJson(event, text, mailStatus),
      ...(event.toEmail === null ? {} : { toEmail: event.toEmail }),
    })),
    subscriber: subscriber
      ? {
          email: subscriber.email,
          status: subscriber.status,
          createdAt: subscriber.createdAt.toISOString(),
          confirmedAt: iso(subscriber.confirmedAt),
          unsubscribedAt: iso(subscriber.unsubscribedAt),
        }
      : null,
    // The calls they booked; the manage link's token is kept only as a hash, and left out.
    bookings: calls.map((call) => ({
      start: call.start.toISOString(),
      end: call.end.toISOString(),
      location: call.location,
      status: call.status,
      name: call.name,
      email: call.email,
      company: call.company,
      message: call.message,
      cancelReason: call.cancelReason,
      // The zone their picker showed: what the site keeps about them, it is theirs to see.
      timezone: call.visitorTimezone,
      createdAt: call.createdAt.toISOString(),
    })),
    // Their words quoted on the site (or kept as drafts), with the consent recorded.
    testimonials: await testimonialsOfLead(db, leadId),
    // Reply drafts kept on the lead: written about them, often quoting them.
    drafts: await draftsOfLead(db, leadId),
    // Their calls' transcripts and the notes written from them.
    callNotes: await callNotesOfPerson(db, leadId),
    // Proposals sent to them, with what they signed and paid; the link's token is kept only as
    // a hash, and left out.
    proposals: await proposalsOfPerson(db, leadId),
    // Invoices and credit notes naming them, with their payments; the link's hash left out.
    invoices: await invoicesOfPerson(db, leadId),
    // Requests for their words; the links' hashes left out.
    testimonialRequests: await testimonialRequestsOfPerson(db, leadId),
    // The work's pages opened for them: links (never their hashes), files listed, the thread.
    engagements: await engagementsOfPerson(db, leadId),
  };
}

/** A person's invoices and credit notes as stored, with their payments. */
async function invoicesOfPerson(db: Db, leadId: number) {
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.leadId, leadId))
    .orderBy(asc(invoices.id))
    .all();
  const payments = rows.length
    ? await db
        .select()
        .from(invoicePayments)
        .where(
          inArray(
            invoicePayments.invoiceId,
            rows.map((row) => row.id),
          ),
        )
        .all()
    : [];
  return rows.map(
    ({ tokenHash: _hidden, items, seller, buyer, deposits, creditedLines, ...row }) => ({
      ...row,
      items: JSON.parse(items) as unknown,
      seller: seller === null ? null : (JSON.parse(seller) as unknown),
      buyer: buyer === null ? null : (JSON.parse(buyer) as unknown),
      deposits: JSON.parse(deposits) as unknown,
      creditedLines: creditedLines === null ? null : (JSON.parse(creditedLines) as unknown),
      payments: payments.filter((payment) => payment.invoiceId === row.id),
    }),
  );
}

/**
 * A person's invoices when they are erased (docs/invoices.md, "Records"): an issued document is
 * a record the law keeps (GDPR art. 17(3)(b)), so it stays with its frozen parties and its
 * payments, no longer linked to the lead or a proposal, its client link ended and its reminders
 * stopped (keeping a record is no reason to mail the person); drafts go with their payments;
 * the mails that carried the documents go. Answers the numbers kept.
 */
async function eraseInvoicesOf(tx: Db, leadId: number): Promise<string[]> {
  const rows = await tx
    .select({ id: invoices.id, number: invoices.number, status: invoices.status })
    .from(invoices)
    .where(eq(invoices.leadId, leadId))
    .orderBy(asc(invoices.id))
    .all();
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  await tx
    .delete(outbox)
    .where(
      or(
        ...ids.flatMap((id) => [
          eq(outbox.ref, `invoice:${id}`),
          like(outbox.ref, `invoice-sent:${id}:%`),
          like(outbox.ref, `invoice-reminder:${id}:%`),
        ]),
      ),
    );
  const drafts = rows.filter((row) => row.status === 'draft').map((row) => row.id);
  if (drafts.length > 0) {
    await tx.delete(invoicePayments).where(inArray(invoicePayments.invoiceId, drafts));
    await tx.delete(invoices).where(inArray(invoices.id, drafts));
  }
  // Set explicitly: a libSQL server may not enforce the foreign keys' `set null`.
  await tx
    .update(invoices)
    .set({ leadId: null, proposalId: null, tokenHash: null, remindersStopped: true })
    .where(eq(invoices.leadId, leadId));
  return rows.flatMap((row) => (row.status === 'draft' || !row.number ? [] : [row.number]));
}

/** A person's proposals as the export shows them: what was offered, signed and paid. */
async function proposalsOfPerson(db: Db, leadId: number) {
  const rows = await db
    .select()
    .from(proposals)
    .where(eq(proposals.leadId, leadId))
    .orderBy(asc(proposals.id))
    .all();
  const payments = rows.length
    ? await db
        .select()
        .from(proposalPayments)
        .where(
          inArray(
            proposalPayments.proposalId,
            rows.map((row) => row.id),
          ),
        )
        .all()
    : [];
  return rows.map(({ tokenHash: _hidden, acceptance, items, ...row }) => ({
    ...row,
    items: JSON.parse(items) as unknown,
    acceptance: acceptance === null ? null : (JSON.parse(acceptance) as unknown),
    payments: payments.filter((payment) => payment.proposalId === row.id),
  }));
}

/**
 * A person's proposals when they are erased (docs/proposals.md, "Records"). A signed one is the
 * contract, a record the law keeps as it keeps issued invoices: it stays with its signature and
 * payments, no longer linked to the lead, its client link ended (proposal-json.ts `leadOf`: read,
 * never changed). The others go with their payments. The codes mailed to confirm an address
 * and the mails that carried the links (which may have gone to another address) go for all.
 * Answers the signed ones' numbers.
 */
async function eraseProposalsOf(tx: Db, leadId: number): Promise<string[]> {
  const rows = await tx
    .select({
      id: proposals.id,
      number: proposals.number,
      version: proposals.version,
      acceptance: proposals.acceptance,
    })
    .from(proposals)
    .where(eq(proposals.leadId, leadId))
    .orderBy(asc(proposals.id))
    .all();
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  await tx.delete(proposalCodes).where(inArray(proposalCodes.proposalId, ids));
  await tx.delete(outbox).where(
    inArray(
      outbox.ref,
      ids.map((id) => `proposal:${id}`),
    ),
  );
  const signed = rows.filter((row) => row.acceptance !== null);
  const others = rows.filter((row) => row.acceptance === null).map((row) => row.id);
  if (others.length > 0) {
    await tx.delete(proposalPayments).where(inArray(proposalPayments.proposalId, others));
    await tx.delete(proposals).where(inArray(proposals.id, others));
  }
  // Set explicitly: a libSQL server may not enforce the foreign keys' `set null`.
  await tx
    .update(proposals)
    .set({ leadId: null, tokenHash: null })
    .where(eq(proposals.leadId, leadId));
  return signed.map((row) => `${row.number} v${row.version}`);
}

/**
 * Erases the person inside the caller's write transaction, each part deleted explicitly (a
 * libSQL server may not enforce foreign keys): docs/leads.md, "Erase", lists them. Issued
 * invoices and signed proposals are kept, unlinked (`eraseInvoicesOf`, `eraseProposalsOf`); the newsletters' records keep their counts
 * but lose the address, and the outbox forgets it (mail/outbox/forget-address.ts). Answers what
 * was kept, or null when there was no such lead.
 */
export async function erasePerson(tx: Db, leadId: number): Promise<ErasedPerson | null> {
  const lead = await tx.select().from(leads).where(eq(leads.id, leadId)).get();
  if (!lead) return null;
  const replies = await tx
    .select({ id: leadEvents.id })
    .from(leadEvents)
    .where(and(eq(leadEvents.leadId, leadId), eq(leadEvents.kind, 'reply_sent')))
    .all();
  if (replies.length > 0) {
    const refs = replies.map((reply) => mailRef(REPLY_TOPIC, reply.id));
    await tx.delete(outbox).where(inArray(outbox.ref, refs));
  }
  await eraseEngagementsOf(tx, leadId);
  await tx.delete(leadEvents).where(eq(leadEvents.leadId, leadId));
  const keptInvoices = await eraseInvoicesOf(tx, leadId);
  const keptProposals = await eraseProposalsOf(tx, leadId);
  await eraseCallNotesOf(tx, leadId);
  await eraseDraftsOfLead(tx, leadId);
  await tx.delete(contacts).where(eq(contacts.leadId, leadId));
  const calls = tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.leadId, leadId));
  await tx.delete(bookingReminders).where(inArray(bookingReminders.bookingId, calls));
  await tx.delete(bookings).where(eq(bookings.leadId, leadId));
  const subscriber = await subscriberOf(tx, lead.email);
  if (subscriber) {
    await forgetSubscriberMail(tx, eq(subscribers.id, subscriber.id));
    await tx
      .delete(subscriberConfirmations)
      .where(eq(subscriberConfirmations.subscriberId, subscriber.id));
    await tx.delete(subscribers).where(eq(subscribers.id, subscriber.id));
    await tx
      .update(newsletterRecipients)
      .set({ email: '', lastError: null })
      .where(eq(newsletterRecipients.subscriberId, subscriber.id));
  }
  await eraseTestimonialRequestsOf(tx, leadId);
  await eraseTestimonialsOfLead(tx, leadId);
  await forgetAddress(tx, lead.email);
  await tx.delete(leads).where(eq(leads.id, leadId));
  return { kept: { invoices: keptInvoices, proposals: keptProposals } };
}

/** What an erasure kept because the law asks it: the issued documents' and signed proposals' numbers. */
export interface ErasedPerson {
  kept: { invoices: string[]; proposals: string[] };
}
