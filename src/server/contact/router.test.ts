/**
 * The contact form's procedure (docs/leads.md): what is stored, refused, thrown away and mailed.
 * Messages sent at once are in contact-at-once.test.ts, on both drivers.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { leadEvents, leads, outbox, throttleEvents, users } from '#db/schema';
import { MESSAGES } from '#shared/messages';
import type { ContactInput } from '#shared/contact';
import { adminMessageUrl, contactMail } from './notify';
import { mailsSettled } from '#server/platform/mail';
import type { Mailer, MailMessage } from '#server/platform/mail';
import { ThrottledError } from '#server/platform/errors';
import { CONTACT_THANKS } from './router';
import { failure, issuesOf } from '#tests/support/trpc-errors';
import { visitorCaller } from '#tests/support/analytics';
import { deps, mailer, message, send, setup, stored } from '#tests/support/contact-fixtures';
import { waitUntil } from '#tests/support/wait';

beforeEach(() => setup());

describe('contact.send', () => {
  it('stores the message and thanks the visitor', async () => {
    deps.clock.set(new Date('2026-04-01T09:00:00Z'));
    expect(await send({ ...message, name: '  Ada Lovelace ' })).toEqual({
      success: true,
      message: CONTACT_THANKS,
    });
    expect(CONTACT_THANKS).toBe("Thank you for your message. We'll get back to you soon.");
    expect(await stored()).toEqual([
      {
        id: 1,
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        company: 'Analytical Engines Ltd',
        subject: 'consulting',
        message: message.message,
        privacy: true,
        createdAt: new Date('2026-04-01T09:00:00Z'),
        readAt: null,
        leadId: 1,
      },
    ]);
  });

  it('makes one lead per address ignoring case, with each message on its timeline (docs/leads.md)', async () => {
    deps.clock.set(new Date('2026-04-01T09:00:00Z'));
    await send(message);
    deps.clock.set(new Date('2026-04-02T10:00:00Z'));
    await send({ ...message, email: 'ADA@Example.com', name: 'Ada King', company: undefined });
    await send({ ...message, email: 'grace@example.com', name: 'Grace' }, '198.51.100.2');

    const people = await deps.db.select().from(leads).orderBy(leads.id).all();
    expect(
      people.map(({ email, name, company, status, createdAt, lastActivityAt }) => ({
        email,
        name,
        company,
        status,
        createdAt,
        lastActivityAt,
      })),
    ).toEqual([
      {
        email: 'ada@example.com',
        name: 'Ada King',
        company: 'Analytical Engines Ltd',
        status: 'new',
        createdAt: new Date('2026-04-01T09:00:00Z'),
        lastActivityAt: new Date('2026-04-02T10:00:00Z'),
      },
      {
        email: 'grace@example.com',
        name: 'Grace',
        company: 'Analytical Engines Ltd',
        status: 'new',
        createdAt: new Date('2026-04-02T10:00:00Z'),
        lastActivityAt: new Date('2026-04-02T10:00:00Z'),
      },
    ]);
    const [ada, grace] = people.map((lead) => lead.id);
    expect((await stored()).map((row) => [row.id, row.leadId])).toEqual([
      [1, ada],
      [2, ada],
      [3, grace],
    ]);
    const timeline = await deps.db.select().from(leadEvents).orderBy(leadEvents.id).all();
    expect(timeline.map((e) => [e.leadId, e.kind, e.contactId, e.at])).toEqual([
      [ada, 'message', 1, new Date('2026-04-01T09:00:00Z')],
      [ada, 'message', 2, new Date('2026-04-02T10:00:00Z')],
      [grace, 'message', 3, new Date('2026-04-02T10:00:00Z')],
    ]);
  });

  it.each([undefined, '', '   '])('stores an absent company (%j) as null', async (company) => {
    await send({ ...message, company });
    expect((await stored())[0]?.company).toBeNull();
  });

  it.each([
    [{ name: 'A' }, 'name', MESSAGES.name],
    [{ name: 'x'.repeat(101) }, 'name', MESSAGES.name],
    [{ email: 'not-an-address' }, 'email', MESSAGES.email],
    [{ email: `${'a'.repeat(250)}@example.com` }, 'email', MESSAGES.email],
    [{ company: 'c'.repeat(101) }, 'company', MESSAGES.company],
    // A line break could forge lines in the notification's text ("Open it in the admin: …").
    [
      { name: 'Eve\nOpen it in the admin: https://evil.example/' },
      'name',
      'Name must be on one line',
    ],
    [{ name: 'Eve\r\nX' }, 'name', 'Name must be on one line'],
    [{ company: 'Acme\rInc' }, 'company', 'Company must be on one line'],
    [{ company: 'Acme\u2028Inc' }, 'company', 'Company must be on one line'],
    [{ subject: 'gossip' }, 'subject', MESSAGES.subject],
    [{ message: 'Too short' }, 'message', MESSAGES.message],
    [{ message: 'm'.repeat(5001) }, 'message', MESSAGES.message],
    [{ privacy: false }, 'privacy', MESSAGES.privacy],
    [{ name: undefined }, 'name', 'Required'],
  ])('refuses %j with the message on %s', async (change, path, text) => {
    const input = { ...message, ...change } as ContactInput;
    expect(await issuesOf(send(input))).toEqual([{ path, message: text }]);
    expect(await stored()).toEqual([]);
  });

  it('answers a filled honeypot as a success and keeps nothing', async () => {
    expect(await send({ ...message, website: 'http://spam.example' })).toEqual({
      success: true,
      message: CONTACT_THANKS,
    });
    await mailsSettled(mailer);
    expect(await stored()).toEqual([]);
    expect(await deps.db.select().from(throttleEvents).all()).toEqual([]);
    expect(mailer.sent).toEqual([]);
  });

  it.each([
    ['MAIL_FROM', 'NO-REPLY@example.com'],
    ['REPLY_TO', 'owner@example.com'],
    ['CONTACT_NOTIFY_TO', 'team@example.com'],
    ['an administrator’s address', 'dana@harbor.example'],
  ])(
    'makes no lead for %s: answered as the honeypot is, counted, nothing kept or mailed',
    async (_, email) => {
      await writeTransaction(deps.db, (tx) =>
        tx
          .insert(users)
          .values({
            username: 'dana',
            password: 'x',
            email: 'Dana@Harbor.example',
            createdAt: deps.clock.now(),
          })
          .run(),
      );
      for (let i = 0; i < 5; i++) {
        expect(await send({ ...message, email })).toEqual({
          success: true,
          message: CONTACT_THANKS,
        });
      }
      await mailsSettled(mailer);
      expect(await stored()).toEqual([]);
      expect(await deps.db.select().from(leads).all()).toEqual([]);
      expect(mailer.sent).toEqual([]);
      // Counted as a stored message is, so the sixth tells nothing new either.
      expect((await failure(send({ ...message, email }))).code).toBe('TOO_MANY_REQUESTS');
    },
  );
});

describe('contact.send throttle', () => {
  it('refuses the sixth stored message from one address in 10 minutes with a wait', async () => {
    for (let i = 0; i < 5; i++) await send(message);
    deps.clock.advance(60_000);
    const error = await failure(send(message));
    expect(error).toBeInstanceOf(ThrottledError);
    expect(error.code).toBe('TOO_MANY_REQUESTS');
    expect((error as ThrottledError).retryAfterSeconds).toBe(540);
    expect(error.message).toBe('Too many messages from your address. Try again in 9 minutes.');
    expect(await stored()).toHaveLength(5);
    // Another address is not affected, and the first has room again after the window.
    expect((await send(message, '198.51.100.2')).success).toBe(true);
    deps.clock.advance(9 * 60_000);
    expect((await send(message)).success).toBe(true);
  });

  it('does not count refused or honeypot submissions', async () => {
    for (let i = 0; i < 6; i++) await failure(send({ ...message, privacy: false as true }));
    for (let i = 0; i < 6; i++) await send({ ...message, website: 'bot' });
    for (let i = 0; i < 5; i++) await send(message);
    expect(await stored()).toHaveLength(5);
  });

  it('answers 429 before looking at the input', async () => {
    for (let i = 0; i < 5; i++) await send(message);
    expect((await failure(send({ ...message, email: 'bad' }))).code).toBe('TOO_MANY_REQUESTS');
  });
});

describe('contact.send notification', () => {
  it('mails the stored message to CONTACT_NOTIFY_TO with the visitor text escaped', async () => {
    await send({
      ...message,
      name: 'Eve <script>alert(1)</script>',
      company: undefined,
      subject: 'partnership',
      message: 'Hello <b>team</b> & "friends"\nSecond line',
    });
    await mailsSettled(mailer);
    expect(mailer.sent).toHaveLength(1);
    const mail = mailer.sent[0] as MailMessage;
    expect(mail.to).toBe('team@example.com');
    expect(mail.subject).toBe(
      'New contact message: Partnership Opportunity from Eve <script>alert(1)</script>',
    );
    expect(mail.text).toContain('> Hello <b>team</b> & "friends"\n> Second line');
    expect(mail.text).toContain('E-mail: ada@example.com');
    expect(mail.text).toContain('Company: -');
    expect(mail.html).toContain('Hello &lt;b&gt;team&lt;/b&gt; &amp; &quot;friends&quot;');
    expect(mail.html).toContain('Eve &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>team');
  });

  it('answers to the visitor and links to the message in the admin, readable in both bodies', async () => {
    // A summer evening in London: the owner reads their own clock, not UTC.
    deps.clock.set(new Date('2026-06-03T18:05:00Z'));
    await send({ ...message, message: 'First line\n\n  Indented <i>line</i>\r\nLast line' });
    await mailsSettled(mailer);
    const mail = mailer.sent[0] as MailMessage;
    expect(mail.replyTo).toBe('ada@example.com');
    // On the site's public address (SITE_URL), whatever the content module says.
    const link = 'https://acme.example/admin/messages/1';
    expect(mail.text).toBe(
      [
        'New contact message #1 to Acme AI Engineering',
        `Open it in the admin: ${link}`,
        'Reply to this e-mail to answer the visitor.',
        '',
        'Received: Wednesday 3 June 2026, 19:05 BST',
        'Source: Direct',
        'Subject: AI Consulting Services',
        'Name: Ada Lovelace',
        'E-mail: ada@example.com',
        'Company: Analytical Engines Ltd',
        '',
        'Their message:',
        '> First line',
        '>',
        '>   Indented <i>line</i>',
        '> Last line',
        '',
        '-- ',
        'Acme AI Engineering: https://acme.example',
        '',
      ].join('\n'),
    );
    const html = mail.html ?? '';
    expect(html).toMatch(
      /<blockquote[^>]*>First line<br><br> {2}Indented &lt;i&gt;line&lt;\/i&gt;<br>Last line<\/blockquote>/,
    );
    // The site's frame: its heading, the button and the link written out, the site's footer.
    expect(html).toContain('<!DOCTYPE html>');
    expect(html).toMatch(/<h1[^>]*>New contact message #1 to Acme AI Engineering<\/h1>/);
    expect(html).toMatch(new RegExp(`<a href="${link}"[^>]*>Open it in the admin</a>`));
    expect(html).toContain(`<a href="https://acme.example"`);
    expect(html).toMatch(/<th[^>]*>Received<\/th><td[^>]*>Wednesday 3 June 2026, 19:05 BST<\/td>/);
    expect(html).toMatch(/<th[^>]*>Subject<\/th><td[^>]*>AI Consulting Services<\/td>/);
  });

  it("puts the site's link first: a message imitating it stays quoted, after the real one", async () => {
    const forged = 'Open it in the admin: https://evil.example/admin/messages/1';
    await send({
      ...message,
      message: `Hello,\n\n${forged}\u2028${forged}\u0085${forged}\r${forged}\nReply to this e-mail to answer the visitor.`,
    });
    await mailsSettled(mailer);
    const mail = mailer.sent[0] as MailMessage;
    const lines = mail.text.split('\n');
    expect(lines[1]).toBe('Open it in the admin: https://acme.example/admin/messages/1');
    // Every line the visitor wrote, however it was broken, starts with the quote mark.
    // (up to the blank line before the site's signature)
    const quoted = lines.slice(lines.indexOf('Their message:') + 1, lines.lastIndexOf('-- ') - 1);
    expect(quoted.filter((line) => !line.startsWith('>'))).toEqual([]);
    expect(quoted.filter((line) => line.includes('evil.example'))).toHaveLength(4);
    expect(lines.slice(0, lines.indexOf('Their message:')).join('\n')).not.toContain('evil');
    // In the HTML the real link comes first too, and the words are in a blockquote.
    const html = mail.html ?? '';
    expect(html.indexOf('https://acme.example/admin/messages/1')).toBeLessThan(
      html.indexOf('evil.example'),
    );
    expect(html).toMatch(/<blockquote[^>]*>Hello,<br><br>Open it in the admin: https:\/\/evil/);
  });

  it('names the lead’s source and the local time of the message', async () => {
    deps.clock.set(new Date('2026-06-03T18:05:00Z'));
    const browser = visitorCaller(deps, { ip: '198.51.100.40' });
    await browser.analytics.record({
      name: 'pageview',
      url: 'https://acme.example/?utm_source=spring-campaign',
    });
    await browser.contact.send(message);
    await mailsSettled(mailer);
    const mail = mailer.sent[0] as MailMessage;
    expect(mail.text).toContain(
      'Received: Wednesday 3 June 2026, 19:05 BST\nSource: spring-campaign\n',
    );
    expect(mail.html).toContain(
      '<th align="left" valign="top" style="padding:2px 12px 2px 0">Source</th><td style="padding:2px 0">spring-campaign</td>',
    );
  });

  it('builds the admin link from any site address, with or without a trailing slash', () => {
    expect(adminMessageUrl(7, 'https://acme.example/')).toBe(
      'https://acme.example/admin/messages/7',
    );
    expect(adminMessageUrl(7, 'https://acme.example')).toBe(
      'https://acme.example/admin/messages/7',
    );
  });

  it('keeps a header on one line whatever a stored name holds (one stored before the rule)', () => {
    const mail = contactMail(
      'team@example.com',
      {
        id: 7,
        name: 'Mallory\r\nBcc: victim@example.com',
        email: 'mallory@example.com',
        company: null,
        subject: 'other',
        message: 'A message of some length.',
        privacy: true,
        createdAt: new Date('2026-01-01T00:00:00Z'),
        readAt: null,
        leadId: 1,
      },
      { name: 'Acme AI Engineering', url: 'https://acme.example', timeZone: 'UTC' },
      'Direct',
    );
    expect(mail.subject).toBe('New contact message: Other from Mallory Bcc: victim@example.com');
  });

  it('sends nothing when CONTACT_NOTIFY_TO is not set', async () => {
    await setup(null);
    await send(message);
    await mailsSettled(mailer);
    expect(await stored()).toHaveLength(1);
    expect(mailer.sent).toEqual([]);
  });

  it('still stores and succeeds when the mail fails, and logs the failure', async () => {
    mailer.failNext = true;
    expect((await send(message)).success).toBe(true);
    await mailsSettled(mailer);
    expect(await stored()).toHaveLength(1);
    expect(mailer.sent).toEqual([]);
    // Refused without an SMTP answer to retry on: failed in the outbox, for the Mail screen.
    const failureLine = deps.logger.lines.find((l) => l.includes('"mail.failed"'));
    expect(JSON.parse(failureLine ?? '{}')).toMatchObject({
      level: 'error',
      kind: 'notice',
      error: 'SMTP connection refused',
    });
    expect(await deps.db.select().from(outbox).all()).toMatchObject([
      { toEmail: 'team@example.com', status: 'failed', lastError: 'SMTP connection refused' },
    ]);
    // The log names the message, never its content.
    expect(deps.logger.lines.join('\n')).not.toContain(message.message);
  });

  it('survives a mailer that throws before returning a promise', async () => {
    const throwing: Mailer = {
      canDeliver: true,
      send: () => {
        throw new Error('transport not configured');
      },
    };
    await setup('team@example.com', throwing);
    expect((await send(message)).success).toBe(true);
    await mailsSettled(throwing);
    expect(await stored()).toHaveLength(1);
    expect(deps.logger.lines.some((l) => l.includes('transport not configured'))).toBe(true);
  });

  it('answers before a slow mail server has finished', async () => {
    let release: (() => void) | undefined;
    let delivered = 0;
    const slow: Mailer = {
      canDeliver: true,
      send: () =>
        new Promise<void>((resolve) => {
          release = () => {
            delivered++;
            resolve();
          };
        }),
    };
    await setup('team@example.com', slow);
    expect((await send(message)).success).toBe(true);
    expect(await stored()).toHaveLength(1);
    await waitUntil(() => expect(release).toBeTypeOf('function'));
    expect(delivered).toBe(0);
    const settled = mailsSettled(slow);
    release?.();
    await settled;
    expect(delivered).toBe(1);
  });
});
