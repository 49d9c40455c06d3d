/**
 * `npm run bench -- --only=newsletter`: what sending one newsletter to 10,000 confirmed subscribers
 * (BENCH_RECIPIENTS) costs: mails a second and the memory used, printed, never asserted.
 * The sender runs as in production (its loop on real timers, nodemailer over SMTP) with the
 * rate limit at its highest, against a local SMTP server in this process that accepts and
 * discards every message, on a fresh database file.
 *
 * The SMTP connections are pooled (`?pool=true` on the URL, as docs/operations.md suggests
 * for large lists): the test server waits 100 ms before greeting each new connection, which
 * would otherwise be all this measures. BENCH_POOL=0 measures one connection per mail.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import { closeDatabase, openDatabase, type Db } from '#db';
import { newsletters } from '#db/schema';
import { createMailSender } from '#server/app/mail-sender';
import { createMailer } from '#server/platform/mail';
import { systemClock } from '#server/platform/clock';
import { createLogger } from '#server/platform/logger';
import { adminCaller, createTestDeps, testConfig } from '#tests/support/app';
import { startSmtpSink } from '#tests/support/smtp-sink';

const COUNT = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const RATE = 60_000;
const POOL = process.env.BENCH_POOL !== '0';

/** A newsletter of a usual length: headings, lists, links, about 3 KB of Markdown. */
export const BODY = Array.from(
  { length: 6 },
  (_, i) => `## Part ${i + 1}

What we learned this month about **retrieval**, evaluation and the cost of inference, with a
[link to the write-up](https://example.com/notes/${i + 1}) and a list:

- one finding that held up in production;
- another that did not, and why;
- what we will try next.
`,
).join('\n');

/** `count` confirmed subscribers, reader1@example.com onwards, written straight to the file. */
export function fill(file: string, count = COUNT): void {
  const sqlite = new Database(file);
  const insert = sqlite.prepare(
    `insert into subscribers (email, status, created_at, confirmed_at) values (?, 'confirmed', ?, ?)`,
  );
  const at = Date.UTC(2025, 0, 1);
  sqlite.transaction(() => {
    for (let i = 1; i <= count; i++) insert.run(`reader${i}@example.com`, at, at);
  })();
  sqlite.close();
}

export const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** Whether the sender has finished the newsletter (every recipient settled). */
export async function newsletterSent(db: Db, id: number): Promise<boolean> {
  const row = await db
    .select({ status: newsletters.status })
    .from(newsletters)
    .where(eq(newsletters.id, id))
    .get();
  return row?.status === 'sent';
}

export function collect(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
}

export async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-newsletter-'));
  const sink = await startSmtpSink({ keep: false });
  try {
    const file = path.join(dir, 'app.db');
    await closeDatabase(await openDatabase({ file })); // migrate
    fill(file);
    const db = await openDatabase({ file });
    // Lines are dropped: a logger that kept them would be the memory this measures.
    const logger = createLogger(() => {});
    const smtpUrl = POOL ? `${sink.url}/?pool=true` : sink.url;
    const config = testConfig({
      smtpUrl,
      siteUrl: 'https://bench.example',
      bulkRatePerMinute: RATE,
    });
    const mailer = createMailer({
      smtpUrl,
      from: config.mailFrom,
      production: false,
      logger,
    });
    const deps = await createTestDeps({ db, config, mailer, logger, clock: systemClock });
    const admin = await adminCaller(deps);
    const { id } = await admin.newsletters.create({ subject: 'Monthly notes', body: BODY });

    collect();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, 100);

    const started = performance.now();
    await admin.newsletters.send({ id });
    const queued = performance.now();
    const sender = createMailSender(deps);
    sender.start();
    while (!(await newsletterSent(db, id))) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const finished = performance.now();
    await sender.stop();
    clearInterval(sampler);
    collect();
    const after = process.memoryUsage();
    const progress = await admin.newsletters.byId({ id });

    const seconds = (finished - queued) / 1000;
    console.log(`recipients            ${COUNT.toLocaleString('en-US')}`);
    console.log(`SMTP connections      ${POOL ? 'pooled' : 'one per mail'}`);
    console.log(`sent / failed         ${progress.sent} / ${progress.failed}`);
    console.log(`SMTP accepted         ${sink.accepted()} over ${sink.connections()} connections`);
    console.log(`send (queue all)      ${(queued - started).toFixed(0)} ms`);
    console.log(`sending               ${seconds.toFixed(1)} s`);
    console.log(`throughput            ${(COUNT / seconds).toFixed(0)} mails/s`);
    console.log(
      `RSS before / peak     ${mib(before.rss)} / ${mib(peakRss)} (+${mib(peakRss - before.rss)})`,
    );
    console.log(
      `heap before / peak    ${mib(before.heapUsed)} / ${mib(peakHeap)} (+${mib(peakHeap - before.heapUsed)})`,
    );
    console.log(
      `heap after (gc)       ${mib(after.heapUsed)} (${after.heapUsed >= before.heapUsed ? '+' : ''}${mib(after.heapUsed - before.heapUsed)})`,
    );
    await closeDatabase(db);
  } finally {
    await sink.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
