import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bounceTokenKey } from '#server/platform/keys';
import { enhancedStatus } from './diagnostic';
import { readDeliveryReport, type DeliveryReport } from './delivery-report';
import { verpAddress } from './verp';

const KEY = bounceTokenKey('a-session-secret-of-at-least-32-characters');
const OTHER_KEY = bounceTokenKey('another-session-secret-of-32-characters!');
const BOUNCES = 'bounces@example.com';
const CHECK = { bounceAddress: BOUNCES, key: KEY };
/** The sample reports (.eml), kept with the tests' other data under tests/fixtures/. */
const FIXTURES = new URL('../../../../tests/fixtures/deliverability/', import.meta.url);
/** The fixtures' stand-in for the VERP address of outbox mail 1234 (`ya` in base 36). */
const PLACEHOLDER = /bounces\+ya-VERPMAC@example\.com/g;

type Endings = 'LF' | 'CRLF';

function fixture(name: string, endings: Endings, key: Buffer = KEY): Buffer {
  const text = readFileSync(new URL(name, FIXTURES), 'utf8').replace(
    PLACEHOLDER,
    verpAddress(BOUNCES, 1234, key),
  );
  return Buffer.from(endings === 'CRLF' ? text.replace(/\r?\n/g, '\r\n') : text);
}

interface Part {
  type: string;
  body: string;
  headers?: string[];
}

/** A report as servers write one; `contentType` replaces the top-level Content-Type line. */
function report(parts: Part[], options: { contentType?: string; headers?: string[] } = {}) {
  const lines = [
    'From: MAILER-DAEMON@mail.example.net (Mail Delivery System)',
    `To: ${BOUNCES}`,
    'Subject: Undelivered Mail Returned to Sender',
    'MIME-Version: 1.0',
    ...(options.headers ?? []),
    options.contentType ??
      'Content-Type: multipart/report; report-type=delivery-status; boundary="b0"',
    '',
    'This is a MIME-encapsulated message.',
    '',
  ];
  for (const part of parts) {
    lines.push('--b0', `Content-Type: ${part.type}`, ...(part.headers ?? []), '', part.body, '');
  }
  lines.push('--b0--', '');
  return Buffer.from(lines.join('\r\n'));
}

const NOTICE: Part = { type: 'text/plain; charset=us-ascii', body: 'Your mail could not be sent.' };
const ORIGINAL: Part = {
  type: 'message/rfc822',
  body: 'From: news@example.com\r\nTo: reader@example.org\r\nSubject: Notes\r\n\r\nHello.',
};

function status(...recipientFields: string[][]): Part {
  return {
    type: 'message/delivery-status',
    body: [
      'Reporting-MTA: dns; mail.example.net',
      '',
      ...recipientFields.map((f) => f.join('\r\n') + '\r\n'),
    ].join('\r\n'),
  };
}

function only(result: DeliveryReport) {
  if (result.kind !== 'bounce') throw new Error(`expected a bounce, got ${JSON.stringify(result)}`);
  expect(result.recipients).toHaveLength(1);
  return result.recipients[0];
}

