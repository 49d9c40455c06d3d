/**
 * The answers of the `audit` procedures, as the `.output(...)` schema of each procedure: tRPC checks
 * every answer against it (an unknown key is an error, not dropped), and the OpenAPI document
 * describes the REST answers with it (docs/api.md, "OpenAPI").
 */
import { z } from 'zod/mini';
import { fileDownloadOutput } from './file-download';
import { auditActionValues, auditViaValues } from '../audit';

/** One entry as the API answers it (docs/api.md). */
export const auditEventOutput = z.strictObject({
  id: z.number(),
  at: z.string(),
  actor: z.nullable(z.string()),
  action: z.enum(auditActionValues),
  target: z.nullable(z.string()),
  address: z.nullable(z.string()),
  /** Set for the command line's entries and the first administrator made at the server's start. */
  via: z.nullable(z.enum(auditViaValues)),
  /** What it concerns in words, as it was when written: "fact “Alan Turing…”", "alice". */
  subject: z.nullable(z.string()),
  /** The admin screen of that thing while it still exists ("/admin/ai-fact-edit/4"), else null. */
  link: z.nullable(z.string()),
});
export type AuditEvent = z.infer<typeof auditEventOutput>;

export const outputs = {
  list: z.strictObject({
    events: z.array(auditEventOutput),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
  }),
  actors: z.strictObject({ actors: z.array(z.string()) }),
  exportCsv: fileDownloadOutput,
};
