/**
 * Sending, withdrawing (docs/proposals.md): a draft goes to the lead with a fresh link, and the
 * lead moves to `proposal`; a revision sent marks the versions before it `replaced` (their
 * links then show it). The link's token is stored only as its hash. A draft past its "Valid
 * until" day, or with items without a price the owner did not confirm as free of charge, is
 * refused (shared/proposal-send-rules.ts).
 */
import { and, eq, inArray, lt } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { leadEvents, leads, proposals } from '#db/schema';
import { addDays } from '#shared/calendar-days';
import { DEFAULT_VALID_DAYS, PROPOSAL_MESSAGES as M } from '#shared/proposals';
import {
  unconfirmedItems,
  unpricedItems,
  unpricedMessage,
  validUntilPassed,
} from '#shared/proposal-send-rules';
import { queueMail } from '#server/mail/outbox/queue-mail';
import { mailQueued, type SendDeps } from '#server/mail/outbox/send-mail';
import { mailSite } from '#server/site/site-brand';
import type { SiteSettingsConfig } from '#server/site/site-settings';
import { newToken, tokenHash } from '#server/platform/tokens';
import { conflict, proposalNotFound } from './drafts';
import { dayIn, leadOf, parseItems, type ProposalRow } from './proposal-json';
import { proposalUrl, renderProposalMail } from './proposal-mail';

export interface SendProposalDeps extends SendDeps {
  config: SiteSettingsConfig;
}

/** Statuses a version is out in (a link the client may open); expired ones are still `sent`/`viewed`. */
const OUT = ['sent', 'viewed'] as const;

/** 409 unless draft `current` may go out on `today` with the items `noCharge` confirms free. */
function checkSendable(current: ProposalRow, today: string, noCharge: readonly string[]): void {
  if (current.status !== 'draft') throw conflict(M.notSendable);
  if (current.items === '[]' || current.total <= 0) throw conflict(M.nothingToSend);
  if (validUntilPassed(current.validUntil, today)) throw conflict(M.validUntilPast);
  const unconfirmed = unconfirmedItems(unpricedItems(parseItems(current.items)), noCharge);
  if (unconfirmed.length > 0) throw conflict(unpricedMessage(unconfirmed));
}

/**
 * Sends draft `id`: status `sent`, its day (30 days on when none was set), a new link mailed
 * in the same transaction, the lead moved to `proposal` (a won lead stays won). `noCharge`
 * names the items without a price the owner confirmed as free of charge. `audit` writes the
 * caller's audit entry in that transaction. Answers the row as sent.
 */
export async function sendProposal(
  deps: SendProposalDeps,
  request: { id: number; noCharge?: readonly string[] },
  actor: string,
  audit: (tx: Db, row: ProposalRow) => Promise<unknown>,
): Promise<ProposalRow> {
  const { id } = request;
  const site = await mailSite(deps);
  const now = deps.clock.now();
  const today = dayIn(now, site.timeZone);
  const token = newToken();
  const sent = await writeTransaction(deps.db, async (tx) => {
    const current = await tx.select().from(proposals).where(eq(proposals.id, id)).get();
    if (!current) throw proposalNotFound();
    checkSendable(current, today, request.noCharge ?? []);
    const lead = await tx
      .select()
      .from(leads)
      .where(eq(leads.id, leadOf(current)))
      .get();
    if (!lead) throw proposalNotFound();
    const validUntil = current.validUntil ?? addDays(today, DEFAULT_VALID_DAYS);
    const row = await tx
      .update(proposals)
      .set({ status: 'sent', sentAt: now, validUntil, tokenHash: tokenHash(token), updatedAt: now })
      .where(and(eq(proposals.id, id), eq(proposals.status, 'draft')))
      .returning()
      .get();
    if (!row) throw conflict(M.notSendable);
    if (row.version > 1) {
      // The versions before it: out or declined ones are replaced; accepted ones stay.
      await tx
        .update(proposals)
        .set({ status: 'replaced', updatedAt: now })
        .where(
          and(
            eq(proposals.number, row.number),
            lt(proposals.version, row.version),
            inArray(proposals.status, [...OUT, 'declined', 'expired']),
          ),
        );
    }
    await tx.insert(leadEvents).values({
      leadId: lead.id,
      at: now,
      kind: 'proposal_sent',
      actor,
      text: `${row.number} v${row.version}: ${row.title}`,
      proposalId: row.id,
    });
    if (lead.status !== 'proposal' && lead.status !== 'won') {
      await tx.insert(leadEvents).values({
        leadId: lead.id,
        at: now,
        kind: 'status_changed',
        actor,
        status: 'proposal',
        fromStatus: lead.status,
      });
    }
    await tx
      .update(leads)
      .set({ lastActivityAt: now, ...(lead.status !== 'won' && { status: 'proposal' as const }) })
      .where(eq(leads.id, lead.id));
    const mail = renderProposalMail({
      site,
      name: lead.name,
      number: row.number,
      version: row.version,
      title: row.title,
      total: row.total,
      currency: row.currency,
      validUntil,
      link: proposalUrl(site.address, token),
      revised: row.version > 1,
    });
    await queueMail(
      tx,
      { kind: 'proposal', message: { to: lead.email, ...mail }, ref: `proposal:${row.id}` },
      now,
    );
    await audit(tx, row);
    return row;
  });
  await mailQueued(deps);
  return sent;
}

/** Withdraws a proposal that is out (sent or viewed, expired or not); 409 otherwise. */
export async function withdrawProposal(tx: Db, id: number, now: Date): Promise<ProposalRow> {
  const row = await tx
    .update(proposals)
    .set({ status: 'withdrawn', updatedAt: now })
    .where(and(eq(proposals.id, id), inArray(proposals.status, [...OUT])))
    .returning()
    .get();
  if (row) return row;
  const exists = await tx
    .select({ id: proposals.id })
    .from(proposals)
    .where(eq(proposals.id, id))
    .get();
  throw exists ? conflict(M.notWithdrawable) : proposalNotFound();
}
