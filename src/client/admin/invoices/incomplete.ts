/**
 * Issuing's 409 when the seller profile or the lead's buyer lacks what an invoice needs
 * (docs/api.md, "Invoices": `invoice.seller_incomplete`, `invoice.buyer_incomplete`): each
 * missing field an issue `seller.<field>` or `buyer.<field>`, read here to be listed with a
 * link to where it is filled in.
 */
import { isConflict } from '../ui/errors';
import { serverIssues } from '../ui/field-issues';

export interface Incomplete {
  party: 'seller' | 'buyer';
  /** The fields by their names in the profile or the buyer: `legalName`, `city`. */
  fields: string[];
  message: string;
}

export function incompleteOf(error: unknown): Incomplete | null {
  if (!isConflict(error)) return null;
  const issues = serverIssues(error);
  const first = issues[0];
  if (!first) return null;
  const party = first.path.startsWith('seller.') ? 'seller' : 'buyer';
  const prefix = `${party}.`;
  const fields = issues
    .filter((issue) => issue.path.startsWith(prefix))
    .map((issue) => issue.path.slice(prefix.length));
  if (fields.length === 0) return null;
  const message = error instanceof Error ? error.message : '';
  return { party, fields, message };
}
