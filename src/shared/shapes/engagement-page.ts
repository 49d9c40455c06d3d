/**
 * The answers of the `engagementPage` procedures (docs/engagements.md, "What the client
 * sees"): an engagement as its client sees it through their link. No id of the site's records
 * beyond what the page's own paths need (an invoice's or a file's id under this engagement),
 * and nothing the owner did not share: no notes, triage, drafts or the lead's status.
 */
import { z } from 'zod/mini';
import { engagementStatusValues } from '../engagements/values';
import { invoiceKindValues } from '../invoices/records';
import { engagementFileOutput, threadMessageOutput } from './engagements';

/** The signed proposal that opened the engagement. */
const signedProposalOutput = z.strictObject({
  number: z.string(),
  version: z.number(),
  title: z.string(),
  /** Markdown, as signed. */
  summary: z.string(),
  currency: z.string(),
  /** Minor units. */
  total: z.number(),
  signedBy: z.string(),
  signedAt: z.string(),
  documentHash: z.nullable(z.string()),
  /** The signed PDF, under the engagement's link (null in the owner's preview). */
  pdfPath: z.nullable(z.string()),
});

/** An issued invoice or credit note of the lead. */
const engagementInvoiceOutput = z.strictObject({
  id: z.number(),
  kind: z.enum(invoiceKindValues),
  number: z.string(),
  issueDate: z.nullable(z.string()),
  dueDate: z.nullable(z.string()),
  currency: z.string(),
  /** Minor units, tax included. */
  gross: z.number(),
  pdfPath: z.nullable(z.string()),
});

/** A confirmed call still to come: its time; it is changed from its own confirmation mail. */
const engagementCallOutput = z.strictObject({
  start: z.string(),
  end: z.string(),
  location: z.string(),
  /** Its manage page under the link, to move or cancel it (null in the owner's preview). */
  managePath: z.nullable(z.string()),
});

export const engagementPageOutput = z.strictObject({
  title: z.string(),
  status: z.enum(engagementStatusValues),
  /** Closed: the page reads, nothing on it can be changed. */
  readOnly: z.boolean(),
  createdAt: z.string(),
  closedAt: z.nullable(z.string()),
  clientUploads: z.boolean(),
  proposal: z.nullable(signedProposalOutput),
  invoices: z.array(engagementInvoiceOutput),
  calls: z.array(engagementCallOutput),
  files: z.array(
    z.strictObject({ ...engagementFileOutput.shape, downloadPath: z.nullable(z.string()) }),
  ),
  thread: z.array(threadMessageOutput),
  /** Where the message form posts (null in the owner's preview and once closed). */
  messagePath: z.nullable(z.string()),
  /** Where the file form posts: null unless the owner allows client uploads, and as above. */
  uploadPath: z.nullable(z.string()),
});
export type EngagementPage = z.infer<typeof engagementPageOutput>;

/** `/api/e/link`: always the same neutral answer. */
export const engagementLinkRequestOutput = z.strictObject({ message: z.string() });

export const outputs = {
  view: engagementPageOutput,
  requestLink: engagementLinkRequestOutput,
};
