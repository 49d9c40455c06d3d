import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import { startSmtpCatcher, type SmtpCatcher } from './support';

describe('SMTP catcher used by the browser suites', () => {
  let smtp: SmtpCatcher;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
  });
  afterAll(() => smtp.close());

  it('receives a nodemailer message and decodes its text part', async () => {
    const transport = nodemailer.createTransport(smtp.url);
    const pending = smtp.waitForMail({ to: 'Admin@Example.com' });
    await transport.sendMail({
      from: 'no-reply@localhost',
      to: 'admin@example.com',
      subject: 'Your verification code – 123456',
      text: `Your code is 482913.\nIt is valid for 10 minutes. Café ${'x'.repeat(90)}`,
      html: '<p>Your code is <b>482913</b>.</p>',
    });
    const mail = await pending;
    expect(mail.to).toEqual(['admin@example.com']);
    expect(mail.subject).toBe('Your verification code – 123456');
    expect(mail.text).toContain('Your code is 482913.');
    expect(mail.text).toContain(`Café ${'x'.repeat(90)}`);
    transport.close();
  });

  it('hands each message out once and times out when none comes', async () => {
    await expect(smtp.waitForMail({ timeoutMs: 200 })).rejects.toThrow(/no mail/);
  });
});
