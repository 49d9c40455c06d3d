/**
 * The inputs of the engagements' procedures (docs/api.md, "Engagements"): the admin's and the
 * client's page's, so the page's plain form and the JSON API keep one set of rules.
 */
import { z } from 'zod/mini';
import { emailField, idField } from '../validation';
import { engagementStatusValues } from './values';

/**
 * The link's token, as the path gives it. Its form is not checked here: a token that cannot
 * exist is as unknown as one that does not (404, counted like every link's miss).
 */
export const engagementTokenInput = z.object({ token: z.string() });

/** `/api/e/link`: the address the work is under. */
export const engagementLinkRequestInput = z.object({ email: emailField });

export const engagementUpdateInput = z.object({
  id: idField,
  clientUploads: z.boolean('clientUploads must be true or false'),
});

/** The admin's list (and the MCP tool's): by status, by lead. */
export const engagementListInput = z.object({
  status: z.optional(z.enum(engagementStatusValues)),
  leadId: z.optional(idField),
});
