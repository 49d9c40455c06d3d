/**
 * The visitor's acknowledgement e-mail (docs/content.md): off until the owner turns it on, only
 * the owner's words and the site's name, at most one per address in 24 hours however many
 * messages arrive at once, through a real SMTP server (headers and both parts as sent). The
 * claims of an acknowledgement in the message's batch are in acknowledgement-claims.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contacts, outbox, throttleEvents } from '#db/schema';
import { CONTENT_MESSAGES } from '#shared/site-content';
import { defaultAcknowledgement } from '#shared/site-content-defaults';
import { createApp } from '#server/app/app';
import { mailsSettled } from '#server/platform/mail';
import { signedInCookie } from '#tests/support/app';
import { answer, invalid, rest } from '#tests/support/rest';
import {
  acknowledgements,
  closeSink,
  deps,
  enquiry,
  logger,
  MARKER,
  send,
  setUpMail,
  sink,
  turnOn,
} from '#tests/support/contact-acknowledgement-fixtures';

beforeEach(setUpMail);
afterEach(closeSink);

describe('the acknowledgement e-mail', () => {
  it('is off by default: the message is stored and only the owner is mailed', async () => {
    await send();
    expect(await acknowledgements()).toEqual([]);
    expect(sink.to('team@acme.example')).toHaveLength(1);
    expect(await deps.db.select().from(throttleEvents).all()).toHaveLength(1);
  });

  it("sends the owner's words, signed with the company's name, and nothing the visitor typed", async () => {
    await turnOn();
    await send();
    const [mail, ...more] = await acknowledgements();
    expect(more).toEqual([]);
    expect(mail!.headers.get('subject')).toBe('We have your message');
    expect(mail!.headers.get('from')).toBe('Harbor AI <site@acme.example>');
    expect(mail!.headers.get('reply-to')).toBe('dana@acme.example');
    expect(mail!.text).toContain('Thanks for writing to us.');
    expect(mail!.text).toContain('Harbor AI: https://acme.example');
    expect(mail!.html).toContain('<strong>one business day</strong>');
    expect(mail!.html).toContain('Harbor AI');
    const headers = [...mail!.headers.entries()].join('\n');
    for (const part of [mail!.text, mail!.html, headers]) {
      expect(part).not.toContain(MARKER);
      expect(part).not.toContain('spam.example');
      expect(part).not.toContain('Vera Labs');
    }
    // The owner's notification still quotes the visitor, as before.
    expect(sink.to('team@acme.example')[0]!.text).toContain(MARKER);
    // The address is kept only as a keyed hash, in the throttle's table.
    const buckets = (await deps.db.select().from(throttleEvents).all()).map((e) => e.bucket);
    expect(buckets.filter((b) => b.startsWith('contact-ack:email:'))).toHaveLength(1);
    expect(buckets.join(' ').toLowerCase()).not.toContain('vera');
  });

  it('goes once per address in 24 hours, whatever its case, and again after them', async () => {
    await turnOn();
    await send();
    deps.clock.advance(60 * 60_000);
    await send('198.51.100.8', { ...enquiry, email: 'VERA@example.COM' });
    deps.clock.advance(23 * 60 * 60_000 - 1);
    await send('198.51.100.9');
    expect(await acknowledgements()).toHaveLength(1);

    deps.clock.advance(1);
    await send('198.51.100.10');
    expect(await acknowledgements()).toHaveLength(2);
    // Every message was stored and notified.
    expect(sink.to('team@acme.example')).toHaveLength(4);
  });

  it('keeps the message when the mail server is down, and the mail waits in the outbox', async () => {
    await turnOn();
    await sink.close();
    expect(await send()).toMatchObject({ success: true });
    await mailsSettled(deps.mailer);
    expect(await deps.db.$count(contacts)).toBe(1);
    expect(logger.lines.some((line) => line.includes('"mail.deferred"'))).toBe(true);
    // The owner's notification and the visitor's acknowledgement, both kept for a retry.
    const waiting = await deps.db.select().from(outbox).all();
    expect(waiting.map((row) => [row.toEmail, row.status, row.attempts])).toEqual([
      ['team@acme.example', 'queued', 1],
      ['Vera@Example.com', 'queued', 1],
    ]);
  });
});

describe('the acknowledgement on the Content screen', () => {
  it('refuses a subject with a line break with a 400 that names it', async () => {
    const app = createApp(deps);
    const cookie = await signedInCookie(deps);
    const current = await rest(app, 'GET', '/api/content', { cookie });
    const { content, version } = current.body as {
      content: { acknowledgement: { subject: string } };
      version: number;
    };
    content.acknowledgement.subject = 'Thank you\nBcc: someone@example.com';
    expect(
      await rest(app, 'PUT', '/api/content', { cookie, json: { content, baseVersion: version } }),
    ).toEqual(
      answer(
        400,
        invalid([{ path: 'content.acknowledgement.subject', message: CONTENT_MESSAGES.oneLine }]),
      ),
    );
  });

  it('takes content saved without the section, as a client from before it would send it: off', async () => {
    await turnOn();
    const app = createApp(deps);
    const cookie = await signedInCookie(deps);
    const current = await rest(app, 'GET', '/api/content', { cookie });
    const { content, version } = current.body as {
      content: { acknowledgement?: unknown };
      version: number;
    };
    delete content.acknowledgement;
    expect(
      await rest(app, 'PUT', '/api/content', { cookie, json: { content, baseVersion: version } }),
    ).toEqual(answer(200, { success: true, version: version + 1 }));
    const saved = await rest(app, 'GET', '/api/content', { cookie });
    expect(
      (saved.body as { content: { acknowledgement: unknown } }).content.acknowledgement,
    ).toEqual(defaultAcknowledgement);
    await send();
    expect(await acknowledgements()).toEqual([]);
  });
});
