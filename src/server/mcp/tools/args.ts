/**
 * The tools' input fields as the client sees them (types and words for the model). The rules
 * (lengths, one line, ranges) are the procedures' own (src/shared/), checked again when the
 * tool calls them: a broken one comes back as a tool error with the admin's message.
 */
import { z } from 'zod/mini';

/** A record's id. */
export const idArg = (what: string) =>
  z.number().check(z.int(), z.positive(), z.describe(`The ${what}'s id.`));

/** A page of a list, from 1. */
export const pageArg = z.optional(
  z.number().check(z.int(), z.positive(), z.describe('Page of the list, from 1 (default 1).')),
);

/** Words to look for; what each list searches is said in its tool's description. */
export const searchArg = z.optional(z.string().check(z.describe('Words to look for.')));

/** Free text, described. */
export const textArg = (description: string) => z.string().check(z.describe(description));
