/**
 * Bounces and complaints taken in (docs/mail.md, "Bounces and complaints"), from the owner's
 * mailbox (mailbox/reader.ts hands each mail here first) or a provider's webhook
 * (webhook-routes.ts). Anyone can mail the owner's mailbox a report, so one from there counts
 * only when it proves a mail the site sent: its VERP token verifies (the mail's recipient is
 * whom it is about), or it quotes the Message-ID of a mail sent to the address it names. Any
 * other is kept as `unverified` for the owner and changes nothing. A provider's event is
 * checked by the provider's own signature first. Someone this site does not mail is ignored
 * and logged. Each report is recorded once per address (delivery-reports.ts); a complaint also
 * runs `onComplaint`, which app/ passes in: the newsletter's unsubscription of the address.
 */
import { and, eq } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { outbox } from '#db/schema';
import type { DeliverySource } from '#shared/outbox';
import type { DeliveryReport } from '#server/mail/deliverability/delivery-report';
import type { ProviderEvent } from '#server/mail/deliverability/provider-events';
import type { Logger } from '#server/platform/logger';
import { recordDeliveryReport } from '#server/mail/reports/delivery-reports';
import { isKnownAddress } from './known-address';

/**
 * What a taken complaint does beyond the suppression, in the report's transaction: the
 * newsletter's unsubscription (newsletter/unsubscribe-address.ts), passed in by whoever builds
 * the reader or the webhook (app/, leads' answers poller), so the mail layer imports no feature.
 */
export type ComplaintHook = (tx: Db, email: string, now: Date) => Promise<unknown>;

export interface ReportDeps {
  db: Db;
  logger: Logger;
  onComplaint: ComplaintHook;
}

/** One address's part of a report. */
interface Finding {
  kind: 'hard' | 'soft' | 'complaint';
  email: string | null;
  detail: string;
  /** What proves the mail it is about: a mailbox report's own; null for a provider's event. */
  proof: { verp: number | null; messageId: string | null; raw: string } | null;
}

/** What became of a mail from the mailbox: `other` is not a report (a person's answer). */
export type ReportOutcome = 'other' | 'taken' | 'ignored';

/**
 * The mail the site sent that a report proves it is about, and its recipient: the one its
 * VERP token names, or the sent one with the Message-ID it quotes to the address it names
 * (whom it names, when it names nobody). Null: nothing proven.
 */
async function provenMail(
  db: Db,
  finding: Finding,
  proof: NonNullable<Finding['proof']>,
): Promise<{ id: number; email: string } | null> {
  const named = finding.email?.toLowerCase() ?? null;
  const where =
    proof.verp !== null
      ? eq(outbox.id, proof.verp)
      : proof.messageId !== null
        ? and(eq(outbox.messageId, proof.messageId), eq(outbox.status, 'sent'))
        : null;
  if (where === null) return null;
  const row = await db
    .select({ id: outbox.id, to: outbox.toEmail })
    .from(outbox)
    .where(where)
    .get();
  const email = row?.to.toLowerCase() ?? '';
  // An erased person's row keeps no address: nothing to prove.
  if (!row || email === '') return null;
  if (proof.verp === null && named !== null && named !== email) return null;
  return { id: row.id, email };
}

async function takeFinding(
  deps: ReportDeps,
  finding: Finding,
  report: { key: string; source: DeliverySource },
  now: Date,
): Promise<boolean> {
  const { db, logger } = deps;
  const proven = finding.proof ? await provenMail(db, finding, finding.proof) : null;
  const email = proven?.email ?? finding.email?.toLowerCase() ?? null;
  if (email === null || (proven === null && !(await isKnownAddress(db, email)))) {
    // No address in the log: the report may name a stranger, or nobody at all.
    logger.info('mail.report_unknown_recipient', { source: report.source, kind: finding.kind });
    return false;
  }
  if (finding.proof && proven === null) {
    // Listed for the owner (mailReports.unverified), acted on by nobody.
    const entry = {
      ...report,
      kind: 'unverified' as const,
      email,
      // What it claimed: "hard bounce: 5.1.1 …", "complaint: abuse".
      detail:
        finding.kind === 'complaint' ? finding.detail : `${finding.kind} bounce: ${finding.detail}`,
      raw: finding.proof.raw,
    };
    const done = await writeTransaction(db, (tx) => recordDeliveryReport(tx, entry, now));
    if (done.taken) logger.info('mail.report_unverified', { kind: finding.kind });
    return done.taken;
  }
  const recorded = await writeTransaction(db, async (tx) => {
    const done = await recordDeliveryReport(
      tx,
      { ...report, kind: finding.kind, email, detail: finding.detail, mailId: proven?.id },
      now,
    );
    if (done.taken && finding.kind === 'complaint') await deps.onComplaint(tx, email, now);
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

/** A mail read from the mailbox, as mail/deliverability/delivery-report.ts read it. */
export async function takeMailboxReport(
  deps: ReportDeps,
  report: DeliveryReport,
  mail: { key: string; raw: Buffer },
  now: Date,
): Promise<ReportOutcome> {
  const source = { key: mail.key, source: 'mailbox' as const };
  const raw = mail.raw.toString('utf8');
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
            raw,
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
          detail: `complaint: ${report.feedbackType}`,
          proof: { verp: report.verp, messageId: report.messageId, raw },
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
            detail: [recipient.status, recipient.diagnostic].filter(Boolean).join(' '),
            proof: { verp: report.verp, messageId: report.messageId, raw },
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
      { kind, email: event.email, detail: event.detail, proof: null },
      { key: `${source}:${key}`, source },
      now,
    );
  }
}
