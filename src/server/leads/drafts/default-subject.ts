import { asc, eq } from 'drizzle-orm';
import type { Db } from '#db';
import { contacts } from '#db/schema';
import { subjectLabel } from '#shared/contact';

/**
 * A reply's subject when none is given (docs/leads.md, "Replies"): `Re: ` and the subject of
 * their first message, so mail programs keep the conversation together. The AI's reply draft
 * starts from it too.
 */
export async function defaultSubject(db: Db, leadId: number): Promise<string> {
  const first = await db
    .select({ subject: contacts.subject })
    .from(contacts)
    .where(eq(contacts.leadId, leadId))
    .orderBy(asc(contacts.id))
    .limit(1)
    .get();
  return `Re: ${first ? subjectLabel(first.subject) : 'your message'}`;
}
