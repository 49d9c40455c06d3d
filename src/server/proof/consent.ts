/**
 * The one rule of the proof (docs/content.md, "Testimonials and client logos"): nothing is
 * published without a recorded consent, when and how the client agreed. A publish without
 * one, or a save that would take it from a published testimonial or logo, is a 400 naming
 * `consent`, and nothing changes.
 */
import type { Consent } from '#shared/proof';
import { PROOF_MESSAGES } from '#shared/proof';
import { FieldInvalid } from '#server/platform/errors';
import { consentOf } from './proof-json';
import { daysAfter } from '#shared/calendar-days';

/**
 * The consent's columns after a write that gave `given` (undefined: as they were). A date
 * past tomorrow is refused: a consent is a record of something that happened.
 */
export function consentColumns(given: Consent | null | undefined, now: Date) {
  if (given === undefined) return {};
  if (given === null) return { consentAt: null, consentHow: null };
  // A day ahead of the server's: the owner's "today" east of UTC is not the future.
  const latest = daysAfter(now, 1).toISOString().slice(0, 10);
  if (given.at > latest) throw new FieldInvalid(PROOF_MESSAGES.consentFuture, 'consent.at');
  return { consentAt: given.at, consentHow: given.how };
}

/** Refuses (400 on `consent`) a published state without a recorded consent. */
export function assertConsented(row: { consentAt: string | null; consentHow: string | null }) {
  if (consentOf(row) === null) throw new FieldInvalid(PROOF_MESSAGES.consentRequired, 'consent');
}
