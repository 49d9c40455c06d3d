/**
 * The stored values of engagements, their links, files, call notes and testimonial requests
 * (docs/engagements.md).
 */

/** An engagement is worked on, or closed: read-only for ENGAGEMENT_LIMITS.closedReadableDays. */
export const engagementStatusValues = ['active', 'closed'] as const;
export type EngagementStatus = (typeof engagementStatusValues)[number];

/** How a link stopped working: a newer link replaced it, or the owner revoked it. */
export const linkEndValues = ['replaced', 'revoked'] as const;
export type LinkEnd = (typeof linkEndValues)[number];

/** Who shared a file on an engagement. */
export const fileSideValues = ['owner', 'client'] as const;
export type FileSide = (typeof fileSideValues)[number];

/**
 * A testimonial request waits for the client (`open`) until approved, declined, or 30 days
 * pass (`expired`); an approved one can be withdrawn by the client later (`withdrawn`).
 */
export const testimonialRequestStatusValues = [
  'open',
  'approved',
  'declined',
  'expired',
  'withdrawn',
] as const;
export type TestimonialRequestStatus = (typeof testimonialRequestStatusValues)[number];
