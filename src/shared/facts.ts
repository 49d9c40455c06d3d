import { z } from 'zod';
import { LIMITS } from './constants';
import { MESSAGES } from './messages';
import { idField, idInput, storedText } from './validation';

/**
 * A fact date arrives as a string from the date input; an empty or unparseable one is
 * stored as null, never rejected.
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
  /** Older clients send it; the server's clock is authoritative, so it is ignored. */
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
