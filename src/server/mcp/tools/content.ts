/**
 * Case studies, insights and facts (docs/mcp.md, "Tools"): read as the admin reads them; an
 * entry written only as a draft, never published, and never over a published entry's text.
 */
import { z } from 'zod/mini';
import { entryKindValues, entryStatusValues } from '#shared/entry-values';
import { tool, ToolInputError } from '../tool';
import { idArg, pageArg, searchArg, textArg } from './args';

const entryText = {
  slug: z.optional(
    textArg('Its address, lower-case words joined by "-" (made from the title when left out).'),
  ),
  title: textArg('The title, one line.'),
  summary: textArg('The summary shown in lists and under the title.'),
  body: textArg('The text, in Markdown.'),
  client: z.optional(textArg('The client’s name (case studies), one line.')),
  industry: z.optional(textArg('The client’s industry, one line.')),
  results: z.optional(
    z.array(z.object({ label: textArg('What was measured.'), value: textArg('The figure.') })),
  ),
  tags: z.optional(z.array(z.string())),
};

export const contentTools = [
  tool({
    name: 'entries_list',
    title: 'List case studies and insights',
    description:
      'Case studies and insights, last updated first, 25 a page, without their text; filter by kind, status (draft or published) and words in the title or summary.',
    scope: 'content:read',
    readOnly: true,
    idempotent: true,
    input: z.object({
      kind: z.optional(z.enum(entryKindValues)),
      status: z.optional(z.enum(entryStatusValues)),
      q: searchArg,
      page: pageArg,
    }),
    run: (input, { caller }) => caller.entries.list(input),
  }),
  tool({
    name: 'entry_get',
    title: 'Read a case study or insight',
    description:
      'One case study or insight with its text, its status, its version (give it as baseVersion to entry_draft_save) and who saved each version.',
    scope: 'content:read',
    readOnly: true,
    idempotent: true,
    input: z.object({ id: idArg('entry') }),
    run: (input, { caller }) => caller.entries.get(input),
  }),
  tool({
    name: 'entry_draft_save',
    title: 'Save a draft case study or insight',
    description:
      'Without id: a new draft (give kind). With id and baseVersion (from entry_get): the draft’s whole text again, as a new version; refused when someone saved after baseVersion, and refused for a published entry. Never publishes: an administrator reviews and publishes in the admin.',
    scope: 'content:write',
    readOnly: false,
    idempotent: false,
    input: z.object({
      id: z.optional(idArg('draft entry')),
      baseVersion: z.optional(
        z.number().check(z.int(), z.describe('The version the text was written over (with id).')),
      ),
      kind: z.optional(z.enum(entryKindValues)),
      ...entryText,
    }),
    async run({ id, baseVersion, kind, ...text }, { caller }) {
      if (id === undefined) {
        if (kind === undefined) throw new ToolInputError('A new draft needs its kind.');
        return caller.entries.create({ kind, ...text });
      }
      if (baseVersion === undefined) {
        throw new ToolInputError('Give baseVersion, the version entry_get answered.');
      }
      return caller.entryDrafts.save({ id, baseVersion, ...text });
    },
  }),
  tool({
    name: 'facts_list',
    title: 'List facts',
    description: 'Every fact of the site’s fact carousel, in its order, with its source and tags.',
    scope: 'content:read',
    readOnly: true,
    idempotent: true,
    input: z.object({}),
    run: async (_input, { caller }) => ({ facts: await caller.facts.listAll() }),
  }),
];
