/**
 * Proposals stored directly as a sent one is (a token chosen by the test, kept as its hash),
 * for the client page's tests (src/server/proposals/client-page/).
 */
import { writeTransaction } from '#db';
import { proposals } from '#db/schema';
import { proposalAmounts, type Deposit, type ProposalItem } from '#shared/proposals';
import type { ProposalStatus } from '#shared/proposals';
import type { AppDeps } from '#server/http/trpc';
import { newToken, tokenHash } from '#server/platform/tokens';

export interface SentProposalFields {
  leadId: number;
  number?: string;
  version?: number;
  status?: ProposalStatus;
  title?: string;
  summary?: string;
  terms?: string;
  items?: ProposalItem[];
  currency?: string;
  deposit?: Deposit | null;
  validUntil?: string | null;
  sentAt?: Date;
}

export const ITEMS: ProposalItem[] = [
  { description: 'Discovery workshop', quantity: 1, unitAmount: 150_000 },
  { description: 'Prototype, per day', quantity: 2.5, unitAmount: 90_000 },
];

/** Stores a proposal as sending leaves it and answers it with its link's token. */
export async function storeSentProposal(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  fields: SentProposalFields,
): Promise<{ id: number; token: string }> {
  const token = newToken();
  const items = fields.items ?? ITEMS;
  const deposit: Deposit | null =
    fields.deposit === undefined ? { kind: 'percent', value: 30 } : fields.deposit;
  const { total, depositAmount } = proposalAmounts(items, deposit);
  const now = deps.clock.now();
  const row = await writeTransaction(deps.db, (tx) =>
    tx
      .insert(proposals)
      .values({
        leadId: fields.leadId,
        number: fields.number ?? 'P-2026-1',
        version: fields.version ?? 1,
        title: fields.title ?? 'AI support assistant',
        summary: fields.summary ?? 'We build **a support assistant** for your team.',
        items: JSON.stringify(items),
        currency: fields.currency ?? 'EUR',
        depositKind: deposit?.kind ?? null,
        depositValue: deposit?.value ?? null,
        total,
        depositAmount,
        validUntil: fields.validUntil === undefined ? '2026-02-14' : fields.validUntil,
        terms: fields.terms ?? '## Payment\n\nInvoices are due in 30 days.',
        status: fields.status ?? 'sent',
        tokenHash: tokenHash(token),
        createdAt: now,
        updatedAt: now,
        sentAt: fields.sentAt ?? now,
      })
      .returning({ id: proposals.id })
      .get(),
  );
  return { id: row.id, token };
}
