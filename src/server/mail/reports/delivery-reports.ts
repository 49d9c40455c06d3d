/**
 * What a bounce, a complaint or a refusal at send time does (docs/mail.md, "Bounces and
 * complaints"): the report is recorded once per address, whatever instance or restart reads
 * it again, and its address is suppressed when the rule says: a hard bounce or a complaint at
 * once, soft bounces at the third in 30 days. Where the report came from (the mailbox, SMTP,
 * a provider's webhook) is the caller's business.
 */
import { and, count, eq, gte } from 'drizzle-orm';
import type { Db } from '#db';
import { deliveryReports } from '#db/schema';
import type { DeliveryKind, DeliverySource, SuppressionReason } from '#shared/outbox';
import { suppressAddress } from '../suppressions/suppression';
import { DAY_MS } from '#shared/calendar-days';

/** Soft bounces in this window, this many, suppress an address. */
export const SOFT_BOUNCE_WINDOW_MS = 30 * DAY_MS;
export const SOFT_BOUNCES_TO_SUPPRESS = 3;
/** The most of an unreadable report kept for the admin. */
export const UNREADABLE_KEPT_CHARS = 65_536;

export interface DeliveryReportEntry {
  /** Names the report: the same report read again has the same key. */
  key: string;
  source: DeliverySource;
  kind: DeliveryKind;
  /** '' for an unreadable report that names nobody. */
  email: string;
  detail: string;
  /** An unreadable or unverified report's text. */
  raw?: string;
  /** The outbox mail the report proved it is about (its VERP token or Message-ID). */
  mailId?: number | null;
}

export interface Recorded {
  /** False: this report was taken before (here or on another instance); nothing was done. */
  taken: boolean;
  /** Why the address was suppressed by this report, if it was. */
  suppressed: SuppressionReason | null;
}

/** Records one report for one address, inside the caller's write transaction. */
export async function recordDeliveryReport(
  tx: Db,
  entry: DeliveryReportEntry,
  now: Date,
): Promise<Recorded> {
  const email = entry.email.toLowerCase();
  const inserted = await tx
    .insert(deliveryReports)
    .values({
      key: entry.key,
      source: entry.source,
      kind: entry.kind,
      email,
      detail: entry.detail,
      raw: entry.raw?.slice(0, UNREADABLE_KEPT_CHARS) ?? null,
      mailId: entry.mailId ?? null,
      at: now,
    })
    .onConflictDoNothing()
    .returning({ id: deliveryReports.id })
    .all();
  if (inserted.length === 0) return { taken: false, suppressed: null };
  const reason = await suppressionReason(tx, entry.kind, email, now);
  if (reason === null || email === '') return { taken: true, suppressed: null };
  const detail =
    reason === 'soft_bounces'
      ? `${SOFT_BOUNCES_TO_SUPPRESS} soft bounces in 30 days; the last: ${entry.detail}`
      : entry.detail;
  const added = await suppressAddress(tx, { email, reason, detail }, now);
  return { taken: true, suppressed: added ? reason : null };
}

async function suppressionReason(
  tx: Db,
  kind: DeliveryKind,
  email: string,
  now: Date,
): Promise<SuppressionReason | null> {
  if (kind === 'hard') return 'hard_bounce';
  if (kind === 'complaint') return 'complaint';
  if (kind !== 'soft') return null;
  const since = new Date(now.getTime() - SOFT_BOUNCE_WINDOW_MS);
  const row = await tx
    .select({ n: count() })
    .from(deliveryReports)
    .where(
      and(
        eq(deliveryReports.email, email),
        eq(deliveryReports.kind, 'soft'),
        gte(deliveryReports.at, since),
      ),
    )
    .get();
  return (row?.n ?? 0) >= SOFT_BOUNCES_TO_SUPPRESS ? 'soft_bounces' : null;
}
