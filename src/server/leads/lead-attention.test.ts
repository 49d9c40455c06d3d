/**
 * The attention lists that follow the conversation (docs/leads.md, "Attention"): an answer
 * to a reply waits for the owner until they reply again, and a lead whose only call was
 * cancelled before anyone replied is waiting for a first answer again.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { writeTransaction } from '#db';
import { outbox } from '#db/schema';
import { mailsSettled } from '#server/platform/mail';
import {
  adminCaller,
  callerFor,
  createTestDeps,
  testConfig,
  type Caller,
  type TestDeps,
} from '#tests/support/app';
import { saveBookingSettings } from '#tests/support/booking-settings';
import { storeLeads } from '#tests/support/stored-leads';
import { takeAnswer } from './answers/capture';

let deps: TestDeps;
let admin: Caller;
let mails = 0;

const NOW = new Date('2026-06-01T06:00:00Z');

beforeEach(async () => {
  deps = await createTestDeps({
    config: testConfig({ siteUrl: 'https://harbor.example', siteTimezone: 'Europe/London' }),
  });
  deps.clock.set(NOW);
  admin = await adminCaller(deps);
});

/** Their answer arrives by mail a minute later. */
async function answerFrom(email: string) {
  deps.clock.advance(60_000);
  const mail = {
    mailId: `answer-${++mails}@mail.example`,
    threadIds: [],
    from: email,
    text: 'Yes.',
  };
  expect(await takeAnswer(deps, mail, deps.clock.now())).toBe('stored');
}

async function replyTo(id: number) {
  deps.clock.advance(60_000);
  await admin.leads.reply({ id, text: 'Happy to help.' });
}

const idsOf = (list: { id: number }[]) => list.map((lead) => lead.id);

describe('answered', () => {
  it('lists the leads whose answer to a reply waits, the longest waiting first', async () => {
    await storeLeads(deps, 4);
    for (const id of [1, 2, 3, 4]) await replyTo(id);
    await answerFrom('person2@example.com');
    await answerFrom('person1@example.com');
    await answerFrom('person4@example.com');
    // A note or a status change is not an answer: lead 4 still waits.
    await admin.leads.addNote({ id: 4, text: 'Call her back.' });
    await admin.leads.update({ id: 4, data: { status: 'proposal' } });
    const attention = await admin.leads.attention();
    expect(idsOf(attention.answered)).toEqual([2, 1, 4]);
    // Lead 3 got a reply and has not answered: nothing waits for the owner.
    expect(idsOf(attention.unanswered)).toEqual([]);
  });

  it('lets a lead go once it is replied to again, and takes it back at its next answer', async () => {
    await storeLeads(deps, 2);
    await replyTo(1);
    await replyTo(2);
    await answerFrom('person1@example.com');
    await answerFrom('person2@example.com');
    await replyTo(1);
    expect(idsOf((await admin.leads.attention()).answered)).toEqual([2]);
    await answerFrom('person1@example.com');
    expect(idsOf((await admin.leads.attention()).answered)).toEqual([2, 1]);
  });

  it('takes no reply whose mail failed in the outbox as a turn', async () => {
    await storeLeads(deps, 1);
    await replyTo(1);
    await answerFrom('person1@example.com');
    await replyTo(1);
    await mailsSettled(deps.mailer);
    expect(idsOf((await admin.leads.attention()).answered)).toEqual([]);
    // The second reply never reached them: their answer still waits for the owner.
    const latest = await deps.db.select().from(outbox).orderBy(outbox.id).all();
    await writeTransaction(deps.db, (tx) =>
      tx
        .update(outbox)
        .set({ status: 'failed' })
        .where(eq(outbox.id, latest.at(-1)!.id)),
    );
    expect(idsOf((await admin.leads.attention()).answered)).toEqual([1]);
  });

  it('holds no lead that was never replied to, whatever it sent', async () => {
    await storeLeads(deps, 1, { status: 'meeting' });
    await answerFrom('person1@example.com');
    const attention = await admin.leads.attention();
    expect(attention.answered).toEqual([]);
  });
});

describe('a cancelled call', () => {
  beforeEach(async () => {
    await saveBookingSettings(deps.db, {}, NOW);
  });

  /** Tuesday 2 June, on the hour (UTC). */
  async function book(email: string, hourUtc: number) {
    await callerFor(deps, { ip: `198.51.100.${hourUtc}` }).caller.booking.book({
      start: `2026-06-02T${String(hourUtc).padStart(2, '0')}:00:00.000Z`,
      name: 'Tom',
      email,
      privacy: true,
    });
  }

  it('hands an unanswered lead back: new again, waiting for a first answer', async () => {
    await storeLeads(deps, 1, { email: 'tom@example.com' });
    await book('tom@example.com', 8);
    expect(idsOf((await admin.leads.attention()).unanswered)).toEqual([]);
    await admin.bookings.cancel({ id: 1, message: 'Maybe next quarter' });
    const attention = await admin.leads.attention();
    expect(attention.unanswered).toMatchObject([{ id: 1, status: 'new' }]);
    const { timeline } = await admin.leads.get({ id: 1 });
    expect(timeline.map((e) => [e.kind, e.from ?? null, e.status ?? null]).slice(-2)).toEqual([
      ['booking_cancelled', null, null],
      ['status_changed', 'meeting', 'new'],
    ]);
  });

  it('leaves the meeting of a lead that was replied to, or has another call', async () => {
    await storeLeads(deps, 2, (i) => ({ email: i ? 'ann@example.com' : 'tom@example.com' }));
    await replyTo(1);
    await book('tom@example.com', 8);
    await book('ann@example.com', 9);
    await book('ann@example.com', 10);
    await admin.bookings.cancel({ id: 1 });
    await admin.bookings.cancel({ id: 2 });
    const { leads } = await admin.leads.list();
    expect(leads.map((l) => [l.id, l.status]).sort()).toEqual([
      [1, 'meeting'],
      [2, 'meeting'],
    ]);
    expect((await admin.leads.attention()).unanswered).toEqual([]);
  });
});
