/**
 * What the server writes outside the public pages signs with the company name as saved on the
 * Content screen: a save, then each e-mail's text, the newsletter's link pages.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { users } from '#db/schema';
import {
  adminCaller,
  callerFor,
  createRecordingMailer,
  createTestDeps,
  signedInCookie,
  testConfig,
  type Caller,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import { saveSiteName } from '#tests/support/content';
import { storeConfirmationLink, storeUnsubscribeLink } from '#tests/support/newsletter-links';
import { storeSubscribersAs } from '#tests/support/newsletters';
import { sendAccountNotice } from '#server/identity/administrators/notice-mail';
import { sendChallenge } from '#server/identity/second-factors/two-factor';
import { createApp } from '#server/app/app';
import { mailsSettled, type MailMessage } from '#server/platform/mail';
import { createMailSender } from '#server/app/mail-sender';
import { mailSenderName, siteBrand, siteName } from './site-brand';

const NAME = 'Zephyr Data Works';

let deps: TestDeps;
let mailer: RecordingMailer;
let admin: Caller;

beforeEach(async () => {
  mailer = createRecordingMailer();
  deps = await createTestDeps({
    mailer,
    config: testConfig({ contactNotifyTo: 'team@example.com', siteUrl: 'https://zephyr.example' }),
  });
  admin = await adminCaller(deps);
});

/** The one mail sent since the last call, once every background mail has gone. */
async function lastMail(): Promise<MailMessage> {
  await mailsSettled(mailer);
  expect(mailer.sent).toHaveLength(1);
  const mail = mailer.sent[0]!;
  mailer.sent = [];
  return mail;
}

/** Neither part still names the default brand. */
function expectOnlyNewName(mail: MailMessage) {
  for (const part of [mail.subject, mail.text, mail.html ?? '']) {
    expect(part).not.toContain('Acme AI');
  }
}

describe('siteName', () => {
  it('is the default name until a save, then the saved one, on every read', async () => {
    expect(await siteName(deps.db)).toBe('Acme AI Engineering');
    expect(await siteBrand(deps.db)).toEqual({
      name: 'Acme AI Engineering',
      shortName: 'Acme AI',
    });
    await saveSiteName(deps, NAME, 'Zephyr');
    expect(await siteBrand(deps.db)).toEqual({ name: NAME, shortName: 'Zephyr' });
    await saveSiteName(deps, 'Second Name');
    expect(await siteName(deps.db)).toBe('Second Name');
  });

  it("gives MAIL_FROM's sender name when it names one, else the company's saved name", async () => {
    expect(await mailSenderName({ mailFromName: 'Dana at Harbor' }, deps.db)()).toBe(
      'Dana at Harbor',
    );
    expect(await mailSenderName({ mailFromName: null }, deps.db)()).toBe('Acme AI Engineering');
    await saveSiteName(deps, NAME);
    expect(await mailSenderName({ mailFromName: null }, deps.db)()).toBe(NAME);
  });
});

describe('the e-mails sign with the saved name', () => {
  beforeEach(() => saveSiteName(deps, NAME, 'Zephyr'));

  it('the newsletter confirmation', async () => {
    await callerFor(deps).caller.newsletter.subscribe({ email: 'reader@example.com' });
    const mail = await lastMail();
    expect(mail.subject).toBe(`Confirm your subscription to ${NAME}`);
    expect(mail.text).toContain(`receive the ${NAME} newsletter`);
    expect(mail.html).toContain(NAME);
    expectOnlyNewName(mail);
  });

  it('the invitation', async () => {
    await admin.users.invite({ username: 'erin', email: 'erin@example.com' });
    const mail = await lastMail();
    expect(mail.subject).toBe(`You are invited to administer ${NAME}`);
    expect(mail.text).toContain(`${NAME}: https://zephyr.example`);
    expectOnlyNewName(mail);
  });

  it('an account notice', async () => {
    const { ctx } = callerFor(deps);
    sendAccountNotice(ctx, 'owner@example.com', 'admin', { kind: 'password' });
    const mail = await lastMail();
    expect(mail.text).toContain(NAME);
    expectOnlyNewName(mail);
  });

  it('the sign-in code', async () => {
    await signedInCookie(deps, 'erin');
    const erin = await deps.db.select().from(users).where(eq(users.username, 'erin')).get();
    const { ctx } = callerFor(deps);
    await sendChallenge(
      ctx,
      { id: erin!.id, username: 'erin', email: 'erin@example.com' },
      async () => true,
    );
    const mail = await lastMail();
    expect(mail.subject).toBe(`Your sign-in code for ${NAME}`);
    expect(mail.text).toMatch(/^Your sign-in code is \d{6}\./);
    expect(mail.text.endsWith(`-- \n${NAME}\n`)).toBe(true);
  });

  it('the enquiry notification', async () => {
    await callerFor(deps).caller.contact.send({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'consulting',
      message: 'We would like to talk about a project.',
      privacy: true,
    });
    const mail = await lastMail();
    expect(mail.text.split('\n')[0]).toBe(`New contact message #1 to ${NAME}`);
    expect(mail.html).toMatch(new RegExp(`<h1[^>]*>New contact message #1 to ${NAME}</h1>`));
  });

  it('a newsletter: the test copy and every subscriber’s, in the footer', async () => {
    await admin.newsletters.create({ subject: 'Spring news', body: 'Hello **readers**.' });
    await admin.newsletters.sendTest({ id: 1, email: 'me@example.com' });
    const test = await lastMail();
    expect(test.subject).toBe('[Test] Spring news');
    expect(test.text).toContain(`confirmed your subscription at ${NAME}`);
    expectOnlyNewName(test);

    await storeSubscribersAs(deps, 'confirmed', ['reader@example.com']);
    await admin.newsletters.send({ id: 1 });
    const sender = createMailSender(deps, { id: 'site-name-test' });
    try {
      // The newsletter's hand-over writes the mail into the outbox, whose turn sends it.
      while ((await sender.turn()).kind === 'worked');
    } finally {
      await sender.stop();
    }
    const sent = await lastMail();
    expect(sent.to).toBe('reader@example.com');
    expect(sent.text).toContain(`confirmed your subscription at ${NAME}`);
    expectOnlyNewName(sent);
  });
});

describe('the newsletter link pages', () => {
  it('show the saved name in the title, the header and the sentence', async () => {
    const app = createApp(deps);
    await saveSiteName(deps, NAME, 'Zephyr');
    const confirm = await storeConfirmationLink(deps);
    const html = await (await app.request(`/newsletter/confirm?token=${confirm.token}`)).text();
    expect(html).toContain(`<title>Confirm your subscription | ${NAME}</title>`);
    expect(html).toContain(`aria-label="${NAME}, home"`);
    expect(html).toMatch(/>Zephyr<span class="block[^"]*">Data Works<\/span>/);
    expect(html).toContain(`start receiving the ${NAME} newsletter.`);
    const leave = await storeUnsubscribeLink(deps, 'leaver@example.com');
    const page = await (await app.request(`/newsletter/unsubscribe?token=${leave.token}`)).text();
    expect(page).toContain(`no more newsletters from ${NAME}.`);
    expect(page).not.toContain('Acme AI');
  });
});
