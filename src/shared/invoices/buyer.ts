/**
 * The buyer kept on a lead (docs/invoices.md, "The buyer"): whom its invoices name, filled by
 * the owner (PATCH /api/leads/:id `{ buyer }`) or, later, by the client after accepting. The
 * invoice's own fields (schemas.ts `buyerFields`) and the address invoices are mailed to.
 */
import { z } from 'zod/mini';
import { emailField } from '../validation';
import { buyerFields, vatIdOfCountry, type InvoiceContentInput } from './schemas';

/** Left out is null: the VAT ID, the buyer's reference, and the address (the lead's). */
const absentIsNull = <T extends z.ZodMiniType>(field: T) => z._default(z.nullable(field), null);

export const leadBuyerInput = z
  .object({
    ...buyerFields,
    vatId: z._default(buyerFields.vatId, null),
    reference: z._default(buyerFields.reference, null),
    /** Where invoices go; null: the lead's own address. */
    email: absentIsNull(emailField),
  })
  .check(vatIdOfCountry);

export type LeadBuyerInput = z.input<typeof leadBuyerInput>;
export type LeadBuyer = z.output<typeof leadBuyerInput>;

/** The buyer as an invoice names it (BG-7): the lead's buyer without the mailing address. */
export function invoiceBuyerOf(buyer: LeadBuyer): InvoiceContentInput['buyer'] {
  return {
    name: buyer.name,
    addressLines: buyer.addressLines,
    postcode: buyer.postcode,
    city: buyer.city,
    country: buyer.country,
    vatId: buyer.vatId,
    reference: buyer.reference,
  };
}

/** A buyer's fields as a form holds them: text each, the address lines in order. */
export interface TypedBuyer {
  name: string;
  addressLines: readonly string[];
  postcode: string;
  city: string;
  country: string;
  vatId: string;
  reference: string;
  email: string;
}

/**
 * What a form sends of the buyer typed (the client's on `/p/`, the owner's on the lead): an
 * empty address line left out, an empty optional field null. The schema above trims and
 * checks the rest, so a form holds no second copy of its rules.
 */
export function buyerFromText(typed: TypedBuyer): LeadBuyerInput {
  const orNull = (value: string) => (value.trim() === '' ? null : value);
  return {
    name: typed.name,
    addressLines: typed.addressLines.filter((line) => line.trim() !== ''),
    postcode: typed.postcode,
    city: typed.city,
    country: typed.country,
    vatId: orNull(typed.vatId),
    reference: orNull(typed.reference),
    email: orNull(typed.email),
  };
}
