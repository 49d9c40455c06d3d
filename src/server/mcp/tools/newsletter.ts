/** A newsletter draft (docs/mcp.md, "Tools"): written or changed, never sent. */
import { z } from 'zod/mini';
import { tool, ToolInputError } from '../tool';
import { idArg, textArg } from './args';

export const newsletterTools = [
  tool({
    name: 'newsletter_draft_save',
    title: 'Save a newsletter draft',
    description:
      'Without id: a new newsletter in status draft. With id: changes that draft’s subject or body (a newsletter already sent is refused). Never sends: an administrator sends it from the admin.',
    scope: 'newsletter:write',
    readOnly: false,
    idempotent: false,
    input: z.object({
      id: z.optional(idArg('newsletter')),
      subject: z.optional(textArg('The subject line.')),
      body: z.optional(textArg('The text, in Markdown.')),
    }),
    async run({ id, subject, body }, { caller }) {
      if (id !== undefined) {
        return { newsletter: await caller.newsletters.update({ id, data: { subject, body } }) };
      }
      if (subject === undefined || body === undefined) {
        throw new ToolInputError('A new newsletter needs its subject and body.');
      }
      return { newsletter: await caller.newsletters.create({ subject, body }) };
    },
  }),
];
