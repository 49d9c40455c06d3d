/**
 * What the sending tests share (src/server/newsletter/sender.test.ts, sender-instances.test.ts): a real SMTP server in
 * the test process, the app's deps on the test clock, and a sender whose turns the test runs
 * itself. The variables are live bindings: `setUp` sets them for the test that calls it. Each
 * test file stops what a test started with `afterEach(stopStarted)`.
 */
import { outbox } from '#db/schema';
import {
  adminCaller,
  createTestDeps,
  testConfig,
  type Caller,
  type TestDeps,
} from '#tests/support/app';
import { createMemoryLogger } from '#tests/support/logger';
import { storeSubscribersAs } from '#tests/support/newsletters';
import { startSmtpSink, type SmtpSink, type SmtpSinkOptions } from '#tests/support/smtp-sink';
import { createMailer } from '#server/platform/mail';
import { mailSenderName } from '#server/site/site-brand';
import { createMailSender } from '#server/app/mail-sender';
import type { MailSender } from '#server/mail/outbox/mail-loop';
import { unsubscribeToken } from '#server/newsletter/tokens';

export let sink: SmtpSink;
export let deps: TestDeps;
export let admin: Caller;
export let sender: MailSender;
/** What stopStarted stops: senders and SMTP servers started by the test. */
const started: { stop(): Promise<void> }[] = [];

/** 60 a minute: one mail a second of the test clock. */
export const RATE = 60;

export async function setUp(sinkOptions: SmtpSinkOptions = {}, smtpUrl?: string) {
  sink = await startSmtpSink(sinkOptions);
  started.push({ stop: () => sink.close() });
  const logger = createMemoryLogger();
  const config = testConfig({
    siteUrl: 'https://news.example',
    bulkRatePerMinute: RATE,
    smtpUrl: smtpUrl ?? sink.url,
  });
  deps = await createTestDeps({ config, logger });
  deps.mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    senderName: mailSenderName(config, deps.db),
    production: false,
    logger,
  });
  admin = await adminCaller(deps);
  sender = createMailSender(deps, { id: 'test-sender' });
  started.unshift(sender);
}

/** As setUp without SMTP_URL, in development: each mail goes to the log (its logger, returned). */
export async function setUpLogging(): Promise<ReturnType<typeof createMemoryLogger>> {
  const logger = createMemoryLogger();
  deps = await createTestDeps({
    logger,
    mailer: createMailer({ smtpUrl: null, from: 'a@example.com', production: false, logger }),
  });
  admin = await adminCaller(deps);
  sender = createMailSender(deps);
  started.push(sender);
  return logger;
}

/** Stops what the test started, senders first. */
export async function stopStarted(): Promise<void> {
  for (const thing of started.splice(0)) await thing.stop();
}

/** Another sender on the same deps (another instance), stopped after the test. */
export function anotherSender(id: string): MailSender {
  const other = createMailSender(deps, { id });
  started.unshift(other);
  return other;
}

/**
 * Runs turns until nothing is due at the clock's time, moving the clock over the bulk pace.
 * `afterEach` (optional) looks at the outbox after every turn.
 */
export async function drain(
  s: MailSender = sender,
  afterEach?: () => Promise<void>,
): Promise<void> {
  for (;;) {
    const turn = await s.turn();
    await afterEach?.();
    if (turn.kind === 'idle') return;
    if (turn.kind === 'paced') deps.clock.advance(turn.waitMs);
  }
}

export const NEWSLETTER = { subject: 'Spring news', body: 'Hello **readers**.\n\nSee you soon.' };

export async function sendTo(confirmed: string[]) {
  await storeSubscribersAs(deps, 'confirmed', confirmed);
  await admin.newsletters.create(NEWSLETTER);
  await admin.newsletters.send({ id: 1 });
}

/** The outbox row of each recipient's mail, by address. */
export async function mailRows() {
  return deps.db
    .select({
      id: outbox.id,
      to: outbox.toEmail,
      kind: outbox.kind,
      status: outbox.status,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      nextAttemptAt: outbox.nextAttemptAt,
      ref: outbox.ref,
    })
    .from(outbox)
    .orderBy(outbox.id)
    .all();
}

export const tokenOf = (email: string) => unsubscribeToken(deps.config.sessionSecret, email);
export const sentLines = () =>
  deps.logger.lines.filter((line) => line.includes('"newsletter.sent"'));
