/**
 * The figures /metrics reads from the database at each scrape (docs/operations.md, "Metrics"):
 * the whole site's, whichever instance is scraped. A new one is an entry in SCRAPE_GAUGES: a
 * name, its labels and a read of the database. Each is one small aggregate query.
 */
import { sql } from 'drizzle-orm';
import { aiUsage, assistantDays, deliveryReports, outbox } from '#db/schema';
import { siteSettings } from '#server/site/site-settings';
import { monthOf } from '#server/ai/month';
import type { AppDeps } from '#server/http/trpc';
import { backupTimes } from '#server/backups/runs';

export interface ScrapeGauge {
  name: string;
  help: string;
  labelNames: readonly string[];
  read(deps: AppDeps): Promise<{ labels: Record<string, string>; value: number }[]>;
}

const outboxMail: ScrapeGauge = {
  name: 'mail_outbox_messages',
  help: 'Mail in the outbox by kind and status (queued, sending, sent, failed), all instances',
  labelNames: ['kind', 'status'],
  async read({ db }) {
    const rows = await db
      .select({ kind: outbox.kind, status: outbox.status, count: sql<number>`count(*)` })
      .from(outbox)
      .groupBy(outbox.kind, outbox.status);
    return rows.map((row) => ({
      labels: { kind: row.kind, status: row.status },
      value: Number(row.count),
    }));
  },
};

const reports: ScrapeGauge = {
  name: 'mail_delivery_reports',
  help: 'Delivery reports kept (bounces, complaints), by kind and where they came from',
  labelNames: ['kind', 'source'],
  async read({ db }) {
    const rows = await db
      .select({
        kind: deliveryReports.kind,
        source: deliveryReports.source,
        count: sql<number>`count(*)`,
      })
      .from(deliveryReports)
      .groupBy(deliveryReports.kind, deliveryReports.source);
    return rows.map((row) => ({
      labels: { kind: row.kind, source: row.source },
      value: Number(row.count),
    }));
  },
};

const aiTokens: ScrapeGauge = {
  name: 'ai_tokens_this_month',
  help: "AI tokens used in the current calendar month (the site's time zone), by direction",
  labelNames: ['direction'],
  async read(deps) {
    const { timeZone } = await siteSettings(deps);
    const month = monthOf(deps.clock.now(), timeZone);
    const [row] = await deps.db
      .select({
        input: sql<number>`coalesce(sum(${aiUsage.inputTokens}), 0)`,
        output: sql<number>`coalesce(sum(${aiUsage.outputTokens}), 0)`,
        reserved: sql<number>`coalesce(sum(${aiUsage.reserved}), 0)`,
      })
      .from(aiUsage)
      .where(sql`${aiUsage.month} = ${month}`);
    return [
      { labels: { direction: 'input' }, value: Number(row?.input ?? 0) },
      { labels: { direction: 'output' }, value: Number(row?.output ?? 0) },
      // Held for calls still running: what the monthly cap counts besides the settled ones.
      { labels: { direction: 'reserved' }, value: Number(row?.reserved ?? 0) },
    ];
  },
};

const assistantQuestions: ScrapeGauge = {
  name: 'assistant_questions',
  help: "The site assistant's questions since it was first on: asked, sent to the model, answered, handed off",
  labelNames: ['count'],
  async read({ db }) {
    const [row] = await db
      .select({
        questions: sql<number>`coalesce(sum(${assistantDays.questions}), 0)`,
        asked: sql<number>`coalesce(sum(${assistantDays.asked}), 0)`,
        answered: sql<number>`coalesce(sum(${assistantDays.answered}), 0)`,
        handedOff: sql<number>`coalesce(sum(${assistantDays.handedOff}), 0)`,
      })
      .from(assistantDays);
    return (['questions', 'asked', 'answered', 'handedOff'] as const).map((count) => ({
      labels: { count: count === 'handedOff' ? 'handed_off' : count },
      value: Number(row?.[count] ?? 0),
    }));
  },
};

/** Unix seconds, 0 for never: an alert on "older than a day" then fires for a site never backed up. */
const unixSeconds = (at: Date | null) => (at ? at.getTime() / 1000 : 0);

const backups: ScrapeGauge = {
  name: 'backup_last_timestamp_seconds',
  help: 'When the last verified backup succeeded, and when the last one failed (0: never), all instances',
  labelNames: ['outcome'],
  async read({ db }) {
    const { lastSuccessAt, lastFailureAt } = await backupTimes(db);
    return [
      { labels: { outcome: 'success' }, value: unixSeconds(lastSuccessAt) },
      { labels: { outcome: 'failure' }, value: unixSeconds(lastFailureAt) },
    ];
  },
};

/** Read at each scrape, in this order. */
export const SCRAPE_GAUGES: ScrapeGauge[] = [
  outboxMail,
  reports,
  aiTokens,
  assistantQuestions,
  backups,
];
