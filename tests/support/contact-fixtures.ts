/**
 * What the contact form's tests share (src/server/contact/router.test.ts, contact-at-once.test.ts):
 * the message a visitor sends, a site set up to receive it, and what was stored. `deps` and
 * `mailer` are live bindings, set by `setup`.
 */
import { contacts } from '#db/schema';
import type { ContactInput } from '#shared/contact';
import type { Mailer } from '#server/platform/mail';
import {
  callerFor,
  createRecordingMailer,
  createTestDeps,
  testConfig,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';

export const message: ContactInput = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Analytical Engines Ltd',
  subject: 'consulting',
  message: 'We would like to talk about a project.',
  privacy: true,
};

export let mailer: RecordingMailer;
export let deps: TestDeps;

/** A site that mails its contact messages to `contactNotifyTo`; each test's `beforeEach`. */
export async function setup(
  contactNotifyTo: string | null = 'team@example.com',
  customMailer?: Mailer,
) {
  mailer = createRecordingMailer();
  deps = await createTestDeps({
    mailer: customMailer ?? mailer,
    config: testConfig({
      contactNotifyTo,
      siteUrl: 'https://acme.example',
      siteTimezone: 'Europe/London',
    }),
  });
}

export const send = (input: ContactInput, ip = '198.51.100.1') =>
  callerFor(deps, { ip }).caller.contact.send(input);
export const stored = async () => await deps.db.select().from(contacts).all();
