import { z } from 'zod/mini';
import { LIMITS } from './constants';
import { MESSAGES } from './messages';
import { emailField, honeypotField, oneLine, storedText } from './validation';

/**
 * The contact form's subjects: the stored value and the label people see. The one list: the
 * form's options, the API's check, the admin's filter and the table's column type come from it.
 */
export const CONTACT_SUBJECTS = [
  { value: 'consulting', label: 'AI Consulting Services' },
  { value: 'custom', label: 'Custom AI Solution' },
  { value: 'partnership', label: 'Partnership Opportunity' },
  { value: 'other', label: 'Other' },
] as const;

export type ContactSubject = (typeof CONTACT_SUBJECTS)[number]['value'];

export const contactSubjectValues = CONTACT_SUBJECTS.map((s) => s.value) as [
  ContactSubject,
  ...ContactSubject[],
];

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
