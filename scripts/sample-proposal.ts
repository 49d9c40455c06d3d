/**
 * `npm run audit -- --proposal`: a lead and a sent proposal written straight into the audited
 * server's database, with a link token chosen here (only its hash is stored, as the site
 * stores it), so the client's page `/p/<token>` can be audited like any visitor's page.
 * Three items, a 30 % deposit, terms of a realistic length.
 */
import { createHash } from 'node:crypto';
import { withDatabase } from '../tests/e2e/support/database';
import { DEFAULT_TERMS_MARKDOWN } from '../src/shared/site-content-terms';
import { proposalAmounts } from '../src/shared/proposals';
import { DAY_MS } from '#shared/calendar-days';

/** 43 characters of base64url, as newToken() makes them. */
export const SAMPLE_PROPOSAL_TOKEN = 'SampleProposalTokenForTheAuditOnly012345678';

export function writeSampleProposal(dbPath: string): string {
  const items = [
    { description: 'Discovery workshop with your team', quantity: 2, unitAmount: 150_000 },
    { description: 'Prototype of the support assistant', quantity: 1, unitAmount: 800_000 },
    { description: 'Hand-over and training', quantity: 0.5, unitAmount: 150_000 },
  ];
  const deposit = { kind: 'percent' as const, value: 30 };
  const { total, depositAmount } = proposalAmounts(items, deposit);
  const now = Date.now();
  const validUntil = new Date(now + 30 * DAY_MS).toISOString().slice(0, 10);
  withDatabase(dbPath, (db) => {
    const lead = db
      .prepare(
        `insert into leads (email, name, company, status, created_at, last_activity_at)
         values ('ada@client.example', 'Ada Client', 'Client Ltd', 'proposal', ?, ?) returning id`,
      )
      .get(now, now) as { id: number };
    db.prepare(
      `insert into proposals (lead_id, number, version, title, summary, items, currency,
         deposit_kind, deposit_value, total, deposit_amount, valid_until, terms, status,
         token_hash, created_at, updated_at, sent_at)
       values (?, 'P-2026-1', 1, 'An AI assistant for your support inbox', ?, ?, 'EUR',
         'percent', 30, ?, ?, ?, ?, 'sent', ?, ?, ?, ?)`,
    ).run(
      lead.id,
      'We read your last 500 support e-mails, then build an assistant that drafts answers for your team to check and send.\n\n**What you get:** a working prototype in three weeks, and your team trained to run it.',
      JSON.stringify(items),
      total,
      depositAmount,
      validUntil,
      DEFAULT_TERMS_MARKDOWN,
      createHash('sha256').update(SAMPLE_PROPOSAL_TOKEN).digest('base64url'),
      now,
      now,
      now,
    );
  });
  return `/p/${SAMPLE_PROPOSAL_TOKEN}`;
}
