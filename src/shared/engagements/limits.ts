/**
 * The numbers of an engagement's links and page (docs/engagements.md): how long a closed
 * engagement stays readable, and how often its link can be asked for again.
 */
export const ENGAGEMENT_LIMITS = {
  /** A closed engagement's page is read-only this many days after closing, then 410. */
  closedReadableDays: 90,
  /** `/e/link`: at most this many asks an hour per address asked for and per client address. */
  linkRequestsPerHour: 5,
  /** The admin's list answers at most this many, newest first. */
  listMax: 100,
} as const;
