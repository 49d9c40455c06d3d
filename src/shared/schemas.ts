import { z } from 'zod';
import { LIMITS, TWO_FACTOR_CODE_LENGTH } from './constants';

// Spec section 5 names "Required" and "Invalid input" as the generic fallbacks; every rule
// below that a person can break carries its own message.
z.config({
  customError: (issue) => (issue.input === undefined ? 'Required' : 'Invalid input'),
});

export const CONTACT_SUBJECTS = [
  { value: 'consulting', label: 'AI Consulting Services' },
  { value: 'custom', label: 'Custom AI Solution' },
  { value: 'partnership', label: 'Partnership Opportunity' },
  { value: 'other', label: 'Other' },
] as const;
export const contactSubjectValues = ['consulting', 'custom', 'partnership', 'other'] as const;
export type ContactSubject = (typeof contactSubjectValues)[number];

/** A subject's label as the contact form shows it ("AI Consulting Services"). */
export function subjectLabel(subject: string): string {
  return CONTACT_SUBJECTS.find((s) => s.value === subject)?.label ?? subject;
}

export const MESSAGES = {
  name: `Name must be between ${LIMITS.nameMin} and ${LIMITS.nameMax} characters`,
  email: 'Please enter a valid email address',
  company: `Company must be at most ${LIMITS.companyMax} characters`,
  subject: 'Please select a subject',
  message: `Message must be between ${LIMITS.messageMin} and ${LIMITS.messageMax} characters`,
  privacy: 'You must agree to the privacy policy',
  username: 'Username is required',
  password: 'Password is required',
  code: 'Code must be 6 digits',
  factText: 'Fact must be at least 5 characters long',
  factTextMax: `Fact must be at most ${LIMITS.factTextMax} characters long`,
  source: 'Source must be at least 2 characters long',
  sourceMax: `Source must be at most ${LIMITS.sourceMax} characters long`,
  tagName: 'Tag name is required',
  tagNameMax: `Tag name must be at most ${LIMITS.tagMax} characters`,
  order: 'Order must be a whole number of 0 or more',
  id: 'Id must be a positive whole number',
  text: 'Text contains a broken character (an unpaired surrogate) and cannot be stored',
} as const;

/**
 * An unpaired UTF-16 surrogate has no UTF-8 form: SQLite would keep bytes that come back as
 * replacement characters, so stored text would no longer equal what was sent.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The text with each unpaired surrogate replaced by U+FFFD, as a UTF-8 encoder would. */
export function wellFormed(text: string): string {
  return text.replace(new RegExp(LONE_SURROGATE.source, 'g'), '\uFFFD');
}

/** A string field whose text is stored and must come back byte for byte. */
function storedText() {
  return z.string().refine((value) => !LONE_SURROGATE.test(value), MESSAGES.text);
}

const emailField = storedText()
  .trim()
  .max(LIMITS.emailMax, MESSAGES.email)
  .pipe(z.email(MESSAGES.email));

/**
 * Hidden field that people never see: bots fill it. A filled honeypot is answered as a
 * success and nothing is stored.
 */
const honeypot = z.string().max(1000).optional();

export const contactInput = z.object({
  name: storedText().trim().min(LIMITS.nameMin, MESSAGES.name).max(LIMITS.nameMax, MESSAGES.name),
  email: emailField,
  company: storedText()
    .trim()
    .max(LIMITS.companyMax, MESSAGES.company)
    .optional()
    .transform((v) => (v ? v : undefined)),
  subject: z.enum(contactSubjectValues, MESSAGES.subject),
  message: storedText()
    .trim()
    .min(LIMITS.messageMin, MESSAGES.message)
    .max(LIMITS.messageMax, MESSAGES.message),
  privacy: z.literal(true, MESSAGES.privacy),
  website: honeypot,
});
export type ContactInput = z.input<typeof contactInput>;

export const subscribeInput = z.object({ email: emailField, website: honeypot });
export type SubscribeInput = z.input<typeof subscribeInput>;