describe.each<Endings>(['LF', 'CRLF'])('real reports (%s line ends)', (endings) => {
  it('Postfix: a hard bounce, named by the VERP address it came to', async () => {
    const result = await readDeliveryReport(fixture('postfix-bounce.eml', endings), CHECK);
    expect(result).toMatchObject({ kind: 'bounce', verp: 1234 });
    const recipient = only(result);
    expect(recipient).toMatchObject({ email: 'missing@example.org', status: '5.1.1', hard: true });
    expect(recipient?.diagnostic).toBe(
      '550 5.1.1 <(address)>: Recipient address rejected: User unknown in virtual mailbox table',
    );
  });

  it('Postfix: a VERP token signed with another key names no mail; the recipient still counts', async () => {
    const forged = await readDeliveryReport(
      fixture('postfix-bounce.eml', endings, OTHER_KEY),
      CHECK,
    );
    expect(forged).toMatchObject({ kind: 'bounce', verp: null });
    expect(only(forged)?.email).toBe('missing@example.org');
    const unchecked = await readDeliveryReport(fixture('postfix-bounce.eml', endings));
    expect(unchecked).toMatchObject({ kind: 'bounce', verp: null });
  });

  it('Postfix: a delayed mail is a soft bounce', async () => {
    const result = await readDeliveryReport(fixture('postfix-delayed.eml', endings), CHECK);
    expect(only(result)).toMatchObject({ email: 'slow@example.net', status: '4.4.1', hard: false });
  });

  it('Exim: `Content-type` spelled its way, the Status field wins over the diagnostic', async () => {
    const result = await readDeliveryReport(fixture('exim-bounce.eml', endings), CHECK);
    expect(result).toMatchObject({ kind: 'bounce', verp: null });
    expect(only(result)).toMatchObject({ email: 'gone@example.org', status: '5.0.0', hard: true });
  });

  it('Gmail: the report inside multipart/related, a folded diagnostic', async () => {
    const recipient = only(await readDeliveryReport(fixture('gmail-bounce.eml', endings), CHECK));
    expect(recipient).toMatchObject({
      email: 'no.such.person@gmail.example',
      status: '5.1.1',
      hard: true,
    });
    expect(recipient?.diagnostic).toMatch(
      /^550-5\.1\.1 The email account that you tried to reach does not exist\. /,
    );
  });

  it('Microsoft 365: a three-digit detail code, the address in lower case', async () => {
    const recipient = only(await readDeliveryReport(fixture('m365-bounce.eml', endings), CHECK));
    expect(recipient).toMatchObject({
      email: 'gone@contoso.example',
      status: '5.1.10',
      hard: true,
    });
    expect(recipient?.diagnostic).toContain('RESOLVER.ADR.RecipientNotFound');
    expect(recipient?.diagnostic).not.toContain('@');
  });

  it('ARF: a complaint names the recipient and the mail (the original’s Return-Path)', async () => {
    expect(await readDeliveryReport(fixture('arf-complaint.eml', endings), CHECK)).toEqual({
      kind: 'complaint',
      email: 'reader@mail.example.net',
      feedbackType: 'abuse',
      verp: 1234,
      messageId: 'p7q8r9@example.com',
    });
  });

  it('ARF with the recipient redacted: the VERP token or the original’s Message-ID names the mail, else it is unreadable', async () => {
    expect(await readDeliveryReport(fixture('arf-redacted.eml', endings), CHECK)).toEqual({
      kind: 'complaint',
      email: null,
      feedbackType: 'abuse',
      verp: 1234,
      messageId: 's1t2u3@example.com',
    });
    const redacted = fixture('arf-redacted.eml', endings).toString('utf8');
    expect(await readDeliveryReport(Buffer.from(redacted))).toMatchObject({
      kind: 'complaint',
      verp: null,
      messageId: 's1t2u3@example.com',
    });
    const withoutId = redacted.replace('Message-ID: <s1t2u3@example.com>', 'X-Id: none');
    expect(await readDeliveryReport(Buffer.from(withoutId))).toEqual({
      kind: 'unreadable',
      reason: 'the complaint names no recipient',
    });
  });
});

describe('what is not a bounce', () => {
  it('a person’s answer that quotes a bounce is an ordinary mail', async () => {
    const answer = [
      'From: Reader <reader@example.org>',
      'To: news@example.com',
      'Subject: Re: Delivery Status Notification (Failure)',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Hi, I got this when I wrote to my colleague:',
      '> Final-Recipient: rfc822; colleague@example.org',
      '> Action: failed',
      '> Status: 5.1.1',
      '> Diagnostic-Code: smtp; 550 5.1.1 User unknown',
      'Can you help?',
    ].join('\r\n');
    expect(await readDeliveryReport(Buffer.from(answer), CHECK)).toEqual({ kind: 'other' });
  });

  it('a bounce forwarded as an attachment of multipart/mixed is an ordinary mail', async () => {
    const forwarded = report(
      [
        NOTICE,
        status(['Final-Recipient: rfc822; x@example.org', 'Action: failed', 'Status: 5.1.1']),
      ],
      {
        contentType: 'Content-Type: multipart/mixed; boundary="b0"',
      },
    );
    expect(await readDeliveryReport(forwarded, CHECK)).toEqual({ kind: 'other' });
  });

  it('mail that went through (delivered, relayed, expanded) asks for nothing', async () => {
    const fine = report([
      NOTICE,
      status(
        ['Final-Recipient: rfc822; a@example.org', 'Action: delivered', 'Status: 2.0.0'],
        ['Final-Recipient: rfc822; b@example.org', 'Action: relayed', 'Status: 2.0.0'],
        ['Final-Recipient: rfc822; c@example.org', 'Action: expanded', 'Status: 2.0.0'],
      ),
    ]);
    expect(await readDeliveryReport(fine, CHECK)).toEqual({
      kind: 'ignored',
      reason: 'no recipient failed',
    });
  });

  it('only the failed recipient of a mixed report counts', async () => {
    const mixed = report([
      NOTICE,
      status(
        ['Final-Recipient: rfc822; a@example.org', 'Action: delivered', 'Status: 2.0.0'],
        ['Final-Recipient: rfc822; b@example.org', 'Action: failed', 'Status: 5.2.1'],
      ),
    ]);
    expect(only(await readDeliveryReport(mixed, CHECK))).toMatchObject({
      email: 'b@example.org',
      hard: true,
    });
  });

  it('a read receipt, a not-spam verdict and a DMARC failure report are ignored', async () => {
    const receipt = report(
      [
        NOTICE,
        {
          type: 'message/disposition-notification',
          body: 'Disposition: manual-action/MDN-sent-manually; displayed',
        },
      ],
      {
        contentType:
          'Content-Type: multipart/report; report-type=disposition-notification; boundary="b0"',
      },
    );
    expect(await readDeliveryReport(receipt, CHECK)).toEqual({
      kind: 'ignored',
      reason: 'report type disposition-notification',
    });
    for (const type of ['not-spam', 'auth-failure']) {
      const feedback = report(
        [
          NOTICE,
          { type: 'message/feedback-report', body: `Feedback-Type: ${type}\r\nVersion: 1\r\n` },
          ORIGINAL,
        ],
        {
          contentType: 'Content-Type: multipart/report; report-type=feedback-report; boundary="b0"',
        },
      );
      expect(await readDeliveryReport(feedback, CHECK)).toEqual({
        kind: 'ignored',
        reason: `feedback type ${type}`,
      });
    }
  });
});

