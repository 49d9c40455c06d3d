/**
 * The acknowledgement's claim, the last statement of the contact message's batch, taken only
 * when the message was stored (`changes() > 0`, contact/router.ts): once for twenty messages at
 * once, and none for a message the throttle refused. What a batch's statements see of each
 * other is the driver's, so this runs on both (vite.config.ts, SQLD_TESTS).
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  acknowledgements,
  closeSink,
  enquiry,
  send,
  setUpMail,
  sink,
  turnOn,
} from '#tests/support/contact-acknowledgement-fixtures';

beforeEach(setUpMail);
afterEach(closeSink);

it('goes once when twenty messages from one address arrive at once', async () => {
  await turnOn();
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) => send(`203.0.113.${i + 1}`)),
  );
  expect(answers.every((a) => a.success)).toBe(true);
  expect(await acknowledgements()).toHaveLength(1);
  expect(sink.to('team@acme.example')).toHaveLength(20);
});

it('lets the contact throttle decide first: a refused message claims no acknowledgement', async () => {
  await turnOn();
  for (let i = 0; i < 5; i++) {
    await send('198.51.100.20', { ...enquiry, email: `other${i}@example.com` });
  }
  await expect(send('198.51.100.20')).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  expect(await acknowledgements()).toEqual([]);
  await send('198.51.100.21');
  expect(await acknowledgements()).toHaveLength(1);
});
