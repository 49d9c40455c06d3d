/**
 * A waiting mail's text, headers and files are sealed in the outbox (docs/mail.md, "Sealed
 * while it waits"): AES-256-GCM under a key derived from SESSION_SECRET, which is in neither
 * the database nor its backups. So the links and codes a mail carries are never written to the
 * database in clear, not even for the moment before the mail goes (SQLite keeps old pages in
 * its -wal and in free pages). The row's kind, recipient and subject are bound in as associated
 * data: a sealed text moved to another row (another recipient) does not open.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { and, eq, ne, notInArray, notLike } from 'drizzle-orm';
import { databaseOf, writeTransaction, type Db } from '#db';
import { outbox } from '#db/schema';
import { outboxSealKey } from '#server/platform/keys';

/** Marks a sealed text (and its format, so a later change of cipher can tell old rows apart). */
const SEALED = 'sealed1.';

const keys = new WeakMap<Db, Buffer>();

/**
 * The key this database's outbox seals with, from SESSION_SECRET: set where the database and
 * the configuration meet (app/app.ts createApp; the tests' createTestDeps).
 */
export function sealOutboxWith(db: Db, sessionSecret: string): void {
  keys.set(db, outboxSealKey(sessionSecret));
}

function keyOf(handle: Db): Buffer {
  const key = keys.get(databaseOf(handle));
  if (!key) {
    throw new Error(
      "this database's outbox has no seal key: call sealOutboxWith(db, SESSION_SECRET) where it is opened (docs/mail.md)",
    );
  }
  return key;
}

/** The row a sealed text belongs to. */
export interface SealedFor {
  kind: string;
  toEmail: string;
  subject: string;
}

function boundTo(row: SealedFor): Buffer {
  return Buffer.from(JSON.stringify(['outbox', row.kind, row.toEmail, row.subject]));
}

/** Seals `text` for the row, with the database's key (`handle` may be a transaction's `tx`). */
export function sealText(handle: Db, row: SealedFor, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(handle), iv);
  cipher.setAAD(boundTo(row));
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return SEALED + [iv, cipher.getAuthTag(), body].map((p) => p.toString('base64url')).join('.');
}

/** A mail whose text cannot be opened: it is failed, never sent half-made (docs/mail.md). */
export class UnopenedMailError extends Error {}

export const NOT_SEALED_ERROR =
  'not sent: its text is not sealed, so it was not written by this site’s outbox';
export const NOT_OPENED_ERROR =
  'not sent: its text cannot be opened (sealed with another SESSION_SECRET, or changed); with the old SESSION_SECRET back, Retry sends it';

/** The row's text, opened; throws UnopenedMailError when it is not sealed or does not open. */
export function openText(handle: Db, row: SealedFor, sealed: string): string {
  if (!sealed.startsWith(SEALED)) throw new UnopenedMailError(NOT_SEALED_ERROR);
  const [iv, tag, body] = sealed.slice(SEALED.length).split('.');
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      keyOf(handle),
      Buffer.from(iv ?? '', 'base64url'),
    );
    decipher.setAAD(boundTo(row));
    decipher.setAuthTag(Buffer.from(tag ?? '', 'base64url'));
    const opened = [decipher.update(Buffer.from(body ?? '', 'base64url')), decipher.final()];
    return Buffer.concat(opened).toString('utf8');
  } catch {
    throw new UnopenedMailError(NOT_OPENED_ERROR);
  }
}

/**
 * Seals the texts of mail queued in clear by a version before the seal (a welcome step due
 * next week, mail waiting out an SMTP outage at the upgrade), so they can still go; `kept` are the texts a settled row keeps in
 * clear, which hold nothing (outbox-prune.ts, outbox-queue.ts). With `secure_delete` on
 * (db/embedded.ts) the clear text is overwritten where it was. Answers how many were sealed.
 */
export async function sealClearMail(db: Db, kept: string[]): Promise<number> {
  const clear = await db
    .select()
    .from(outbox)
    .where(
      and(
        ne(outbox.status, 'sent'),
        notLike(outbox.message, `${SEALED}%`),
        notInArray(outbox.message, kept),
      ),
    )
    .all();
  if (clear.length === 0) return 0;
  return writeTransaction(db, async (tx) => {
    let sealed = 0;
    for (const row of clear) {
      const changed = await tx
        .update(outbox)
        .set({ message: sealText(tx, row, row.message) })
        .where(and(eq(outbox.id, row.id), eq(outbox.message, row.message)))
        .returning({ id: outbox.id })
        .get();
      if (changed) sealed++;
    }
    return sealed;
  });
}
