/**
 * Testimonials and client logos (docs/content.md, "Testimonials and client logos"; docs/api.md,
 * "Testimonials and client logos"): their limits, messages, inputs and shapes, written once for
 * the procedures and the admin's forms. Either is published only with a recorded consent: when
 * and how the client agreed (`{ at: "2026-05-03", how: "e-mail of 3 May" }`).
 */
import { z } from 'zod/mini';
import { LIMITS } from './constants';
import { entryStatusValues, type EntryStatus } from './entry-values';
import { MESSAGES } from './messages';
import { isWebAddress } from './site-content-basics';
import { idField, oneLine, pageField, storedText } from './validation';
import { isRealDay } from './calendar-days';

/** Draft or published, as an entry. */
export const proofStatusValues = entryStatusValues;
export type ProofStatus = EntryStatus;

export const PROOF_LIMITS = {
  quoteMax: 600,
  /** A person's name as the contact form's (2-100). */
  nameMin: LIMITS.nameMin,
  nameMax: LIMITS.nameMax,
  roleMax: 100,
  companyMax: LIMITS.companyMax,
  /** A client's name on its logo: "HP" is a company too, so one character will do. */
  logoNameMax: LIMITS.companyMax,
  urlMax: 500,
  consentHowMax: 200,
  searchMax: 200,
} as const;

/** The admin lists' page, as the entries'. */
export const PROOF_PAGE_SIZE = 25;

export const PROOF_MESSAGES = {
  quote: 'The quote is required',
  quoteMax: `The quote must be at most ${PROOF_LIMITS.quoteMax} characters`,
  name: MESSAGES.name,
  nameOneLine: MESSAGES.nameOneLine,
  roleMax: `Role must be at most ${PROOF_LIMITS.roleMax} characters`,
  roleOneLine: 'Role must be on one line',
  company: MESSAGES.company,
  companyOneLine: MESSAGES.companyOneLine,
  logoName: 'The client’s name is required',
  logoNameMax: `The client’s name must be at most ${PROOF_LIMITS.logoNameMax} characters`,
  url: 'Please enter an address that starts with https:// or http://',
  urlMax: `The address must be at most ${PROOF_LIMITS.urlMax} characters`,
  consentAt: 'The date of the consent must be a day such as 2026-05-03',
  consentFuture: 'The date of the consent cannot be in the future',
  consentHow: 'Say how the consent was given, e.g. "e-mail of 3 May"',
  consentHowMax: `How the consent was given must be at most ${PROOF_LIMITS.consentHowMax} characters`,
  consentHowOneLine: 'How the consent was given must be on one line',
  consentRequired:
    'Record the client’s consent (when and how they agreed) before publishing: nothing is published without it',
  imageRequired: 'Upload the logo’s image before publishing it',
  imageKept: 'A published logo keeps its image: unpublish it first, or upload another one',
  entryUnknown: 'No case study or insight has this id',
  leadUnknown: 'No lead has this id',
  status: 'Status must be draft or published',
  search: `Search must be at most ${PROOF_LIMITS.searchMax} characters`,
  testimonialNotFound: 'Testimonial not found',
  withdrawn: 'The client withdrew this testimonial: it can never be published again',
  approvedWords:
    'These are the words the client approved: to change them, send the client a new testimonial request',
  logoNotFound: 'Client logo not found',
} as const;

/** When and how the client agreed to be quoted or shown; the record the owner can show. */
export const consentField = z.object({
  at: storedText().check(z.trim(), z.refine(isRealDay, PROOF_MESSAGES.consentAt)),
  how: storedText().check(
    z.trim(),
    z.minLength(1, PROOF_MESSAGES.consentHow),
    z.maxLength(PROOF_LIMITS.consentHowMax, PROOF_MESSAGES.consentHowMax),
    oneLine(PROOF_MESSAGES.consentHowOneLine),
  ),
});
export type Consent = z.output<typeof consentField>;

/** An optional line kept as typed (trimmed), blank or absent as ''. */
function optionalLine(max: number, tooLong: string, notOneLine: string) {
  return z._default(
    storedText().check(z.trim(), z.maxLength(max, tooLong), oneLine(notOneLine)),
    '',
  );
}

