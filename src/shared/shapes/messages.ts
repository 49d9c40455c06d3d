/**
 * The answers of the `messages` procedures, as the `.output(...)` schema of each procedure: tRPC checks
 * every answer against it (an unknown key is an error, not dropped), and the OpenAPI document
 * describes the REST answers with it (docs/api.md, "OpenAPI").
 */
import { z } from 'zod/mini';
import { contactSubjectValues } from '../address-values';
import { fileDownloadOutput } from './file-download';

/** A message as the admin reads it. */
const messageOutput = z.strictObject({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  company: z.nullable(z.string()),
  /** The contact form's subjects, from their one list. */
  subject: z.enum(contactSubjectValues),
  message: z.string(),
  createdAt: z.string(),
  readAt: z.nullable(z.string()),
  /** Its lead (docs/leads.md); null only for a row stored without one. */
  leadId: z.nullable(z.number()),
});
export type Message = z.infer<typeof messageOutput>;

export const outputs = {
  list: z.strictObject({
    messages: z.array(messageOutput),
    total: z.number(),
    unread: z.number(),
    page: z.number(),
    pageSize: z.number(),
  }),
  unreadCount: z.strictObject({ unread: z.number() }),
  byId: messageOutput,
  setRead: messageOutput,
  remove: z.strictObject({ success: z.literal(true) }),
  exportCsv: fileDownloadOutput,
};
