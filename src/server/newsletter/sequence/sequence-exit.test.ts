/**
 * The welcome sequence stops for good (docs/newsletter.md, "Welcome sequence"), each reason
 * through the path that causes it: an enquiry (contact.send), a booking (booking.book), an
 * unsubscribe (newsletter.unsubscribe); a suppression is the job's own (sequence-job.test.ts).
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { outbox, subscribers } from '#db/schema';
import { mailsSettled } from '#server/platform/mail';
import {
  adminCaller,
  callerFor,
  createTestDeps,
  testConfig,
  type TestDeps,
} from '#tests/support/app';
import { saveBookingSettings } from '#tests/support/booking-settings';
import { storeSubscribersAs } from '#tests/support/newsletters';
import { sequenceJob } from './sequence-job';
import { unsubscribeToken } from '../tokens';

/** Monday 1 June 2026; Tuesday 2 June 09:00 BST is a free time of the booking settings. */
const NOW = new Date('2026-06-01T06:00:00Z');
const TUESDAY_NINE = '2026-06-02T08:00:00.000Z';
const DAY = 24 * 60 * 60_000;

let deps: TestDeps;
let reader: number;
let other: number;

beforeEach(async () => {
  deps = await createTestDeps({
    config: testConfig({ siteTimezone: 'Europe/London' }),
  });
  deps.clock.set(NOW);
  await saveBookingSettings(deps.db, {}, NOW);
  await (
    await adminCaller(deps)
  ).newsletterSequence.save({
    enabled: true,
    steps: [
      { subject: 'Welcome', body: 'Hello.', days: 0 },
      { subject: 'Tips', body: 'Some tips.', days: 3 },
    ],
  });
  const ids = await storeSubscribersAs(deps, 'confirmed', [
    'Reader@Example.com',
    'other@example.com',
  ]);
  [reader, other] = [ids[0]!, ids[1]!];
  await drain();
});

async function drain() {
  const job = sequenceJob(deps);
  while ((await job.turn(deps.clock.now())).kind === 'worked');
}

async function sequenceOf(id: number) {
  return deps.db
    .select({ step: subscribers.sequenceStep, exited: subscribers.sequenceExited })
    .from(subscribers)
    .where(eq(subscribers.id, id))
    .get();
}

/** After the second step's day: who got it. */
async function secondStepTo() {
  deps.clock.advance(3 * DAY);
  await drain();
  const rows = await deps.db.select().from(outbox).where(eq(outbox.subject, 'Tips')).all();
  return rows.map((row) => row.toEmail);
}

const visitor = () => callerFor(deps, { ip: '198.51.100.9' }).caller;

const enquiry = (email: string) => ({
  name: 'Reader',
  email,
  subject: 'consulting' as const,
  message: 'Could we talk about a project next month?',
  privacy: true as const,
});

describe('the welcome sequence stops for good', () => {
  it('when the address sends an enquiry, in any letter case', async () => {
    await visitor().contact.send(enquiry('READER@example.COM'));
    await mailsSettled(deps.mailer);
    expect(await sequenceOf(reader)).toEqual({ step: 1, exited: 'enquired' });
    expect(await sequenceOf(other)).toEqual({ step: 1, exited: null });
    expect(await secondStepTo()).toEqual(['other@example.com']);
  });

  it('when the address books a call', async () => {
    await visitor().booking.book({
      start: TUESDAY_NINE,
      name: 'Reader',
      email: 'reader@example.com',
      privacy: true,
    });
    await mailsSettled(deps.mailer);
    expect(await sequenceOf(reader)).toEqual({ step: 1, exited: 'booked' });
    expect(await secondStepTo()).toEqual(['other@example.com']);
  });

  it('when the address unsubscribes, and subscribing again does not start it again', async () => {
    const token = unsubscribeToken(deps.config.sessionSecret, 'Reader@Example.com');
    await visitor().newsletter.unsubscribe({ token });
    expect(await sequenceOf(reader)).toEqual({ step: 1, exited: 'unsubscribed' });
    await callerFor(deps, { ip: '198.51.100.10' }).caller.newsletter.subscribe({
      email: 'reader@example.com',
    });
    await mailsSettled(deps.mailer);
    await writeTransaction(deps.db, (tx) =>
      tx
        .update(subscribers)
        .set({ status: 'confirmed', confirmedAt: deps.clock.now() })
        .where(eq(subscribers.id, reader)),
    );
    expect(await sequenceOf(reader)).toEqual({ step: 1, exited: 'unsubscribed' });
    expect(await secondStepTo()).toEqual(['other@example.com']);
  });

  it('keeps the first reason: a later enquiry does not replace a booking', async () => {
    await visitor().booking.book({
      start: TUESDAY_NINE,
      name: 'Reader',
      email: 'reader@example.com',
      privacy: true,
    });
    await callerFor(deps, { ip: '198.51.100.11' }).caller.contact.send(
      enquiry('reader@example.com'),
    );
    await mailsSettled(deps.mailer);
    expect(await sequenceOf(reader)).toEqual({ step: 1, exited: 'booked' });
  });

  it('not when an enquiry is refused: a throttled one stores nothing and stops nothing', async () => {
    const sender = visitor();
    // Five from one address in 10 minutes are stored; the sixth is refused (429).
    for (let i = 0; i < 5; i++) await sender.contact.send(enquiry(`someone${i}@example.com`));
    await expect(sender.contact.send(enquiry('reader@example.com'))).rejects.toThrow();
    await mailsSettled(deps.mailer);
    expect(await sequenceOf(reader)).toEqual({ step: 1, exited: null });
  });
});
