/**
 * GET /metrics through app.request() (docs/operations.md, "Metrics"): 404 without
 * METRICS_TOKEN, 401 without the token, and with it the Prometheus text: requests by route
 * template (never the raw path), the database's figures read at the scrape, and the process's.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { aiUsage, assistantDays, deliveryReports, outbox } from '#db/schema';
import { recordRun } from '#server/backups/runs';
import { queueMail } from '#server/mail/outbox/queue-mail';
import { createTestApp, testConfig } from '#tests/support/app';

const TOKEN = 'a-metrics-token-long-enough';

const withToken = () =>
  createTestApp({
    config: testConfig({
      operations: {
        metricsToken: TOKEN,
        otlpEndpoint: null,
        serviceName: null,
        shutdownSeconds: 10,
      },
    }),
  });

const scrape = (app: {
  request: (path: string, init?: RequestInit) => Response | Promise<Response>;
}) => app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });

/** The value of the sample whose name and labels are exactly these. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

it('is 404 without METRICS_TOKEN', async () => {
  const { app } = await createTestApp();
  const res = await app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(404);
});

it('is 401 without the token or with another', async () => {
  const { app } = await withToken();
  for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN]) {
    const res = await app.request('/metrics', {
      headers: authorization === undefined ? {} : { authorization },
    });
    expect(res.status, authorization).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('Bearer');
    expect(await res.json()).toEqual({
      success: false,
      message: 'A valid bearer token is required',
    });
  }
});

it('counts requests by route template and status, never by the raw path', async () => {
  const { app } = await withToken();
  await app.request('/livez');
  await app.request('/livez');
  await app.request('/uploads/logo-secret-slug-0123456789abcdef.png');
  await app.request('/no/such/page-4711');
  await app.request('/api/trpc/no.such.procedure');

  const res = await scrape(app);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  const text = await res.text();
  expect(sample(text, 'http_requests_total{route="/livez",method="GET",status="200"}')).toBe(2);
  expect(
    sample(text, 'http_request_duration_seconds_count{route="/livez",method="GET",status="200"}'),
  ).toBe(2);
  expect(
    sample(text, 'http_requests_total{route="/uploads/:name",method="GET",status="404"}'),
  ).toBe(1);
  expect(sample(text, 'http_requests_total{route="unmatched",method="GET",status="404"}')).toBe(1);
  expect(text).toMatch(
    /http_requests_total\{route="\/api\/trpc\/\*",method="GET",status="4\d\d"\} 1/,
  );
  for (const raw of ['secret-slug', 'page-4711', 'no.such.procedure'])
    expect(text).not.toContain(raw);
});

it("reads mail, reports, this month's AI tokens and the assistant's questions at the scrape", async () => {
  const { app, deps } = await withToken();
  const now = deps.clock.now();
  const message = { to: 'someone@example.com', subject: 'Hello', text: 'Hi' };
  await writeTransaction(deps.db, async (tx) => {
    await queueMail(tx, { kind: 'notice', message }, now);
    await queueMail(tx, { kind: 'notice', message }, now);
    const sent = await queueMail(tx, { kind: 'code', message }, now);
    await tx.update(outbox).set({ status: 'sent', sentAt: now }).where(eq(outbox.id, sent)).run();
    const failed = await queueMail(tx, { kind: 'reply', message }, now);
    await tx.update(outbox).set({ status: 'failed' }).where(eq(outbox.id, failed)).run();
    await tx
      .insert(deliveryReports)
      .values({ key: 'r1', source: 'smtp', kind: 'hard', email: 'x@example.com', at: now })
      .run();
    // The test clock is in January 2026: December's tokens are not this month's.
    await tx
      .insert(aiUsage)
      .values([
        {
          feature: 'triage',
          model: 'm',
          month: '2026-01',
          inputTokens: 120,
          outputTokens: 30,
          at: now,
        },
        {
          feature: 'triage',
          model: 'm',
          month: '2025-12',
          inputTokens: 999,
          outputTokens: 999,
          at: now,
        },
      ])
      .run();
    await tx
      .insert(assistantDays)
      .values([
        { day: '2026-01-14', questions: 4, asked: 3, answered: 3, handedOff: 1 },
        { day: '2026-01-15', questions: 2, asked: 2, answered: 1, handedOff: 0 },
      ])
      .run();
  });

  const text = await (await scrape(app)).text();
  expect(sample(text, 'mail_outbox_messages{kind="notice",status="queued"}')).toBe(2);
  expect(sample(text, 'mail_outbox_messages{kind="code",status="sent"}')).toBe(1);
  expect(sample(text, 'mail_outbox_messages{kind="reply",status="failed"}')).toBe(1);
  expect(sample(text, 'mail_delivery_reports{kind="hard",source="smtp"}')).toBe(1);
  expect(sample(text, 'ai_tokens_this_month{direction="input"}')).toBe(120);
  expect(sample(text, 'ai_tokens_this_month{direction="output"}')).toBe(30);
  expect(sample(text, 'assistant_questions{count="questions"}')).toBe(6);
  expect(sample(text, 'assistant_questions{count="handed_off"}')).toBe(1);
  // No backup yet: both times read 0 (never).
  expect(sample(text, 'backup_last_timestamp_seconds{outcome="success"}')).toBe(0);
  expect(sample(text, 'backup_last_timestamp_seconds{outcome="failure"}')).toBe(0);
  // The process's own: event-loop delay and memory (prom-client's default metrics).
  expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
  expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
});

it('gives the last good backup and the last failed one, across instances', async () => {
  const { app, deps } = await withToken();
  const run = (at: string, ok: boolean) => ({
    startedAt: new Date(at),
    finishedAt: new Date(at),
    ok,
    key: ok ? `backup-${at}.db.gz` : null,
    places: ['/backups'],
    size: ok ? 1000 : null,
    error: ok ? null : 'disk full',
  });
  await recordRun(deps.db, run('2026-01-10T03:00:00Z', true), null);
  await recordRun(deps.db, run('2026-01-11T03:00:00Z', false), null);
  await recordRun(deps.db, run('2026-01-09T03:00:00Z', true), null);

  const text = await (await scrape(app)).text();
  expect(sample(text, 'backup_last_timestamp_seconds{outcome="success"}')).toBe(
    Date.parse('2026-01-10T03:00:00Z') / 1000,
  );
  expect(sample(text, 'backup_last_timestamp_seconds{outcome="failure"}')).toBe(
    Date.parse('2026-01-11T03:00:00Z') / 1000,
  );
});
