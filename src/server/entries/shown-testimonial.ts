/**
 * Which testimonials the public pages may show (docs/content.md, "Testimonials and client
 * logos"): published, with the consent recorded (when and how). One condition for the home
 * page (proof/published-proof.ts) and a case study's own page (entry-page-store.ts). Here, with
 * the entries a testimonial may belong to, for proof/ imports entries/ and never the other way.
 */
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { testimonials } from '#db/schema';

export const shownTestimonial = and(
  eq(testimonials.status, 'published'),
  isNotNull(testimonials.consentAt),
  isNotNull(testimonials.consentHow),
  // Withdrawn by the client (docs/engagements.md, "Testimonials"): never shown, whatever its status.
  isNull(testimonials.withdrawnAt),
);
