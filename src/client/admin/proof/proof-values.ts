/**
 * The editors' fields as typed, and the input they send (docs/api.md, "Testimonials and client
 * logos"). Nothing is judged here: the server's rules answer, and their words come back to the
 * fields (proof-issues.ts). The one choice made here: a consent record left wholly blank is
 * "none" (`null`), one half filled is sent as typed, so the server names the missing half.
 */
import type { ClientLogoCreateInput, Consent, TestimonialCreateInput } from '#shared/proof';
import type { ClientLogo, Testimonial } from '#shared/shapes/proof';

export interface ConsentValues {
  /** The day, YYYY-MM-DD as a date input gives it; '' when none. */
  at: string;
  how: string;
}

export const consentValues = (consent: Consent | null): ConsentValues =>
  consent ? { at: consent.at, how: consent.how } : { at: '', how: '' };

export function consentInput(values: ConsentValues): Consent | null {
  if (values.at.trim() === '' && values.how.trim() === '') return null;
  return { at: values.at, how: values.how };
}

export interface TestimonialValues {
  quote: string;
  name: string;
  role: string;
  company: string;
  /** The case study's id as the select holds it; '' for none. */
  entryId: string;
  consent: ConsentValues;
}

export function testimonialValues(testimonial?: Testimonial): TestimonialValues {
  return {
    quote: testimonial?.quote ?? '',
    name: testimonial?.name ?? '',
    role: testimonial?.role ?? '',
    company: testimonial?.company ?? '',
    entryId: testimonial?.entryId === null || !testimonial ? '' : String(testimonial.entryId),
    consent: consentValues(testimonial?.consent ?? null),
  };
}

/** The lead it came from is not a field of the form: left out, it stays as it is. */
export function testimonialInput(values: TestimonialValues): TestimonialCreateInput {
  return {
    quote: values.quote,
    name: values.name,
    role: values.role,
    company: values.company,
    entryId: values.entryId === '' ? null : Number(values.entryId),
    consent: consentInput(values.consent),
  };
}

export interface LogoValues {
  name: string;
  url: string;
  consent: ConsentValues;
}

export function logoValues(logo?: ClientLogo): LogoValues {
  return {
    name: logo?.name ?? '',
    url: logo?.url ?? '',
    consent: consentValues(logo?.consent ?? null),
  };
}

export function logoInput(values: LogoValues): ClientLogoCreateInput {
  return { name: values.name, url: values.url, consent: consentInput(values.consent) };
}

/** Why Publish may be refused, said beside the button before it is pressed. */
export function publishHint(values: { consent: ConsentValues }, needsImage = false): string {
  const missing: string[] = [];
  if (consentInput(values.consent) === null) missing.push('the client’s consent');
  if (needsImage) missing.push('an image');
  return missing.length === 0
    ? 'Publishing saves your changes first.'
    : `Publishing needs ${missing.join(' and ')}.`;
}