export const loginInput = z.object({
  username: z
    .string(MESSAGES.username)
    .trim()
    .min(1, MESSAGES.username)
    .max(LIMITS.usernameMax, MESSAGES.username)
    // Looked up in the database: a libSQL server refuses such text outright (HTTP 400).
    .refine((value) => !LONE_SURROGATE.test(value), MESSAGES.text),
  password: z
    .string(MESSAGES.password)
    .min(1, MESSAGES.password)
    .max(LIMITS.passwordMax, MESSAGES.password),
});
export type LoginInput = z.input<typeof loginInput>;

export const verifyCodeInput = z.object({
  // One rule, one message: a wrong length and a non-digit are the same mistake to a person.
  code: z
    .string(MESSAGES.code)
    .regex(new RegExp(`^\\d{${TWO_FACTOR_CODE_LENGTH}}$`), MESSAGES.code),
});

/**
 * A record id: a positive integer, or its decimal digits as they arrive in a REST path
 * ("abc", "1.5" and "1e3" are refused). Taking the string here, not in the REST layer, keeps
 * the error order of DESIGN.md section 4: the auth check runs before input is parsed.
 */
export const idField = z.union(
  [
    z
      .number(MESSAGES.id)
      .int(MESSAGES.id)
      .positive(MESSAGES.id)
      .max(Number.MAX_SAFE_INTEGER, MESSAGES.id),
    z
      .string()
      .regex(/^[1-9]\d{0,15}$/)
      .refine((digits) => Number.isSafeInteger(Number(digits)))
      .transform(Number),
  ],
  MESSAGES.id,
);

export const idInput = z.object({ id: idField });

/**
 * A fact date arrives as a string from the date input; an empty or unparseable one is
 * stored as null (spec section 5), never rejected.
 */
export const factDateField = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value): Date | null | undefined => {
    if (value === undefined) return undefined;
    if (value === null || value.trim() === '') return null;
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  });

const factFields = {
  factText: storedText()
    .trim()
    .min(LIMITS.factTextMin, MESSAGES.factText)
    .max(LIMITS.factTextMax, MESSAGES.factTextMax),
  source: storedText()
    .trim()
    .min(LIMITS.sourceMin, MESSAGES.source)
    .max(LIMITS.sourceMax, MESSAGES.sourceMax),
  active: z.boolean(),
  order: z.number().int(MESSAGES.order).min(0, MESSAGES.order),
};

export const factCreateInput = z.object({
  factText: factFields.factText,
  source: factFields.source,
  active: factFields.active.default(true),
  /** Blank (empty string, null, absent) or 0 means "after the last fact". */
  order: z
    .union([factFields.order, z.literal('')], MESSAGES.order)
    .nullish()
    .transform((v) => (v === '' ? null : v)),
  factDate: factDateField,
  /** The spec's client sends it; the server's clock is authoritative, so it is ignored. */
  createdAt: z.string().optional(),
});
export type FactCreateInput = z.input<typeof factCreateInput>;

export const factPatch = z.object({
  factText: factFields.factText.optional(),
  source: factFields.source.optional(),
  active: factFields.active.optional(),
  order: factFields.order.optional(),
  factDate: factDateField,
});
export const factUpdateInput = idInput.extend({ data: factPatch });
export type FactPatch = z.input<typeof factPatch>;

export const factMoveInput = idInput.extend({ direction: z.enum(['up', 'down']) });

/** Drag and drop: put the fact just before or after another one, wherever that one is. */
export const factReorderInput = idInput.extend({
  targetId: idField,
  position: z.enum(['before', 'after']),
});

export const factTagInput = z.object({
  factId: idField,
  tagId: idField,
});

export const tagCreateInput = z.object({
  name: storedText().trim().min(1, MESSAGES.tagName).max(LIMITS.tagMax, MESSAGES.tagNameMax),
});
export type TagCreateInput = z.input<typeof tagCreateInput>;

/** The fact form's client-side shape: same rules as the API, date kept as the input's string. */
export const factFormSchema = z.object({
  factText: factFields.factText,
  source: factFields.source,
  active: factFields.active,
  factDate: z.string(),
});
export type FactFormValues = z.infer<typeof factFormSchema>;