describe('odd shapes', () => {
  it('an Action without a Status: from the diagnostic’s reply code, else from the action', async () => {
    const cases: [string[], string, boolean][] = [
      [
        [
          'Final-Recipient: rfc822; a@example.org',
          'Action: failed',
          'Diagnostic-Code: smtp; 550 No such user here',
        ],
        '5.0.0',
        true,
      ],
      [
        [
          'Final-Recipient: rfc822; a@example.org',
          'Action: failed',
          'Diagnostic-Code: smtp; 554 5.7.1 Rejected',
        ],
        '5.7.1',
        true,
      ],
      [['Final-Recipient: rfc822; a@example.org', 'Action: failed'], '5.0.0', true],
      [['Final-Recipient: rfc822; a@example.org', 'Action: delayed'], '4.0.0', false],
      // given up after days of temporary failures: soft, the address may still be good
      [
        ['Final-Recipient: rfc822; a@example.org', 'Action: failed', 'Status: 4.4.7'],
        '4.4.7',
        false,
      ],
      // a delay is soft whatever its status says
      [
        ['Final-Recipient: rfc822; a@example.org', 'Action: delayed', 'Status: 5.0.0'],
        '5.0.0',
        false,
      ],
      // no Action: the status class decides
      [['Final-Recipient: rfc822; a@example.org', 'Status: 5.1.1'], '5.1.1', true],
    ];
    for (const [fields, expected, hard] of cases) {
      const recipient = only(await readDeliveryReport(report([NOTICE, status(fields)]), CHECK));
      expect({ fields, status: recipient?.status, hard: recipient?.hard }).toEqual({
        fields,
        status: expected,
        hard,
      });
    }
  });

  it('reads headers and fields in any case', async () => {
    const shouting = report(
      [
        NOTICE,
        {
          type: 'MESSAGE/DELIVERY-STATUS',
          body: 'REPORTING-MTA: dns; mail.example.net\r\n\r\nfinal-recipient: RFC822; <Reader@Example.ORG>\r\naction: FAILED\r\nSTATUS: 5.1.1\r\n',
        },
      ],
      {
        contentType: 'CONTENT-TYPE: Multipart/Report; Report-Type="Delivery-Status"; BOUNDARY="b0"',
      },
    );
    expect(only(await readDeliveryReport(shouting, CHECK))).toMatchObject({
      email: 'reader@example.org',
      status: '5.1.1',
      hard: true,
    });
  });

  it('decodes a base64 delivery-status part, and infers the type from the part when report-type is missing', async () => {
    const fields =
      'Reporting-MTA: dns; mail.example.net\r\n\r\nFinal-Recipient: rfc822; a@example.org\r\nAction: failed\r\nStatus: 5.1.1\r\n';
    const encoded = report(
      [
        NOTICE,
        {
          type: 'message/delivery-status',
          headers: ['Content-Transfer-Encoding: base64'],
          body: Buffer.from(fields).toString('base64'),
        },
      ],
      { contentType: 'Content-Type: multipart/report; boundary="b0"' },
    );
    expect(only(await readDeliveryReport(encoded, CHECK))).toMatchObject({
      email: 'a@example.org',
      status: '5.1.1',
    });
  });

  it('without Final-Recipient: Original-Recipient, then X-Failed-Recipients, then the original’s To', async () => {
    const original = report([
      NOTICE,
      status(['Original-Recipient: rfc822; orig@example.org', 'Action: failed', 'Status: 5.1.1']),
    ]);
    expect(only(await readDeliveryReport(original, CHECK))?.email).toBe('orig@example.org');
    const failedHeader = report([NOTICE, status(['Action: failed', 'Status: 5.1.1']), ORIGINAL], {
      headers: ['X-Failed-Recipients: failed@example.org'],
    });
    expect(only(await readDeliveryReport(failedHeader, CHECK))?.email).toBe('failed@example.org');
    const fromOriginal = report([NOTICE, status(['Action: failed', 'Status: 5.1.1']), ORIGINAL]);
    expect(only(await readDeliveryReport(fromOriginal, CHECK))?.email).toBe('reader@example.org');
  });

  it('a report to a VERP address may name nobody itself: the token says whom', async () => {
    const to = verpAddress(BOUNCES, 77, KEY);
    const anonymous = report([NOTICE, status(['Action: failed', 'Status: 5.1.1'])], {
      headers: [`Delivered-To: ${to}`],
    });
    expect(await readDeliveryReport(anonymous, CHECK)).toEqual({
      kind: 'bounce',
      verp: 77,
      recipients: [{ email: null, status: '5.1.1', hard: true, diagnostic: '' }],
      messageId: null,
    });
  });
});

