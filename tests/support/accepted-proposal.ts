/**
 * A proposal stored directly, as sending and accepting leave it (the payments' tests need one
 * without going through the client's page): its lead, its link's token (kept hashed, as
 * send.ts keeps it) and, when accepted, the signature with the signer's address.
 */
import { writeTransaction } from '#db';
import { proposals, stripeCheckouts } from '#db/schema';
import {
  proposalAmounts,
  type Deposit,
  type ProposalItem,
  type ProposalStatus,
} from '#shared/proposals';
import type { AppDeps } from '#server/http/trpc';
import { newToken, tokenHash } from '#server/platform/tokens';
import type { TestClock } from './app';
import { storeLeads, type StoredLeadFields } from './stored-leads';

export interface StoredProposalFields {
  lead?: StoredLeadFields;
  /** An existing lead instead of a new one. */
  leadId?: number;
  status?: ProposalStatus;
  items?: ProposalItem[];
  deposit?: Deposit | null;
  currency?: string;
  number?: string;
  title?: string;
  signerEmail?: string;
}

export interface StoredProposal {
  id: number;
  leadId: number;
  token: string;
  /** The lead's address, which signed unless `signerEmail` said another. */
  email: string;
  number: string;
  total: number;
  depositAmount: number;
}

let stored = 0;

/** Default: €4,000.00 of work, a 30% deposit (€1,200.00), accepted by the lead. */
export async function storeProposal(
  deps: Pick<AppDeps, 'db'> & { clock: TestClock },
  fields: StoredProposalFields = {},
): Promise<StoredProposal> {
  // Taken before any wait: proposals stored at once each get their own.
  const n = (stored += 1);
  const email = fields.lead?.email ?? `client${n}@example.com`;
  const leadId =
    fields.leadId ??
    (await storeLeads(deps, 1, { status: 'won', ...fields.lead, email }))[0]!.lead.id;
  const items = fields.items ?? [
    { description: 'Discovery workshop', quantity: 2, unitAmount: 200_000 },
  ];
  const deposit =
    fields.deposit === undefined ? { kind: 'percent' as const, value: 30 } : fields.deposit;
  const { total, depositAmount } = proposalAmounts(items, deposit);
  const status = fields.status ?? 'accepted';
  const token = newToken();
  const number = fields.number ?? `P-2026-${n}`;
  const now = deps.clock.now();
  const row = await writeTransaction(deps.db, (tx) =>
    tx
      .insert(proposals)
      .values({
        leadId,
        number,
        title: fields.title ?? 'AI readiness review',
        items: JSON.stringify(items),
        currency: fields.currency ?? 'EUR',
        depositKind: deposit?.kind ?? null,
        depositValue: deposit?.value ?? null,
        total,
        depositAmount,
        status,
        tokenHash: status === 'draft' ? null : tokenHash(token),
        updatedAt: now,
        sentAt: status === 'draft' ? null : now,
        decidedAt: status === 'accepted' ? now : null,
        acceptance:
          status === 'accepted'
            ? JSON.stringify({
                name: 'Ada Client',
                email: fields.signerEmail ?? email,
                at: now.toISOString(),
                ip: '203.0.113.0/24',
                userAgent: 'test',
              })
            : null,
        documentHash: status === 'accepted' ? 'a'.repeat(64) : null,
      })
      .returning()
      .get(),
  );
  return { id: row.id, leadId, token, email, number, total, depositAmount };
}

/**
 * A Checkout Session of the proposal's deposit as checkout.ts stores it once Stripe made it
 * (the deposit, in the proposal's currency, unless said): the session a paid event must name.
 */
export async function storeCheckout(
  deps: Pick<AppDeps, 'db'> & { clock: TestClock },
  proposal: Pick<StoredProposal, 'id' | 'depositAmount'>,
  fields: { sessionId?: string; amount?: number; currency?: string } = {},
): Promise<string> {
  const sessionId = fields.sessionId ?? `cs_test_${newToken().replace(/-/g, '_')}`;
  await writeTransaction(deps.db, (tx) =>
    tx
      .insert(stripeCheckouts)
      .values({
        sessionId,
        proposalId: proposal.id,
        amount: fields.amount ?? proposal.depositAmount,
        currency: fields.currency ?? 'EUR',
        createdAt: deps.clock.now(),
      })
      .run(),
  );
  return sessionId;
}
