/**
 * The owner's notice of an answer (docs/leads.md, "Answers by e-mail"), through a real SMTP
 * server: one mail to CONTACT_NOTIFY_TO naming the lead and linking to its page, at most one
 * per lead an hour, however many answers arrive at once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { leads } from '#db/schema';
import { createMailer, mailsSettled } from '#server/platform/mail';
import { mailSenderName } from '#server/site/site-brand';
import { createTestDeps, testConfig, type TestDeps } from '#tests/support/app';
import { createMemoryLogger } from '#tests/support/logger';
import { startSmtpSink, type SmtpSink } from '#tests/support/smtp-sink';
import { sendAnswerNotice } from './answer-notice';
import { takeAnswer } from './capture';

let deps: TestDeps;
let sink: SmtpSink;
let mails = 0;

beforeEach(async () => {
  sink = await startSmtpSink();
  const logger = createMemoryLogger();
  const config = testConfig({
    siteUrl: 'https://harbor.example',
    siteTimezone: 'Europe/London',
    contactNotifyTo: 'owner@harbor.example',
    smtpUrl: sink.url,
  });
  deps = await createTestDeps({ config, logger });
  deps.clock.set(new Date('2026-06-01T09:00:00Z'));
  deps.mailer = createMailer({
    smtpUrl: sink.url,
    from: config.mailFrom,
    senderName: mailSenderName(config, deps.db),
    production: false,
    logger,
  });
  const now = deps.clock.now();
  await writeTransaction(deps.db, (tx) =>
    tx
      .insert(leads)
      .values(
        ['helen@example.com', 'tom@example.com'].map((email, i) => ({
          email,
          name: i ? 'Tom' : 'Helen Ward',
          status: 'replied' as const,
          createdAt: now,
          lastActivityAt: now,
        })),
      )
      .run(),
  );
});

afterEach(async () => {
  await sink?.close();
});

const answerFrom = (from: string) =>
  takeAnswer(
    { ...deps, notice: (lead) => sendAnswerNotice(deps, lead) },
    { mailId: `answer-${++mails}@mail.example`, threadIds: [], from, text: 'Thursday works.' },
    deps.clock.now(),
  );

async function notices() {
  await mailsSettled(deps.mailer);
  return sink.to('owner@harbor.example');
}

describe('the notice of an answer', () => {
  it('tells the owner who answered, when, and where to reply', async () => {
    expect(await answerFrom('helen@example.com')).toBe('stored');
    const [notice, ...more] = await notices();
    expect(more).toEqual([]);
    expect(notice!.headers.get('subject')).toBe('New answer from Helen Ward');
    expect(notice!.text).toContain('https://harbor.example/admin/leads/1');
    expect(notice!.text).toContain('Received: Monday 1 June 2026, 10:00 BST');
    // The answer's own words stay in the owner's mailbox.
    expect(notice!.text).not.toContain('Thursday works.');
    expect(notice!.html).toContain('href="https://harbor.example/admin/leads/1"');
  });

  it('goes once per lead an hour, however many answers arrive at once', async () => {
    await Promise.all([1, 2, 3].map(() => answerFrom('helen@example.com')));
    await answerFrom('tom@example.com');
    expect((await notices()).map((n) => n.headers.get('subject')).sort()).toEqual([
      'New answer from Helen Ward',
      'New answer from Tom',
    ]);
    deps.clock.advance(59 * 60_000);
    await answerFrom('helen@example.com');
    expect(await notices()).toHaveLength(2);
    deps.clock.advance(60_000);
    await answerFrom('helen@example.com');
    expect(await notices()).toHaveLength(3);
  });
});
