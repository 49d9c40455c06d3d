/**
 * Testimonials' and client logos' rows as the API answers them (docs/api.md, "Testimonials
 * and client logos"): the image read from its JSON, the consent from its two columns.
 */
import type { ClientLogoRow, TestimonialRow } from '#db/schema';
import type { Consent } from '#shared/proof';
import type { ClientLogo, Testimonial } from '#shared/shapes/proof';
import type { SiteImage } from '#shared/shapes/site-image';

const imageOf = (json: string | null) => (json === null ? null : (JSON.parse(json) as SiteImage));

/** The recorded consent, or null: the two columns are written together (consent.ts). */
export function consentOf(row: { consentAt: string | null; consentHow: string | null }) {
  return row.consentAt === null || row.consentHow === null
    ? null
    : ({ at: row.consentAt, how: row.consentHow } satisfies Consent);
}

export function testimonialJson(row: TestimonialRow): Testimonial {
  return {
    id: row.id,
    quote: row.quote,
    name: row.name,
    role: row.role,
    company: row.company,
    photo: imageOf(row.photo),
    entryId: row.entryId,
    leadId: row.leadId,
    consent: consentOf(row),
    status: row.status,
  };
}

export function clientLogoJson(row: ClientLogoRow): ClientLogo {
  return {
    id: row.id,
    name: row.name,
    image: imageOf(row.image),
    url: row.url,
    consent: consentOf(row),
    status: row.status,
  };
}
