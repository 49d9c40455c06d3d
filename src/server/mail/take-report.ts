/**
 * Bounces and complaints taken in (docs/mail.md, "Bounces and complaints"), from the owner's
 * mailbox (leads/answers/poller.ts hands each mail here first) or a provider's webhook
 * (webhook-routes.ts). Whom a report is about: the mail its VERP address names, else the
 * address it gives; someone this site does not mail is ignored and logged. Each report is
 * recorded once per address (platform/outbox/delivery-reports.ts); a complaint also
 * unsubscribes the address.
 */
import { eq } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { outbox } from '#db/schema';
import type { DeliverySource } from '#shared/outbox';
import type { DeliveryReport } from '#server/platform/deliverability/delivery-report';
import type { ProviderEvent } from '#server/platform/deliverability/provider-events';
import type { Logger } from '#server/platform/logger';
import { recordDeliveryReport } from '#server/platform/outbox/delivery-reports';
import { unsubscribeAddress } from '#server/newsletter/unsubscribe-address';
import { isKnownAddress } from './known-address';

export interface ReportDeps {
  db: Db;
  logger: Logger;
}

/** One address's part of a report. */
interface Finding {
  kind: 'hard' | 'soft' | 'complaint';
  email: string | null;
  verp: number | null;
  detail: string;
}

/** What became of a mail from the mailbox: `other` is not a report (a person's answer). */
export type ReportOutcome = 'other' | 'taken' | 'ignored';

/** The address a VERP token's mail went to. */
async function verpRecipient(db: Db, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const row = await db.select({ to: outbox.toEmail }).from(outbox).where(eq(outbox.id, id)).get();
  return row?.to.toLowerCase() ?? null;
}

async function takeFinding(
  deps: ReportDeps,
  finding: Finding,
  report: { key: string; source: DeliverySource },
  now: Date,
): Promise<boolean> {
  const { db, logger } = deps;
  const byVerp = await verpRecipient(db, finding.verp);
  const email = byVerp ?? finding.email?.toLowerCase() ?? null;
  if (email === null || (byVerp === null && !(await isKnownAddress(db, email)))) {
    // No address in the log: the report may name a stranger, or nobody at all.
    logger.info('mail.report_unknown_recipient', { source: report.source, kind: finding.kind });
    return false;
  }
  const recorded = await writeTransaction(db, async (tx) => {
    const done = await recordDeliveryReport(
      tx,
      { ...report, kind: finding.kind, email, detail: finding.detail },
      now,
    );
    if (done.taken && finding.kind === 'complaint') await unsubscribeAddress(tx, email, now);
    return done;
  });
  if (recorded.taken) {
    logger.info('mail.report_taken', {
      source: report.source,
      kind: finding.kind,
      suppressed: recorded.suppressed,
    });
  }
  return recorded.taken;
}

/** A mail read from the mailbox, as platform/deliverability/delivery-report.ts read it. */
export async function takeMailboxReport(
  deps: ReportDeps,
  report: DeliveryReport,
  mail: { key: string; raw: Buffer },
  now: Date,
): Promise<ReportOutcome> {
  const source = { key: mail.key, source: 'mailbox' as const };
  switch (report.kind) {
    case 'other':
      return 'other';
    case 'ignored':
      deps.logger.info('mail.report_ignored', { reason: report.reason });
      return 'ignored';
    case 'unreadable': {
      // Kept whole for the admin to read: it may be a bounce this reader does not know.
      await writeTransaction(deps.db, (tx) =>
        recordDeliveryReport(
          tx,
          {
            ...source,
            kind: 'unreadable',
            email: '',
            detail: report.reason,
            raw: mail.raw.toString('utf8'),
          },
          now,
        ),
      );
      deps.logger.info('mail.report_unreadable', { reason: report.reason });
      return 'taken';
    }
    case 'complaint':
      await takeFinding(
        deps,
        {
          kind: 'complaint',
          email: report.email,
          verp: report.verp,
          detail: `complaint: ${report.feedbackType}`,
        },
        source,
        now,
      );
      return 'taken';
    case 'bounce':
      for (const recipient of report.recipients) {
        await takeFinding(
          deps,
          {
            kind: recipient.hard ? 'hard' : 'soft',
            email: recipient.email,
            verp: report.verp,
            detail: [recipient.status, recipient.diagnostic].filter(Boolean).join(' '),
          },
          source,
          now,
        );
      }
      return 'taken';
  }
}

/** A provider's webhook events, checked already; `key` names the request. */
export async function takeProviderEvents(
  deps: ReportDeps,
  source: 'postmark' | 'mailgun' | 'resend',
  key: string,
  events: ProviderEvent[],
  now: Date,
): Promise<void> {
  for (const event of events) {
    if (event.kind === 'ignored') continue;
    const kind =
      event.kind === 'hard_bounce' ? 'hard' : event.kind === 'soft_bounce' ? 'soft' : 'complaint';
    await takeFinding(
      deps,
      { kind, email: event.email, verp: null, detail: event.detail },
      { key: `${source}:${key}`, source },
      now,
    );
  }
}
