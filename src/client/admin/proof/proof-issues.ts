/**
 * A refused save or publish as messages by field (docs/api.md, "Testimonials and client
 * logos"): the server's own words at the field its issue names, so the rule is written once,
 * on the server. `consent.at` and `consent.how` go to their inputs, `consent` (publishing
 * without one) to the consent record as a whole, `image` to the logo's upload; anything else,
 * a 404 or the network, to the form.
 */
import { errorMessage } from '../ui/errors';
import { serverIssues } from '../ui/field-issues';

export const PROOF_FIELDS = [
  'quote',
  'name',
  'role',
  'company',
  'entryId',
  'url',
  'consent',
  'consent.at',
  'consent.how',
  'image',
] as const;
export type ProofField = (typeof PROOF_FIELDS)[number];

export type ProofIssues = Partial<Record<ProofField | 'form', string>>;

const isField = (path: string): path is ProofField =>
  (PROOF_FIELDS as readonly string[]).includes(path);

export function proofIssues(error: unknown): ProofIssues {
  const found: ProofIssues = {};
  for (const { path, message } of serverIssues(error)) {
    const field = isField(path) ? path : 'form';
    found[field] ??= message;
  }
  if (Object.keys(found).length === 0) found.form = errorMessage(error);
  return found;
}
