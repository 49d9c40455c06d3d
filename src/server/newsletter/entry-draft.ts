/**
 * A newsletter draft made from a published case study or insight in one press (docs/api.md,
 * POST /api/newsletters/draft; docs/newsletter.md): its title as the subject, its summary and
 * a link to its page, tagged so the Overview's sources name the newsletter. Only a draft is
 * written; sending stays the administrator's choice, on the draft's own screen.
 */
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import type { Db } from '#db';
import { entries } from '#db/schema';
import { entryPath } from '#shared/entry-paths';
import { ENTRY_KIND_LABELS, type EntryKind } from '#shared/entries';
import { NEWSLETTER_ADMIN_MESSAGES as M } from '#shared/newsletter-admin';

export interface EntryDraft {
  subject: string;
  body: string;
}

/** The fields a draft is made of, of a published entry; 404 for an unknown or draft one. */
export async function publishedEntryFacts(db: Db, id: number) {
  const row = await db
    .select({
      kind: entries.kind,
      slug: entries.slug,
      title: entries.title,
      summary: entries.summary,
      status: entries.status,
      // What the model's draft is written from (entry-draft-ai.ts).
      body: entries.body,
      client: entries.client,
      industry: entries.industry,
      results: entries.results,
    })
    .from(entries)
    .where(eq(entries.id, id))
    .get();
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: M.entryNotFound });
  // A draft's page does not exist: the newsletter would link to the 404 page.
  if (row.status !== 'published') {
    throw new TRPCError({ code: 'NOT_FOUND', message: M.entryNotPublished });
  }
  return row;
}

/**
 * The entry's page on the site's address with the campaign tags the analytics read
 * (utm_source names the source in the Overview; docs/analytics.md): source newsletter,
 * medium email, campaign the entry's slug.
 */
export function entryLink(origin: string, kind: EntryKind, slug: string): string {
  const url = new URL(entryPath(kind, slug), origin);
  url.searchParams.set('utm_source', 'newsletter');
  url.searchParams.set('utm_medium', 'email');
  url.searchParams.set('utm_campaign', slug);
  return url.href;
}

/** Markdown's link text and title: brackets escaped so a title cannot end the link early. */
const linkText = (text: string) => text.replace(/[\\[\]]/g, (c) => `\\${c}`);

/** The line that links the newsletter to the entry's page: the plain draft's and the AI's. */
export function entryLinkLine(
  entry: { kind: EntryKind; slug: string; title: string },
  origin: string,
): string {
  const link = entryLink(origin, entry.kind, entry.slug);
  return `[Read the ${ENTRY_KIND_LABELS[entry.kind]}: ${linkText(entry.title)}](${link})`;
}

export function entryDraft(
  entry: { kind: EntryKind; slug: string; title: string; summary: string },
  origin: string,
): EntryDraft {
  return {
    subject: entry.title,
    body: `# ${entry.title}\n\n${entry.summary}\n\n${entryLinkLine(entry, origin)}\n`,
  };
}
