/**
 * Engagements (docs/mcp.md, "Tools"; docs/engagements.md): the list as the admin reads it,
 * through the admin's own `engagements.list`. Read only, under the leads' read scope (an
 * engagement is the work of a lead): a token never makes, mails, revokes or closes a link.
 */
import { z } from 'zod/mini';
import { engagementStatusValues } from '#shared/engagements/values';
import { tool } from '../tool';
import { idArg } from './args';

export const engagementTools = [
  tool({
    name: 'engagements_list',
    title: 'List engagements',
    description:
      'The work opened by accepted proposals, newest first (at most 100): each with its lead, proposal, title, status (active or closed), whether the client may upload files, and whether the client’s link works. Never the link itself. Filter by status or lead.',
    scope: 'leads:read',
    readOnly: true,
    idempotent: true,
    input: z.object({
      status: z.optional(z.enum(engagementStatusValues)),
      leadId: z.optional(idArg('lead')),
    }),
    run: (input, { caller }) => caller.engagements.list(input),
  }),
];
