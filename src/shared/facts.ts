import { z } from 'zod/mini';
import { LIMITS } from './constants';
import { MESSAGES } from './messages';
import { idField, idInput, oneLine, storedText } from './validation';

/**
 * A fact date arrives as a string from the date input; an empty or unparseable one is
 * stored as null, never rejected.
 */
export const factDateField = z.pipe(
  z.optional(z.union([z.string(), z.null()])),
  z.transform((value): Date | null | undefined => {
    if (value === undefined) return undefined;
    if (value === null || value.trim() === '') return null;
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  }),
);

const factFields = {
  factText: storedText().check(
    z.trim(),
    z.minLength(LIMITS.factTextMin, MESSAGES.factText),
    z.maxLength(LIMITS.factTextMax, MESSAGES.factTextMax),
  ),
  source: storedText().check(
    z.trim(),
    z.minLength(LIMITS.sourceMin, MESSAGES.source),
    z.maxLength(LIMITS.sourceMax, MESSAGES.sourceMax),
  ),
  active: z.boolean(),
  order: z.number().check(z.int(MESSAGES.order), z.minimum(0, MESSAGES.order)),
};

export const factCreateInput = z.object({
  factText: factFields.factText,
  source: factFields.source,
  active: z._default(factFields.active, true),
  /** Blank (empty string, null, absent) or 0 means "after the last fact". */
  order: z.pipe(
    z.nullish(z.union([factFields.order, z.literal('')], MESSAGES.order)),
    z.transform((v) => (v === '' ? null : v)),
  ),
  factDate: factDateField,
  /** Older clients send it; the server's clock is authoritative, so it is ignored. */
  createdAt: z.optional(z.string()),
});
export type FactCreateInput = z.input<typeof factCreateInput>;

export const factPatch = z.object({
  factText: z.optional(factFields.factText),
  source: z.optional(factFields.source),
  active: z.optional(factFields.active),
  order: z.optional(factFields.order),
  factDate: factDateField,
});
export const factUpdateInput = z.extend(idInput, { data: factPatch });
export type FactPatch = z.input<typeof factPatch>;

export const factMoveInput = z.extend(idInput, { direction: z.enum(['up', 'down']) });

/** Drag and drop: put the fact just before or after another one, wherever that one is. */
export const factReorderInput = z.extend(idInput, {
  targetId: idField,
  position: z.enum(['before', 'after']),
});

export const factTagInput = z.object({
  factId: idField,
  tagId: idField,
});

/** A tag's name: the facts' tags, and an entry's tags too (shared/entries.ts). */
export const tagNameField = storedText().check(
  z.trim(),
  z.minLength(1, MESSAGES.tagName),
  z.maxLength(LIMITS.tagMax, MESSAGES.tagNameMax),
  oneLine(MESSAGES.tagNameOneLine),
);

export const tagCreateInput = z.object({ name: tagNameField });
export type TagCreateInput = z.input<typeof tagCreateInput>;

/** The fact form's client-side shape: same rules as the API, date kept as the input's string. */
export const factFormSchema = z.object({
  factText: factFields.factText,
  source: factFields.source,
  active: factFields.active,
  factDate: z.string(),
});
export type FactFormValues = z.infer<typeof factFormSchema>;
