/**
 * Everything stored about one person (docs/leads.md, "A person's data"): read for the export
 * a visitor may ask for, and erased when they ask to be forgotten. The person is the lead;
 * their newsletter subscription is found by address, ignoring case.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#db';
import {
  bookingReminders,
  bookings,
  contacts,
  leadEvents,
  leads,
  newsletterRecipients,
  outbox,
  subscriberConfirmations,
  subscribers,
} from '#db/schema';
import { forgetAddress } from '#server/mail/outbox/forget-address';
import { mailRef } from '#server/mail/outbox/mail-ref';
import { forgetSubscriberMail } from '#server/newsletter/forget-subscriber';
import { testimonialsOfLead } from '#server/proof/proof-query';
import { eraseTestimonialsOfLead } from '#server/proof/testimonials/testimonial-store';
import { leadJson, eventJson } from './lead-json';
import {
  eraseInvoicesOf,
  eraseProposalsOf,
  invoicesOfPerson,
  proposalsOfPerson,
} from './person-records';
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
