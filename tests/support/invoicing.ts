/**
 * Invoicing set up for the router tests (docs/invoices.md): the seller profile of the core's
 * sample seller (tests/support/invoices.ts), a lead with the domestic or the Polish buyer, and
 * a draft to issue.
 */
import type { LeadBuyerInput } from '#shared/invoices/buyer';
import { adminCaller, createTestDeps, type Caller, type TestDeps } from './app';
import { buyer, domesticBuyer, SELLER_PROFILE } from './invoices';
import { storeLeads } from './stored-leads';

/** A complete profile: a German seller registered for VAT, 19 % by default. */
export { SELLER_PROFILE };

export const DOMESTIC_BUYER = { ...domesticBuyer, email: null } satisfies LeadBuyerInput;
/** The Polish buyer with a VAT ID: reverse charge from a German seller. */
export const EU_BUYER = { ...buyer, email: 'accounts@lodz.example' } satisfies LeadBuyerInput;

/** Two items at the default rate: 2 days at 1,800.00 and 12.5 hours at 150.00. */
export const ITEMS = [
  { description: 'Discovery workshop', quantity: 2, unitCode: 'DAY', unitAmount: 180_000 },
  { description: 'Evaluation', quantity: 12.5, unitCode: 'HUR', unitAmount: 15_000 },
] as const;

/**
 * A proposal's items with VAT: 2 days at €2,000.00 at 19 %, €4,760.00 gross; with the stored
 * proposal's 30 % deposit, €1,200.00 net and €228.00 VAT: €1,428.00 charged.
 */
export const PROPOSAL_VAT_ITEMS = [
  {
    description: 'Discovery workshop',
    quantity: 2,
    unitAmount: 200_000,
    category: 'S' as const,
    rate: 19,
  },
];

export interface Invoicing {
  deps: TestDeps;
  admin: Caller;
  leadId: number;
  /** A draft of ITEMS (or `fields`) on the lead; its id. */
  draft: (fields?: Record<string, unknown>) => Promise<number>;
}

/** An app with the profile saved and a lead with `leadBuyer`, or none when null. */
export async function invoicing(
  options: { deps?: TestDeps; leadBuyer?: LeadBuyerInput | null } = {},
): Promise<Invoicing> {
  const deps = options.deps ?? (await createTestDeps());
  const admin = await adminCaller(deps);
  await admin.invoices.saveSettings(SELLER_PROFILE);
  const [stored] = await storeLeads(deps, 1, { name: 'Ada Client', email: 'ada@client.example' });
  const leadId = stored!.lead.id;
  const leadBuyer = options.leadBuyer === undefined ? DOMESTIC_BUYER : options.leadBuyer;
  if (leadBuyer) await admin.leads.update({ id: leadId, data: { buyer: leadBuyer } });
  const draft = async (fields: Record<string, unknown> = {}) =>
    (await admin.invoices.create({ leadId, items: [...ITEMS], ...fields })).invoice.id;
  return { deps, admin, leadId, draft };
}
