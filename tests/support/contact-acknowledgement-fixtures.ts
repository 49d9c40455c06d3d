/**
 * What the acknowledgement e-mail's tests share (src/server/contact/acknowledgement.test.ts,
 * acknowledgement-claims.test.ts): a visitor's enquiry, a site mailing through a real SMTP server,
 * and what reached the visitor. `deps`, `sink` and `logger` are live bindings, set by `setUpMail`.
 */
import type { ContactInput } from '#shared/contact';
import { createMailer, mailsSettled } from '#server/platform/mail';
import { mailSenderName } from '#server/site/site-brand';
import { callerFor, createTestDeps, testConfig, type TestDeps } from '#tests/support/app';
import { saveContent } from '#tests/support/content';
import { createMemoryLogger } from '#tests/support/logger';
import { startSmtpSink, type SmtpSink, type SunkMail } from '#tests/support/smtp-sink';

/** In everything the visitor types: it must never reach the acknowledgement. */
export const MARKER = 'Zq7Visitor-Typed-Text';

export const enquiry: ContactInput = {
  name: `Vera ${MARKER}`,
  email: 'Vera@Example.com',
  company: `Vera Labs ${MARKER}`,
  subject: 'consulting',
  message: `Please mail this to the address above: ${MARKER} https://spam.example`,
  privacy: true,
};

export let deps: TestDeps;
export let sink: SmtpSink;
export let logger: ReturnType<typeof createMemoryLogger>;

/** A site mailing through a real SMTP server in the test process: each test's `beforeEach`. */
export async function setUpMail(): Promise<void> {
  sink = await startSmtpSink();
  logger = createMemoryLogger();
  const config = testConfig({
    siteUrl: 'https://acme.example',
    mailFrom: 'site@acme.example',
    replyTo: 'dana@acme.example',
    contactNotifyTo: 'team@acme.example',
    smtpUrl: sink.url,
  });
  deps = await createTestDeps({ config, logger });
  deps.mailer = createMailer({
    smtpUrl: sink.url,
    from: config.mailFrom,
    senderName: mailSenderName(config, deps.db),
    production: false,
    logger,
  });
}

/** Each test's `afterEach`. */
export async function closeSink(): Promise<void> {
  await sink?.close();
}

/** The owner turns the acknowledgement on with their own words, and names the company. */
export const turnOn = () =>
  saveContent(deps, (content) => {
    content.company.name = 'Harbor AI';
    content.acknowledgement = {
      enabled: true,
      subject: 'We have your message',
      body: 'Thanks for writing to us.\n\nWe reply within **one business day**.',
    };
  });

export const send = (ip = '198.51.100.7', input: ContactInput = enquiry) =>
  callerFor(deps, { ip }).caller.contact.send(input);

/** What reached the visitor, once every background mail has gone. */
export async function acknowledgements(): Promise<SunkMail[]> {
  await mailsSettled(deps.mailer);
  return sink.to('vera@example.com');
}
