/**
 * The owner's proposal settings (docs/proposals.md, "Settings"): the currency new proposals
 * start in, the bank-transfer text the client's page shows when Stripe is not set up, a price
 * list the AI draft may price items from, and the terms new proposals start with. No row reads
 * as the defaults; no default terms saved (null) read as the starting text (default-terms.ts).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '#db';
import { proposalSettings } from '#db/schema';
import {
  DEFAULT_CURRENCY,
  type ProposalSettings,
  type ProposalSettingsInput,
} from '#shared/proposals';
import { DEFAULT_PROPOSAL_TERMS } from './default-terms';

export const DEFAULT_PROPOSAL_SETTINGS: ProposalSettings = Object.freeze({
  currency: DEFAULT_CURRENCY,
  bankTransferText: '',
  priceList: '',
  defaultTerms: DEFAULT_PROPOSAL_TERMS,
});

export async function readProposalSettings(db: Db): Promise<ProposalSettings> {
  const row = await db.select().from(proposalSettings).where(eq(proposalSettings.id, 1)).get();
  if (!row) return DEFAULT_PROPOSAL_SETTINGS;
  return {
    currency: row.currency,
    bankTransferText: row.bankTransferText,
    priceList: row.priceList,
    defaultTerms: row.defaultTerms ?? DEFAULT_PROPOSAL_TERMS,
  };
}

/**
 * Stores the settings (one row); default terms left out stay as they are. The caller writes
 * the audit entry in the same transaction.
 */
export async function storeProposalSettings(
  tx: Db,
  settings: ProposalSettingsInput,
  by: string,
  now: Date,
): Promise<void> {
  const { defaultTerms, ...rest } = settings;
  const values = {
    ...rest,
    ...(defaultTerms !== undefined && { defaultTerms }),
    updatedAt: now,
    updatedBy: by,
  };
  await tx
    .insert(proposalSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: proposalSettings.id, set: values });
}
