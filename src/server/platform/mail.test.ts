import { expect, it } from 'vitest';
import { createMemoryLogger } from '#tests/support/logger';
import { startSmtpSink } from '#tests/support/smtp-sink';
import { createMailer, withoutAddresses } from './mail';
import { LOGO_SLOT } from '#shared/mail/frame';

it('replaces every e-mail address in a text, in any quoting', () => {
  expect(
    withoutAddresses(
      '550 5.1.1 <ann@example.com>: rejected; also "bo.b+x@mail.example.org" and c@d',
    ),
  ).toBe('550 5.1.1 <(address)>: rejected; also "(address)" and (address)');
});

it('sends in the sender name read at each mail, kept to one line, or from the bare address', async () => {
  const sink = await startSmtpSink();
  try {
    const names = ['Harbor Lane\r\nBcc: x@evil.example', null];
    const mailer = createMailer({
      smtpUrl: sink.url,
      from: 'dana@harbor.example',
      senderName: async () => names.shift() ?? null,
      production: false,
      logger: createMemoryLogger(),
    });
    for (const to of ['a@example.com', 'b@example.com']) {
      await mailer.send({ to, subject: 'Hi', text: 'Hi' });
    }
    expect(sink.mails.map((mail) => mail.headers.get('from'))).toEqual([
      '"Harbor Lane Bcc: x@evil.example" <dana@harbor.example>',
      'dana@harbor.example',
    ]);
    expect(sink.mails.map((mail) => mail.headers.get('bcc'))).toEqual([undefined, undefined]);
  } finally {
    await sink.close();
  }
});

it('refuses to send over a server without STARTTLS when TLS is required (production SMTP_URL)', async () => {
  const sink = await startSmtpSink();
  try {
    const mailer = createMailer({
      smtpUrl: `${sink.url}?requireTLS=true`,
      from: 'dana@harbor.example',
      production: true,
      logger: createMemoryLogger(),
    });
    await expect(mailer.send({ to: 'a@example.com', subject: 'Hi', text: 'Hi' })).rejects.toThrow();
    expect(sink.mails).toEqual([]);
  } finally {
    await sink.close();
  }
});

it('sends a calendar invitation as the part mail programs show and as the file to add', async () => {
  const sink = await startSmtpSink();
  try {
    const mailer = createMailer({
      smtpUrl: sink.url,
      from: 'dana@harbor.example',
      production: false,
      logger: createMemoryLogger(),
    });
    const ics = 'BEGIN:VCALENDAR\r\nMETHOD:CANCEL\r\nEND:VCALENDAR\r\n';
    await mailer.send({
      to: 'helen@example.com',
      subject: 'Cancelled',
      text: 'Your call is cancelled.',
      html: '<p>Your call is cancelled.</p>',
      calendar: { method: 'CANCEL', ics },
    });
    const [mail] = sink.mails;
    expect(mail?.text).toBe('Your call is cancelled.');
    expect(mail?.html).toBe('<p>Your call is cancelled.</p>');
    expect(
      mail?.calendars.map(({ contentType, filename, content }) => ({
        type: contentType.replace(/\s+/g, ''),
        filename,
        same: content.replace(/\r\n/g, '\n') === ics.replace(/\r\n/g, '\n'),
      })),
    ).toEqual([
      expect.objectContaining({ type: expect.stringMatching(/^text\/calendar;.*method=CANCEL/i) }),
      { type: expect.stringMatching(/^application\/ics/), filename: 'invite.ics', same: true },
    ]);
    expect(mail?.calendars[0]?.content.replace(/\r\n/g, '\n')).toBe(ics.replace(/\r\n/g, '\n'));
  } finally {
    await sink.close();
  }
});

it('puts the logo read at each mail in its place in the HTML part, or empties the place', async () => {
  const sink = await startSmtpSink();
  try {
    const logos = [
      { src: 'https://harbor.example/uploads/logo.png', width: 200, height: 50, alt: 'Harbor' },
      null,
    ];
    const mailer = createMailer({
      smtpUrl: sink.url,
      from: 'dana@harbor.example',
      logo: async () => logos.shift() ?? null,
      production: false,
      logger: createMemoryLogger(),
    });
    const html = `<table>${LOGO_SLOT}<tr><td>Hi</td></tr></table>`;
    for (const to of ['a@example.com', 'b@example.com']) {
      await mailer.send({ to, subject: 'Hi', text: 'Hi', html });
    }
    const [first, second] = sink.mails.map((mail) => mail.html ?? '');
    expect(first).toContain(
      '<img src="https://harbor.example/uploads/logo.png" width="144" height="36" alt="Harbor"',
    );
    expect(first).not.toContain(LOGO_SLOT);
    expect(second).toBe('<table><tr><td>Hi</td></tr></table>');
  } finally {
    await sink.close();
  }
});

it("logs a file's name, type and size without SMTP, never its bytes", async () => {
  const logger = createMemoryLogger();
  const mailer = createMailer({ smtpUrl: null, from: 'a@b.example', production: false, logger });
  const content = Buffer.from('%PDF-1.7 the signed proposal').toString('base64');
  await mailer.send({
    to: 'helen@example.com',
    subject: 'Accepted',
    text: 'Attached.',
    attachments: [{ filename: 'Proposal.pdf', contentType: 'application/pdf', content }],
  });
  const [line = ''] = logger.lines;
  expect(JSON.parse(line)).toMatchObject({
    attachments: [{ filename: 'Proposal.pdf', contentType: 'application/pdf', bytes: 28 }],
  });
  expect(line).not.toContain(content);
});
