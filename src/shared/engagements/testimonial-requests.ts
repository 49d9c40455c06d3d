/**
 * A testimonial request (docs/engagements.md, "Testimonials"): its limits, words and inputs,
 * written once for the procedures, the client's page `/t/<token>` and the admin's action.
 * No words are shown as the client's unless the client approved them (16 CFR 465).
 */
import { z } from 'zod/mini';
import { PROOF_LIMITS } from '../proof';
import { idField, storedText } from '../validation';
import { testimonialRequestStatusValues } from './values';

export const TESTIMONIAL_REQUEST_LIMITS = {
  /** A request waits this long for the client, then its link answers 410. */
  openDays: 30,
  /** The words are a testimonial's quote, held to its limit. */
  textMax: PROOF_LIMITS.quoteMax,
} as const;

/**
 * The sentence the client agrees to, kept word for word in the consent record of what they
 * approved: changing it here changes what later approvals record, never earlier ones.
 */
export const TESTIMONIAL_CONSENT_TEXT =
  'I agree that these words, as I approved them, may be published as my testimonial on this site with what I ticked above, and I know I can withdraw it at any time with the link I will be mailed.';

export const TESTIMONIAL_REQUEST_MESSAGES = {
  leadNotFound: 'Lead not found',
  openExists: 'This lead already has an open testimonial request',
  notFound: 'This link is not valid. Please check that you copied all of it.',
  expired:
    'This request has expired. Please write to us if you would still like to give a testimonial.',
  decided: 'This request was already answered. Thank you.',
  withdrawn: 'This testimonial was withdrawn. It is no longer shown anywhere.',
  text: 'Please write the words you agree to be quoted with',
  textMax: `The words must be at most ${TESTIMONIAL_REQUEST_LIMITS.textMax} characters`,
  consent: 'Please tick the box to agree: nothing is published without it',
  tooMany: 'Too many tries from your address. Please wait a while, or write to us.',
} as const;

/** What the client's page says around the form. */
export const TESTIMONIAL_PAGE_TEXTS = {
  heading: 'Your words about our work',
  intro:
    'Would you share a few words about working with us? Nothing is published unless you approve it here.',
  suggested: 'Suggested wording, edit freely',
  wordsLabel: 'Your words',
  showLegend: 'What may be shown with your words',
  show: { name: 'My name', role: 'My role', company: 'My company', photo: 'My photo or logo' },
  approve: 'Approve',
  decline: 'Decline',
  approved:
    'Thank you. Your words were saved; nothing is shown until we publish it, and the e-mail we sent you has a link to withdraw it at any time.',
  declined: 'Thank you for letting us know. Nothing of it will be shown.',
  withdrawHeading: 'Withdraw your testimonial',
  withdrawPrompt: 'Withdrawing takes your words off the site at once, everywhere, for good.',
  withdrawButton: 'Withdraw it',
  withdrawnDone: 'Your testimonial was withdrawn. It is no longer shown anywhere.',
  notFoundHeading: 'Link not found',
  goneHeading: 'This link has ended',
} as const;

/** The boxes of what may be shown with the words. */
export const testimonialShowInput = z.object({
  name: z._default(z.boolean(), false),
  role: z._default(z.boolean(), false),
  company: z._default(z.boolean(), false),
  photo: z._default(z.boolean(), false),
});
export type TestimonialShow = z.output<typeof testimonialShowInput>;

const wordsField = storedText().check(
  z.trim(),
  z.minLength(1, TESTIMONIAL_REQUEST_MESSAGES.text),
  z.maxLength(TESTIMONIAL_REQUEST_LIMITS.textMax, TESTIMONIAL_REQUEST_MESSAGES.textMax),
);

/** POST /api/leads/:id/testimonial-requests: the owner's own words, or the model's (`ai`). */
export const testimonialRequestCreateInput = z.object({
  id: idField,
  text: z.optional(
    storedText().check(
      z.trim(),
      z.maxLength(TESTIMONIAL_REQUEST_LIMITS.textMax, TESTIMONIAL_REQUEST_MESSAGES.textMax),
    ),
  ),
  ai: z._default(z.boolean(), false),
});

/** The link's token as the path gives it; its form is checked by the look-up (a miss: 404). */
export const testimonialTokenInput = z.object({ token: z.string() });

/** POST /api/t/:token/approve: only `consent: true` approves. */
export const testimonialApproveInput = z.object({
  token: z.string(),
  text: wordsField,
  show: z._default(testimonialShowInput, {
    name: false,
    role: false,
    company: false,
    photo: false,
  }),
  consent: z
    .boolean(TESTIMONIAL_REQUEST_MESSAGES.consent)
    .check(z.refine((given) => given, TESTIMONIAL_REQUEST_MESSAGES.consent)),
});
export type TestimonialApproveInput = z.output<typeof testimonialApproveInput>;

/** What the client's page and GET /api/t/:token show: no id of the site's records. */
export const clientTestimonialRequest = z.object({
  status: z.enum(testimonialRequestStatusValues),
  suggestedText: z.string(),
  suggestedByAi: z.boolean(),
  consentText: z.string(),
  expiresAt: z.string(),
  /** The name and company the boxes would show, as the site knows them. */
  name: z.string(),
  company: z.string(),
});
export type ClientTestimonialRequest = z.infer<typeof clientTestimonialRequest>;

/** The owner's view of a request, as POST /api/leads/:id/testimonial-requests answers it. */
export const testimonialRequestOutput = z.object({
  id: z.number(),
  leadId: z.number(),
  status: z.enum(testimonialRequestStatusValues),
  suggestedText: z.string(),
  suggestedByAi: z.boolean(),
  createdAt: z.string(),
  expiresAt: z.string(),
  testimonialId: z.nullable(z.number()),
});
export type TestimonialRequestShape = z.infer<typeof testimonialRequestOutput>;

/** What the consent record on the testimonial holds (testimonials.consent_record, as JSON). */
export interface ConsentRecord {
  consentText: string;
  at: string;
  /** The client's address by its /24 (IPv6: /48), never the address itself. */
  address: string;
  userAgent: string;
  suggestedText: string;
  suggestedByAi: boolean;
  approvedText: string;
  show: TestimonialShow;
  requestId: number;
}
