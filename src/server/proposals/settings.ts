/**
 * The owner's proposal settings (docs/proposals.md, "Settings"): the currency new proposals
 * start in, the bank-transfer text the client's page shows when Stripe is not set up, and a
 * price list the AI draft may price items from. No row reads as the defaults.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '#db';
import { proposalSettings } from '#db/schema';
import { DEFAULT_CURRENCY, type ProposalSettings } from '#shared/proposals';

export const DEFAULT_PROPOSAL_SETTINGS: ProposalSettings = Object.freeze({
  currency: DEFAULT_CURRENCY,
  bankTransferText: '',
  priceList: '',
});

export async function readProposalSettings(db: Db): Promise<ProposalSettings> {
  const row = await db.select().from(proposalSettings).where(eq(proposalSettings.id, 1)).get();
  if (!row) return DEFAULT_PROPOSAL_SETTINGS;
  return {
    currency: row.currency,
    bankTransferText: row.bankTransferText,
    priceList: row.priceList,
  };
}

/** Stores the settings (one row); the caller writes the audit entry in the same transaction. */
export async function storeProposalSettings(
  tx: Db,
  settings: ProposalSettings,
  by: string,
  now: Date,
): Promise<void> {
  const values = { ...settings, updatedAt: now, updatedBy: by };
  await tx
    .insert(proposalSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: proposalSettings.id, set: values });
}
