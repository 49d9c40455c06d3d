/**
 * Which testimonials the public pages may show (docs/content.md, "Testimonials and client
 * logos"): published, with the consent recorded (when and how). One condition for the home
 * page (proof/published-proof.ts) and a case study's own page (entries/entry-page-store.ts).
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { testimonials } from '#db/schema';

export const shownTestimonial = and(
  eq(testimonials.status, 'published'),
  isNotNull(testimonials.consentAt),
  isNotNull(testimonials.consentHow),
);
