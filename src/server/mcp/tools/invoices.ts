/**
 * Invoices (docs/mcp.md, "Tools"; docs/invoices.md): the list as the admin reads it, and a new
 * draft on a lead, written through the admin's own `invoices.create` (its rules, its audit
 * entry). A draft has no number and binds nothing: issuing, sending, crediting and recording
 * payments stay with a person (../procedures.ts reaches no such procedure).
 */
import { z } from 'zod/mini';
import { invoiceStatusValues } from '#shared/invoices/records';
import { taxCategoryValues, unitCodeValues } from '#shared/invoices/codes';
import { tool } from '../tool';
import { idArg, pageArg, textArg } from './args';

const dayArg = (what: string) => textArg(`${what}, YYYY-MM-DD.`);

const itemArg = z.object({
  description: textArg('What the item is, one line.'),
  quantity: z.number().check(z.describe('How many units: above 0, at most three decimals.')),
  unitCode: z.enum(unitCodeValues).check(z.describe('HUR hours, DAY days, C62 units.')),
  unitAmount: z
    .number()
    .check(
      z.int(),
      z.describe(
        'The net price of one unit in minor units of the currency (cents: 150000 is 1,500.00 EUR); below 0 for a discount line.',
      ),
    ),
  category: z.optional(
    z
      .enum(taxCategoryValues)
      .check(
        z.describe(
          'The VAT category: S standard, Z zero rated, E exempt, AE reverse charge, O not subject. Left out: the seller profile’s default.',
        ),
      ),
  ),
  rate: z.optional(
    z
      .number()
      .check(
        z.describe(
          'The VAT rate in percent, 0 to 100, at most two decimals. Left out: the profile’s default rate when the category is the profile’s default category, else 0.',
        ),
      ),
  ),
});

export const invoiceTools = [
  tool({
    name: 'invoices_list',
    title: 'List invoices and credit notes',
    description:
      'Invoices and credit notes, newest first, 25 a page, with their number (none on a draft), lead, items, net, tax and gross in minor units (cents), what is paid and still due, and the payment status. Filter by status, issue day (from, to) or lead.',
    scope: 'invoices:read',
    readOnly: true,
    idempotent: true,
    input: z.object({
      status: z.optional(z.enum(invoiceStatusValues)),
      from: z.optional(dayArg('Issued on or after this day')),
      to: z.optional(dayArg('Issued on or before this day')),
      leadId: z.optional(idArg('lead')),
      page: pageArg,
    }),
    run: (input, { caller }) => caller.invoices.list(input),
  }),
  tool({
    name: 'invoice_draft',
    title: 'Write a draft invoice for a lead',
    description:
      'A new invoice in status draft on a lead: its items, and where they differ from the seller profile’s defaults the currency, the due day, the day or period of supply and the exemption text. The server computes every amount. A draft has no number: an administrator reviews it and issues it from the admin, or not.',
    scope: 'invoices:write',
    readOnly: false,
    idempotent: false,
    input: z.object({
      leadId: idArg('lead'),
      items: z.optional(z.array(itemArg)),
      currency: z.optional(textArg('ISO 4217 code, e.g. EUR. Left out: the site’s currency.')),
      dueDate: z.optional(
        dayArg('The day payment is due, today or later (left out: the profile’s terms)'),
      ),
      supplyDate: z.optional(
        dayArg(
          'The day of supply, or give supplyPeriod instead, never both (left out: the issue day)',
        ),
      ),
      supplyPeriod: z.optional(
        z.object({ from: dayArg('First day of supply'), to: dayArg('Last day of supply') }),
      ),
      exemptionText: z.optional(
        textArg('Why no VAT is charged, printed on the invoice (exempt or not subject items).'),
      ),
    }),
    run: (input, { caller }) => caller.invoices.create(input),
  }),
];
