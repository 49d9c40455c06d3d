import { expect, it } from 'vitest';
import { createMemoryLogger } from '#tests/support/logger';
import { mailsSettled, sendInBackground, withoutAddresses, type Mailer } from './mail';

it('replaces every e-mail address in a text, in any quoting', () => {
  expect(
    withoutAddresses(
      '550 5.1.1 <ann@example.com>: rejected; also "bo.b+x@mail.example.org" and c@d',
    ),
  ).toBe('550 5.1.1 <(address)>: rejected; also "(address)" and (address)');
});

it('logs a failed background mail without the addresses its error quotes', async () => {
  const logger = createMemoryLogger();
  const mailer: Mailer = {
    canDeliver: true,
    send: () => Promise.reject(new Error('550 <ann@example.com>: no such user')),
  };
  sendInBackground(
    { mailer, logger },
    { to: 'ann@example.com', subject: 'Hi', text: 'Hi' },
    { sent: 'test.sent', failed: 'test.failed', fields: {} },
  );
  await mailsSettled(mailer);
  const line = logger.lines.find((l) => l.includes('"test.failed"')) ?? '';
  expect(line).toContain('550 <(address)>: no such user');
  expect(line).not.toContain('ann@');
});