describe('unreadable reports', () => {
  it('says why, and never guesses a recipient', async () => {
    const cases: [Buffer, string][] = [
      [report([NOTICE, ORIGINAL]), 'no delivery-status part'],
      [
        report([NOTICE, { type: 'message/delivery-status', body: '' }, ORIGINAL]),
        'the delivery status names no recipient',
      ],
      [
        report([NOTICE, status(['Action: failed', 'Status: 5.1.1'])]),
        'a failed recipient without an address',
      ],
      [
        report([NOTICE, { type: 'message/feedback-report', body: 'Version: 1\r\n' }, ORIGINAL], {
          contentType: 'Content-Type: multipart/report; report-type=feedback-report; boundary="b0"',
        }),
        'no Feedback-Type',
      ],
      [
        report([NOTICE], {
          contentType: 'Content-Type: multipart/report; report-type=feedback-report; boundary="b0"',
        }),
        'no feedback-report part',
      ],
      [
        report([NOTICE], { contentType: 'Content-Type: multipart/report; boundary="b0"' }),
        'a report of no known type',
      ],
    ];
    for (const [raw, reason] of cases) {
      expect(await readDeliveryReport(raw, CHECK)).toEqual({ kind: 'unreadable', reason });
    }
  });
});

it('MIME the splitter gives up on is unreadable when it said it was a report, else an ordinary mail', async () => {
  const parts = Array.from(
    { length: 300 },
    (_, i) => `--b0\r\nContent-Type: text/plain\r\n\r\npart ${i}\r\n`,
  ).join('');
  const mail = (type: string) =>
    Buffer.from(
      `From: a@example.org\r\nContent-Type: ${type}; boundary="b0"\r\n\r\n${parts}--b0--\r\n`,
    );
  expect(
    await readDeliveryReport(mail('multipart/report; report-type=delivery-status'), CHECK),
  ).toEqual({
    kind: 'unreadable',
    reason: 'Max allowed child nodes exceeded',
  });
  expect(await readDeliveryReport(mail('multipart/mixed'), CHECK)).toEqual({ kind: 'other' });
});

describe('enhancedStatus', () => {
  it('reads an RFC 3463 status, else the reply code’s class', () => {
    expect(enhancedStatus('550 5.1.1 <a@b>: User unknown')).toBe('5.1.1');
    expect(enhancedStatus('452 4.2.2 Mailbox full')).toBe('4.2.2');
    expect(enhancedStatus('550 No such user')).toBe('5.0.0');
    expect(enhancedStatus('421 Try later')).toBe('4.0.0');
    expect(enhancedStatus('Connection closed')).toBeNull();
  });
});
