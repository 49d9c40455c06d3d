import { z } from 'zod/mini';
import { LIMITS } from './constants';
import { MESSAGES } from './messages';
import { emailField, honeypotField, oneLine, storedText } from './validation';
import { CONTACT_SUBJECTS, contactSubjectValues } from './address-values';

// Zod-free, for the router's check of an address (address-values.ts).
export { CONTACT_SUBJECTS, contactSubjectValues, type ContactSubject } from './address-values';

/** A subject's label as the contact form shows it ("AI Consulting Services"). */
export function subjectLabel(subject: string): string {
  return CONTACT_SUBJECTS.find((s) => s.value === subject)?.label ?? subject;
}

export const contactInput = z.object({
  name: storedText().check(
    z.trim(),
    oneLine(MESSAGES.nameOneLine),
    z.minLength(LIMITS.nameMin, MESSAGES.name),
    z.maxLength(LIMITS.nameMax, MESSAGES.name),
  ),
  email: emailField,
  company: z.pipe(
    z.optional(
      storedText().check(
        z.trim(),
        oneLine(MESSAGES.companyOneLine),
        z.maxLength(LIMITS.companyMax, MESSAGES.company),
      ),
    ),
    z.transform((v) => (v ? v : undefined)),
  ),
  subject: z.enum(contactSubjectValues, MESSAGES.subject),
  message: storedText().check(
    z.trim(),
    z.minLength(LIMITS.messageMin, MESSAGES.message),
    z.maxLength(LIMITS.messageMax, MESSAGES.message),
  ),
  privacy: z.literal(true, MESSAGES.privacy),
  website: honeypotField,
});
export type ContactInput = z.input<typeof contactInput>;