/** Left out: as it was (PUT) or none (POST); `null`: none. */
const kept = <T extends z.ZodMiniType>(field: T) => z.optional(z.nullable(field));

const testimonialFields = {
  quote: storedText().check(
    z.trim(),
    z.minLength(1, PROOF_MESSAGES.quote),
    z.maxLength(PROOF_LIMITS.quoteMax, PROOF_MESSAGES.quoteMax),
  ),
  name: storedText().check(
    z.trim(),
    oneLine(PROOF_MESSAGES.nameOneLine),
    z.minLength(PROOF_LIMITS.nameMin, PROOF_MESSAGES.name),
    z.maxLength(PROOF_LIMITS.nameMax, PROOF_MESSAGES.name),
  ),
  role: optionalLine(PROOF_LIMITS.roleMax, PROOF_MESSAGES.roleMax, PROOF_MESSAGES.roleOneLine),
  company: optionalLine(
    PROOF_LIMITS.companyMax,
    PROOF_MESSAGES.company,
    PROOF_MESSAGES.companyOneLine,
  ),
  entryId: kept(idField),
  leadId: kept(idField),
  consent: kept(consentField),
};

/** POST /api/testimonials: a draft. */
export const testimonialCreateInput = z.object(testimonialFields);
export type TestimonialCreateInput = z.input<typeof testimonialCreateInput>;
/** The fields after validation: what the store writes. */
export type TestimonialFields = z.output<typeof testimonialCreateInput>;

/**
 * PUT /api/testimonials/:id: the text again (a role or company left out is cleared, as an
 * entry's client is); `consent`, `entryId` and `leadId` left out stay as they are, so a form
 * that does not show the consent record never erases it; `null` clears them.
 */
export const testimonialSaveInput = z.object({ id: idField, ...testimonialFields });
export type TestimonialSaveInput = z.input<typeof testimonialSaveInput>;

const logoFields = {
  name: storedText().check(
    z.trim(),
    z.minLength(1, PROOF_MESSAGES.logoName),
    z.maxLength(PROOF_LIMITS.logoNameMax, PROOF_MESSAGES.logoNameMax),
    oneLine(PROOF_MESSAGES.nameOneLine),
  ),
  /** The client's site, linked from the logo; blank is none. */
  url: z.pipe(
    z.optional(
      z.nullable(
        storedText().check(
          z.trim(),
          z.maxLength(PROOF_LIMITS.urlMax, PROOF_MESSAGES.urlMax),
          z.refine((value) => value === '' || isWebAddress(value), PROOF_MESSAGES.url),
        ),
      ),
    ),
    z.transform((value) => (value ? value : null)),
  ),
  consent: kept(consentField),
};

/** POST /api/client-logos: a draft, without its image (uploaded next). */
export const clientLogoCreateInput = z.object(logoFields);
export type ClientLogoCreateInput = z.input<typeof clientLogoCreateInput>;
export type ClientLogoFields = z.output<typeof clientLogoCreateInput>;

/** PUT /api/client-logos/:id: name and url again; `consent` left out stays. */
export const clientLogoSaveInput = z.object({ id: idField, ...logoFields });
export type ClientLogoSaveInput = z.input<typeof clientLogoSaveInput>;

/** GET /api/testimonials, /api/client-logos: a status and a search, any letter case. */
export const proofListInput = z.prefault(
  z.object({
    status: z.pipe(
      z.optional(z.union([z.enum(proofStatusValues), z.literal('')], PROOF_MESSAGES.status)),
      z.transform((status) => (status ? status : undefined)),
    ),
    q: z.pipe(
      z.optional(
        storedText().check(z.trim(), z.maxLength(PROOF_LIMITS.searchMax, PROOF_MESSAGES.search)),
      ),
      z.transform((q) => (q ? q : undefined)),
    ),
    page: pageField,
  }),
  {},
);
export type ProofListInput = z.input<typeof proofListInput>;

export const proofIdInput = z.object({ id: idField });
