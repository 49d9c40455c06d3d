/**
 * The send-time answers as nodemailer really gives them: sent to the tests' own SMTP server
 * in this process (loopback), which refuses chosen recipients.
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpSink, type Refusal, type SmtpSink } from '#tests/support/smtp-sink';
import { rejectedRecipients, smtpRejection } from './smtp-rejection';

let sink: SmtpSink | null = null;

afterEach(async () => {
  await sink?.close();
  sink = null;
});

async function send(to: string[], refuse: Record<string, Refusal>) {
  sink = await startSmtpSink({ refuse: (address) => refuse[address] ?? null });
  const transport = nodemailer.createTransport(sink.url);
  try {
    const info = await transport.sendMail({
      from: 'news@example.com',
      to,
      subject: 'Notes',
      text: 'Hello.',
    });
    return { info, error: null };
  } catch (error) {
    return { info: null, error };
  } finally {
    transport.close();
  }
}

const UNKNOWN: Refusal = { code: 550, message: '5.1.1 <gone@example.org>: User unknown' };

describe('smtpRejection', () => {
  it('a 5xx for the recipient: rejected for good, the address named, no retry', async () => {
    const { error } = await send(['Gone@example.org'], { 'gone@example.org': UNKNOWN });
    expect(smtpRejection(error)).toEqual({
      kind: 'rejected',
      rejected: [
        {
          email: 'gone@example.org',
          status: '5.1.1',
          hard: true,
          diagnostic: '550 5.1.1 <(address)>: User unknown',
        },
      ],
      diagnostic: '550 5.1.1 <(address)>: User unknown',
    });
  });

  it('a 5xx without an enhanced status is 5.0.0', async () => {
    const { error } = await send(['gone@example.org'], { 'gone@example.org': { code: 550 } });
    expect(smtpRejection(error)).toMatchObject({
      kind: 'rejected',
      rejected: [
        { email: 'gone@example.org', status: '5.0.0', hard: true, diagnostic: '550 No such user' },
      ],
    });
  });

  it('a 4xx for the recipient: temporary, nobody to suppress', async () => {
    const { error } = await send(['later@example.org'], { 'later@example.org': { code: 451 } });
    expect(smtpRejection(error)).toEqual({
      kind: 'temporary',
      rejected: [],
      diagnostic: '451 Try again later',
    });
  });

  it('one recipient deferred, one refused: retry, and the refused one is still named', async () => {
    const { error } = await send(['later@example.org', 'gone@example.org'], {
      'later@example.org': { code: 451 },
      'gone@example.org': UNKNOWN,
    });
    const result = smtpRejection(error);
    expect(result.kind).toBe('temporary');
    expect(result.rejected.map((r) => r.email)).toEqual(['gone@example.org']);
  });

  it('a send that went to some recipients: the refused ones are on the result', async () => {
    const { info, error } = await send(['reader@example.org', 'gone@example.org'], {
      'gone@example.org': UNKNOWN,
    });
    expect(error).toBeNull();
    expect(rejectedRecipients(info).map((r) => [r.email, r.status])).toEqual([
      ['gone@example.org', '5.1.1'],
    ]);
  });

  it('a server that cannot be reached is temporary, not a bounce', async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false });
    const error = await transport
      .sendMail({ from: 'news@example.com', to: 'reader@example.org', text: 'Hello.' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    transport.close();
    expect(smtpRejection(error)).toMatchObject({ kind: 'temporary', rejected: [] });
  });

  it('a 5xx that is not about a recipient is permanent, and suppresses nobody', () => {
    const dataRefused = Object.assign(new Error('Message failed: 554 5.6.0 Message refused'), {
      code: 'EMESSAGE',
      response: '554 5.6.0 Message refused',
      responseCode: 554,
      command: 'DATA',
    });
    expect(smtpRejection(dataRefused)).toEqual({
      kind: 'permanent',
      rejected: [],
      diagnostic: '554 5.6.0 Message refused',
    });
    expect(smtpRejection(new Error('Invalid login'))).toMatchObject({
      kind: 'permanent',
      rejected: [],
    });
    expect(smtpRejection('not an error')).toMatchObject({ kind: 'permanent', rejected: [] });
  });
});
