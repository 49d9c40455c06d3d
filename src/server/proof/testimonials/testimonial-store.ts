/**
 * The testimonials' writes (docs/content.md, "Testimonials and client logos"), each awaited
 * inside the caller's write transaction: create a draft, save, publish (only with a recorded
 * consent), unpublish, delete, the photo kept or removed, and every testimonial of a lead
 * erased with it. A refusal throws before anything is written.
 */
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import type { Db } from '#db';
import { testimonials, type TestimonialRow } from '#db/schema';
import { PROOF_MESSAGES, type ProofStatus, type TestimonialFields } from '#shared/proof';
import { auditAdminChange } from '#server/audit/admin-change';
import { dropSiteImage, imageSlot, keepSiteImage, type MadeImage } from '#server/media/site-image';
import { FieldInvalid } from '#server/platform/errors';
import { assertConsented, consentColumns } from '../consent';
import { assertLinksExist } from '../references';
import type { ProofWriter } from '../writer';

export const testimonialNotFound = () =>
  new TRPCError({ code: 'NOT_FOUND', message: PROOF_MESSAGES.testimonialNotFound });

/** By id only: the audit log keeps no client's name, which an erased lead may have been. */
const auditTarget = (id: number) => `testimonial ${id}`;

export const photoSlot = (id: number) => imageSlot('portrait', id);

/** One testimonial, or 404: the writes' first read, and the admin editor's (`byId`). */
export async function testimonialRow(tx: Db, id: number): Promise<TestimonialRow> {
  const row = await tx.select().from(testimonials).where(eq(testimonials.id, id)).get();
  if (!row) throw testimonialNotFound();
  return row;
}

/** The columns a create or save writes; links and consent left out stay as they are. */
async function writtenColumns(tx: Db, fields: TestimonialFields, now: Date) {
  await assertLinksExist(tx, fields);
  return {
    quote: fields.quote,
    name: fields.name,
    role: fields.role,
    company: fields.company,
    ...(fields.entryId === undefined ? {} : { entryId: fields.entryId }),
    ...(fields.leadId === undefined ? {} : { leadId: fields.leadId }),
    ...consentColumns(fields.consent, now),
    updatedAt: now,
  };
}

export async function createTestimonial(tx: Db, ctx: ProofWriter, fields: TestimonialFields) {
  const values = await writtenColumns(tx, fields, ctx.clock.now());
  return tx.insert(testimonials).values(values).returning().get();
}

/** The text again; a published testimonial keeps a recorded consent (400 on `consent`). */
export async function saveTestimonial(
  tx: Db,
  ctx: ProofWriter,
  id: number,
  fields: TestimonialFields,
) {
  const before = await testimonialRow(tx, id);
  const values = await writtenColumns(tx, fields, ctx.clock.now());
  if (before.status === 'published') assertConsented({ ...before, ...values });
  // The client approved these exact words (16 CFR 465): other words need their approval again.
  if (before.consentRecord !== null && values.quote !== before.quote) {
    throw new FieldInvalid(PROOF_MESSAGES.approvedWords, 'quote');
  }
  const row = await tx
    .update(testimonials)
    .set(values)
    .where(eq(testimonials.id, id))
    .returning()
    .get();
  if (!row) throw testimonialNotFound();
  return row;
}

/**
 * Publishes (only with a recorded consent) or unpublishes. Asking for the status it has
 * changes nothing and writes no audit entry: of two publishes at once, the second finds it
 * published (the writes take turns), so there is one `testimonial_published`.
 */
export async function setTestimonialStatus(
  tx: Db,
  ctx: ProofWriter,
  id: number,
  status: ProofStatus,
) {
  const before = await testimonialRow(tx, id);
  if (before.status === status) return before;
  if (status === 'published') assertPublishable(before);
  const row = await tx
    .update(testimonials)
    .set({ status, updatedAt: ctx.clock.now() })
    .where(eq(testimonials.id, id))
    .returning()
    .get();
  if (!row) throw testimonialNotFound();
  if (status === 'published') {
    await auditAdminChange(tx, ctx, 'testimonial_published', auditTarget(id));
  }
  return row;
}

/** A withdrawn testimonial is never published again (409); else the consent rule (400). */
function assertPublishable(row: TestimonialRow): void {
  if (row.withdrawnAt !== null) {
    throw new TRPCError({ code: 'CONFLICT', message: PROOF_MESSAGES.withdrawn });
  }
  assertConsented(row);
}

/**
 * The client approved their words through a testimonial request
 * (engagements/testimonial-requests/): an unpublished testimonial whose consent is the
 * approval's record, so the owner may publish it (the consent's two columns say when and how).
 */
export async function createApprovedTestimonial(
  tx: Db,
  fields: { quote: string; name: string; company: string; leadId: number },
  consent: { at: Date; how: string; record: string },
) {
  return tx
    .insert(testimonials)
    .values({
      ...fields,
      consentAt: consent.at.toISOString().slice(0, 10),
      consentHow: consent.how,
      consentRecord: consent.record,
      status: 'draft',
      updatedAt: consent.at,
    })
    .returning()
    .get();
}

/**
 * The client withdrew it: unpublished at once, `withdrawn_at` set, never published again. The
 * update moves the `published_proof` counter (migration 0030), so every public page that
 * shows proof drops it at its next render. Answers whether it was published.
 */
export async function withdrawTestimonial(tx: Db, id: number, now: Date): Promise<boolean> {
  const before = await tx.select().from(testimonials).where(eq(testimonials.id, id)).get();
  if (!before) return false;
  await tx
    .update(testimonials)
    .set({ status: 'draft', withdrawnAt: now, updatedAt: now })
    .where(eq(testimonials.id, id));
  return before.status === 'published';
}

/** Deletes it with its photo's files (their addresses answer 404 from now on). */
export async function deleteTestimonial(tx: Db, ctx: ProofWriter, id: number): Promise<void> {
  await testimonialRow(tx, id);
  await dropSiteImage(tx, photoSlot(id));
  await tx.delete(testimonials).where(eq(testimonials.id, id));
  await auditAdminChange(tx, ctx, 'testimonial_deleted', auditTarget(id));
}

/** The photo is this upload from now on (the earlier one's files go). */
export async function setTestimonialPhoto(
  tx: Db,
  ctx: ProofWriter,
  id: number,
  image: MadeImage | null,
  alt = '',
) {
  await testimonialRow(tx, id);
  const now = ctx.clock.now();
  const photo = image ? await keepSiteImage(tx, photoSlot(id), image, alt, now) : null;
  if (!image) await dropSiteImage(tx, photoSlot(id));
  const row = await tx
    .update(testimonials)
    .set({ photo: photo === null ? null : JSON.stringify(photo), updatedAt: now })
    .where(eq(testimonials.id, id))
    .returning()
    .get();
  if (!row) throw testimonialNotFound();
  return row;
}

/**
 * Inside the erasure of a lead (leads/person-data.ts): its testimonials and their photos'
 * files, published or not. The lead's erasure is the audit entry.
 */
export async function eraseTestimonialsOfLead(tx: Db, leadId: number): Promise<void> {
  const rows = await tx
    .select({ id: testimonials.id })
    .from(testimonials)
    .where(eq(testimonials.leadId, leadId))
    .all();
  for (const { id } of rows) await dropSiteImage(tx, photoSlot(id));
  await tx.delete(testimonials).where(eq(testimonials.leadId, leadId));
}
