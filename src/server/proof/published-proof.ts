/**
 * What the home page may show of the proof (docs/content.md, "Testimonials and client
 * logos"): the published testimonials and client logos, each with its recorded consent, in
 * the order they were added (by id: stable, whatever is edited later). Read on every render,
 * outside any write; nothing here says who agreed or how, nor which lead it came from.
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '#db';
import { clientLogos, entries, testimonials } from '#db/schema';
import type { EntryKind } from '#shared/entries';
import type { SiteImage } from '#shared/shapes/site-image';
import { readImageSources, type ImageSources } from '#server/media/site-image';
import { shownTestimonial } from '#server/entries/shown-testimonial';
import { photoSlot } from './testimonials/testimonial-store';

export interface PublishedTestimonial {
  id: number;
  quote: string;
  name: string;
  role: string;
  company: string;
  /** With its resized files' `srcset`s, for a <picture>. */
  photo: (SiteImage & { sources: ImageSources }) | null;
  /** The case study or insight it belongs to, while that is published. */
  entry: { kind: EntryKind; slug: string; title: string } | null;
}

export interface PublishedClientLogo {
  id: number;
  name: string;
  image: SiteImage;
  url: string | null;
}

const imageOf = (json: string) => JSON.parse(json) as SiteImage;

export async function publishedTestimonials(db: Db): Promise<PublishedTestimonial[]> {
  const rows = await db
    .select({
      testimonial: testimonials,
      entryKind: entries.kind,
      entrySlug: entries.slug,
      entryTitle: entries.title,
    })
    .from(testimonials)
    .leftJoin(entries, and(eq(entries.id, testimonials.entryId), eq(entries.status, 'published')))
    .where(shownTestimonial)
    .orderBy(asc(testimonials.id))
    .all();
  const withPhoto = rows.filter((row) => row.testimonial.photo !== null);
  const sources = await readImageSources(
    db,
    withPhoto.map((row) => photoSlot(row.testimonial.id)),
  );
  return rows.map(({ testimonial: t, entryKind, entrySlug, entryTitle }) => ({
    id: t.id,
    quote: t.quote,
    name: t.name,
    role: t.role,
    company: t.company,
    photo:
      t.photo === null
        ? null
        : { ...imageOf(t.photo), sources: sources.get(photoSlot(t.id)) ?? {} },
    entry:
      entryKind !== null && entrySlug !== null && entryTitle !== null
        ? { kind: entryKind, slug: entrySlug, title: entryTitle }
        : null,
  }));
}

export async function publishedClientLogos(db: Db): Promise<PublishedClientLogo[]> {
  const rows = await db
    .select()
    .from(clientLogos)
    .where(
      and(
        eq(clientLogos.status, 'published'),
        isNotNull(clientLogos.consentAt),
        isNotNull(clientLogos.consentHow),
        isNotNull(clientLogos.image),
      ),
    )
    .orderBy(asc(clientLogos.id))
    .all();
  return rows.flatMap((row) =>
    row.image === null
      ? []
      : [{ id: row.id, name: row.name, image: imageOf(row.image), url: row.url }],
  );
}
