/**
 * A person's engagements in their export and their erasure (docs/leads.md, "A person's data";
 * docs/engagements.md, "Records"). Leads come before engagements in the features' order, so the
 * tables are read here directly, as person-data.ts reads the proposals' and invoices'. No
 * link's hash and no file's bytes are exported: the file list says what was shared, the
 * thread what was said.
 */
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '#db';
import {
  engagementFileParts,
  engagementFiles,
  engagementLinks,
  engagements,
  leadEvents,
  outbox,
} from '#db/schema';
import { THREAD_NOTICE_TOPIC } from '#shared/engagements/thread';
import { mailRef } from '#server/mail/outbox/mail-ref';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export async function engagementsOfPerson(db: Db, leadId: number) {
  const rows = await db
    .select()
    .from(engagements)
    .where(eq(engagements.leadId, leadId))
    .orderBy(asc(engagements.id))
    .all();
  return Promise.all(
    rows.map(async (row) => {
      const links = await db
        .select({
          createdAt: engagementLinks.createdAt,
          endedAt: engagementLinks.endedAt,
          endedHow: engagementLinks.endedHow,
        })
        .from(engagementLinks)
        .where(eq(engagementLinks.engagementId, row.id))
        .orderBy(asc(engagementLinks.createdAt))
        .all();
      const files = await db
        .select({
          name: engagementFiles.name,
          type: engagementFiles.type,
          size: engagementFiles.size,
          sha256: engagementFiles.sha256,
          side: engagementFiles.side,
          createdAt: engagementFiles.createdAt,
        })
        .from(engagementFiles)
        .where(eq(engagementFiles.engagementId, row.id))
        .orderBy(asc(engagementFiles.id))
        .all();
      const messages = await db
        .select({ kind: leadEvents.kind, text: leadEvents.text, at: leadEvents.at })
        .from(leadEvents)
        .where(
          and(
            eq(leadEvents.engagementId, row.id),
            inArray(leadEvents.kind, ['reply_received', 'reply_sent']),
          ),
        )
        .orderBy(asc(leadEvents.id))
        .all();
      return {
        title: row.title,
        status: row.status,
        clientUploads: row.clientUploads,
        createdAt: row.createdAt.toISOString(),
        closedAt: iso(row.closedAt),
        links: links.map((link) => ({
          createdAt: link.createdAt.toISOString(),
          endedAt: iso(link.endedAt),
          endedHow: link.endedHow,
        })),
        files: files.map((file) => ({ ...file, createdAt: file.createdAt.toISOString() })),
        thread: messages.map((m) => ({
          from: m.kind === 'reply_received' ? 'client' : 'owner',
          text: m.text ?? '',
          at: m.at.toISOString(),
        })),
      };
    }),
  );
}

/**
 * Erases a person's engagements with their links (which then answer 404) and files, each
 * deleted explicitly (a libSQL server may not enforce foreign keys); the thread's entries go
 * with the lead's timeline.
 */
export async function eraseEngagementsOf(tx: Db, leadId: number): Promise<void> {
  const ids = tx
    .select({ id: engagements.id })
    .from(engagements)
    .where(eq(engagements.leadId, leadId));
  await tx
    .update(leadEvents)
    .set({ engagementId: null })
    .where(and(isNotNull(leadEvents.engagementId), inArray(leadEvents.engagementId, ids)));
  // The owner's notice of the client's messages, if still waiting, names the person.
  const notices = (
    await tx.select({ id: engagements.id }).from(engagements).where(eq(engagements.leadId, leadId))
  ).map(({ id }) => mailRef(THREAD_NOTICE_TOPIC, id));
  if (notices.length > 0) await tx.delete(outbox).where(inArray(outbox.ref, notices));
  await tx.delete(engagementLinks).where(inArray(engagementLinks.engagementId, ids));
  // The files' pieces past the first by name too (migration 0047's cascade may not run).
  await tx
    .delete(engagementFileParts)
    .where(
      inArray(
        engagementFileParts.fileId,
        tx
          .select({ id: engagementFiles.id })
          .from(engagementFiles)
          .where(inArray(engagementFiles.engagementId, ids)),
      ),
    );
  await tx.delete(engagementFiles).where(inArray(engagementFiles.engagementId, ids));
  await tx.delete(engagements).where(eq(engagements.leadId, leadId));
}
