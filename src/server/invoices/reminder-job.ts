/**
 * Payment reminders (docs/invoices.md, "Reminders"), a mail job of the background sender
 * (app/mail-sender.ts): on each of the profile's reminder days (the due day plus each offset),
 * from 09:00 in the site's zone, an issued invoice with something still owed gets one reminder
 * through the outbox, with its PDF and a new link. At most one per invoice a day, across
 * instances (`invoice_reminders`, its key taken in the write that queues the mail); none once
 * paid, credited or cancelled, none while the owner stopped them, none to a suppressed address.
 * An invoice issued after 09:00 with a reminder due that day gets it at the next look. The job
 * looks once a minute, not at each of the sender's idle turns.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { invoiceReminders, invoices } from '#db/schema';
import { addDays, calendarDayText, dayIn } from '#shared/calendar-days';
import { formatMoney } from '#shared/money';
import type { MailJob, TurnOutcome } from '#server/mail/outbox/mail-loop';
import { isSuppressed } from '#server/mail/suppressions/suppression';
import type { Clock } from '#server/platform/clock';
import type { Logger } from '#server/platform/logger';
import { invoicingOn, readInvoiceSettings } from '#server/site/seller-profile';
import { mailSite, type MailSite } from '#server/site/site-brand';
import type { SiteSettingsConfig } from '#server/site/site-settings';
import { INVOICE_DATA_LINE, queueInvoiceMail } from './invoice-mail';
import type { InvoiceRow } from './invoice-json';
import { invoicesJson } from './invoice-store';
import { mailedTo } from './issued-document';

/** The hour, in the site's zone, from which a day's reminders go. */
export const REMINDER_HOUR = 9;
/** How long an idle look lasts before the next: well inside the two minutes promised. */
export const REMINDER_LOOK_MS = 60_000;

export interface InvoiceReminderDeps {
  db: Db;
  config: SiteSettingsConfig;
  clock: Clock;
  logger: Logger;
}

const hourIn = (at: Date, timeZone: string) =>
  Number(
    new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(at),
  );

/** The reminder's words; the owner's late-payment sentence once the due day has passed. */
export function reminderWords(
  invoice: Pick<InvoiceRow, 'number' | 'currency' | 'dueDate'>,
  owed: number,
  today: string,
  latePaymentText = '',
) {
  const money = formatMoney(owed, invoice.currency);
  const due = invoice.dueDate ?? today;
  const when =
    due > today
      ? `is due on ${calendarDayText(due)}`
      : due === today
        ? 'is due today'
        : `was due on ${calendarDayText(due)}`;
  return {
    subject: `Reminder: invoice ${invoice.number ?? ''} ${when}`,
    lines: [
      `A reminder: ${money} of invoice ${invoice.number ?? ''} ${when}.`,
      ...(due < today && latePaymentText ? [latePaymentText] : []),
      'If you have paid it already, thank you, and please ignore this e-mail.',
      INVOICE_DATA_LINE,
    ],
  };
}

/** The invoices whose reminder day is `today`, with what each still owes. */
async function dueToday(
  db: Db,
  offsets: readonly number[],
  today: string,
  deps: InvoiceReminderDeps,
) {
  const dueDays = offsets.map((offset) => addDays(today, -offset));
  const rows = await db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.kind, 'invoice'),
        eq(invoices.status, 'issued'),
        eq(invoices.remindersStopped, false),
        inArray(invoices.dueDate, dueDays),
      ),
    )
    .orderBy(invoices.id)
    .all();
  const shown = await invoicesJson(deps, rows);
  return rows.flatMap((row, i) => {
    const owed = shown[i]?.balance.outstanding ?? 0;
    const offset = offsets.find((one) => addDays(row.dueDate ?? '', one) === today);
    return owed > 0 && offset !== undefined ? [{ row, owed, offset }] : [];
  });
}

/** Sends the next reminder due now, if any: one mail a turn. */
async function remindNext(deps: InvoiceReminderDeps, now: Date): Promise<boolean> {
  const settings = await readInvoiceSettings(deps.db);
  if (!invoicingOn(settings) || settings.reminderOffsets.length === 0) return false;
  const site: MailSite = await mailSite(deps);
  if (hourIn(now, site.timeZone) < REMINDER_HOUR) return false;
  const today = dayIn(now, site.timeZone);
  for (const { row, owed, offset } of await dueToday(
    deps.db,
    settings.reminderOffsets,
    today,
    deps,
  )) {
    if (await isSuppressed(deps.db, mailedTo(row))) continue;
    const sent = await writeTransaction(deps.db, async (tx) => {
      const taken = await tx
        .insert(invoiceReminders)
        .values({ invoiceId: row.id, day: today, offset, createdAt: now })
        .onConflictDoNothing()
        .returning()
        .get();
      // Taken already: sent today by this instance or another.
      if (!taken) return false;
      const words = reminderWords(row, owed, today, settings.latePaymentText);
      await queueInvoiceMail(tx, row, site, now, {
        ...words,
        ref: `invoice-reminder:${row.id}:${today}`,
        timeline: `Reminder for invoice ${row.number ?? ''}: ${formatMoney(owed, row.currency)} owed`,
      });
      return true;
    });
    if (sent) {
      deps.logger.info('invoices.reminder_queued', { invoiceId: row.id, offset });
      return true;
    }
  }
  return false;
}

export function invoiceReminderJob(deps: InvoiceReminderDeps): MailJob {
  let nextLook = 0;
  async function turn(now: Date): Promise<TurnOutcome> {
    if (now.getTime() < nextLook) return { kind: 'idle' };
    if (await remindNext(deps, now)) return { kind: 'worked' };
    nextLook = now.getTime() + REMINDER_LOOK_MS;
    return { kind: 'idle' };
  }
  return { recover: () => Promise.resolve(), turn };
}
