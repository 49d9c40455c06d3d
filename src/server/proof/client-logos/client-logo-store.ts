/**
 * The client logos' writes (docs/content.md, "Testimonials and client logos"), each awaited
 * inside the caller's write transaction: the testimonials' rule, and a published logo has an
 * image too (publishing one without is 400 on `image`; so is removing a published one's).
 */
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import type { Db } from '#db';
import { clientLogos, type ClientLogoRow } from '#db/schema';
import { PROOF_MESSAGES, type ClientLogoFields, type ProofStatus } from '#shared/proof';
import { auditAdminChange } from '#server/audit/admin-change';
import { FieldInvalid } from '#server/platform/errors';
import { dropSiteImage, imageSlot, keepSiteImage, type MadeImage } from '#server/media/site-image';
import { assertConsented, consentColumns } from '../consent';
import type { ProofWriter } from '../writer';

export const logoNotFound = () =>
  new TRPCError({ code: 'NOT_FOUND', message: PROOF_MESSAGES.logoNotFound });

const auditTarget = (row: Pick<ClientLogoRow, 'id' | 'name'>) =>
  `client logo ${row.id} (${row.name})`;

export const logoSlot = (id: number) => imageSlot('client_logo', id);

/** One logo, or 404: the writes' first read, and the admin editor's (`byId`). */
export async function logoRow(tx: Db, id: number): Promise<ClientLogoRow> {
  const row = await tx.select().from(clientLogos).where(eq(clientLogos.id, id)).get();
  if (!row) throw logoNotFound();
  return row;
}

function writtenColumns(fields: ClientLogoFields, now: Date) {
  return {
    name: fields.name,
    url: fields.url,
    ...consentColumns(fields.consent, now),
    updatedAt: now,
  };
}

export async function createClientLogo(tx: Db, ctx: ProofWriter, fields: ClientLogoFields) {
  const values = writtenColumns(fields, ctx.clock.now());
  return tx.insert(clientLogos).values(values).returning().get();
}

/** Name and address again; a published logo keeps a recorded consent. */
export async function saveClientLogo(
  tx: Db,
  ctx: ProofWriter,
  id: number,
  fields: ClientLogoFields,
) {
  const before = await logoRow(tx, id);
  const values = writtenColumns(fields, ctx.clock.now());
  if (before.status === 'published') assertConsented({ ...before, ...values });
  const row = await tx
    .update(clientLogos)
    .set(values)
    .where(eq(clientLogos.id, id))
    .returning()
    .get();
  if (!row) throw logoNotFound();
  return row;
}

/** As a testimonial's (testimonial-store.ts): the same status again changes nothing. */
export async function setClientLogoStatus(
  tx: Db,
  ctx: ProofWriter,
  id: number,
  status: ProofStatus,
) {
  const before = await logoRow(tx, id);
  if (before.status === status) return before;
  if (status === 'published') {
    assertConsented(before);
    if (before.image === null) throw new FieldInvalid(PROOF_MESSAGES.imageRequired, 'image');
  }
  const row = await tx
    .update(clientLogos)
    .set({ status, updatedAt: ctx.clock.now() })
    .where(eq(clientLogos.id, id))
    .returning()
    .get();
  if (!row) throw logoNotFound();
  if (status === 'published') {
    await auditAdminChange(tx, ctx, 'client_logo_published', auditTarget(row));
  }
  return row;
}

export async function deleteClientLogo(tx: Db, id: number): Promise<void> {
  await logoRow(tx, id);
  await dropSiteImage(tx, logoSlot(id));
  await tx.delete(clientLogos).where(eq(clientLogos.id, id));
}

/** The image is this upload from now on; removed (null) only while the logo is a draft. */
export async function setClientLogoImage(
  tx: Db,
  ctx: ProofWriter,
  id: number,
  image: MadeImage | null,
  alt = '',
) {
  const before = await logoRow(tx, id);
  if (!image && before.status === 'published') {
    throw new FieldInvalid(PROOF_MESSAGES.imageKept, 'image');
  }
  const now = ctx.clock.now();
  const kept = image ? await keepSiteImage(tx, logoSlot(id), image, alt, now) : null;
  if (!image) await dropSiteImage(tx, logoSlot(id));
  const row = await tx
    .update(clientLogos)
    .set({ image: kept === null ? null : JSON.stringify(kept), updatedAt: now })
    .where(eq(clientLogos.id, id))
    .returning()
    .get();
  if (!row) throw logoNotFound();
  return row;
}
