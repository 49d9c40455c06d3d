/**
 * The welcome sequence's job (sequence-job.ts): what it writes into the outbox, and when.
 * Time is the test clock's; the outbox's sender is another job, so these tests read the rows
 * written, not what SMTP got.
 */
import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, writeTransaction } from '#db';
import { outbox, subscribers } from '#db/schema';
import type { SequenceInput } from '#shared/newsletter-sequence';
import { createMailSender } from '#server/app/mail-sender';
import type { MailJob } from '#server/mail/outbox/mail-loop';
import { storedMessage } from '#server/mail/outbox/queue-mail';
import { sealOutboxWith } from '#server/mail/outbox/outbox-seal';
import { suppressAddress } from '#server/mail/suppressions/suppression';
import { adminCaller, createTestDeps, type Caller, type TestDeps } from '#tests/support/app';
import { openTestDatabase } from '#tests/support/database';
import { storeSubscribersAs } from '#tests/support/newsletters';
import { sequenceJob } from './sequence-job';
import { tokenHash, unsubscribeToken } from '../tokens';

const DAY = 24 * 60 * 60_000;
const WELCOME = { subject: 'Welcome aboard', body: 'Glad you are **here**.', days: 0 };
const TIPS = { subject: 'Three tips', body: 'Tip one: [read this](https://example.com).', days: 2 };
const CASE = { subject: 'A case study', body: 'How we did it.', days: 7 };

let deps: TestDeps;
let admin: Caller;

beforeEach(async () => {
  deps = await createTestDeps();
  admin = await adminCaller(deps);
});

const save = (sequence: SequenceInput) => admin.newsletterSequence.save(sequence);

async function queued() {
  return deps.db.select().from(outbox).orderBy(asc(outbox.id)).all();
}

const refsOf = async () => (await queued()).map((row) => row.ref);

/** Turns until one finds nothing due; how many worked. */
async function drain(job: Pick<MailJob, 'turn'> = sequenceJob(deps)): Promise<number> {
  let worked = 0;
  while ((await job.turn(deps.clock.now())).kind === 'worked') worked++;
  return worked;
}

async function sequenceOf(id: number) {
  return deps.db
    .select({ step: subscribers.sequenceStep, exited: subscribers.sequenceExited })
    .from(subscribers)
    .where(eq(subscribers.id, id))
    .get();
}

describe('the sequence job', () => {
  it('queues each step at its day as a newsletter mail with its unsubscribe link and headers', async () => {
    await save({ enabled: true, steps: [WELCOME, TIPS] });
    const [id] = await storeSubscribersAs(deps, 'confirmed', ['reader@example.com']);

    expect(await drain()).toBe(1);
    const [row] = await queued();
    expect(row).toMatchObject({
      kind: 'sequence',
      bulk: true,
      status: 'queued',
      toEmail: 'reader@example.com',
      subject: 'Welcome aboard',
      ref: `subscriber:${id}:step:1`,
      nextAttemptAt: deps.clock.now(),
    });
    const message = storedMessage(deps.db, row!);
    const token = unsubscribeToken(deps.config.sessionSecret, 'reader@example.com');
    expect(message.headers).toEqual({
      'List-Unsubscribe': `<http://localhost/api/newsletter/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(message.html).toContain('<strong>here</strong>');
    expect(message.text).toContain(`http://localhost/newsletter/unsubscribe?token=${token}`);
    expect(message.replyTo).toBe('owner@example.com');
    // The link works: the token's hash is the one stored.
    const stored = await deps.db.select().from(subscribers).where(eq(subscribers.id, id!)).get();
    expect(stored?.unsubscribeTokenHash).toBe(tokenHash(token));

    // The second step waits for its second day.
    deps.clock.advance(2 * DAY - 1);
    expect(await drain()).toBe(0);
    deps.clock.advance(1);
    expect(await drain()).toBe(1);
    expect(await refsOf()).toEqual([`subscriber:${id}:step:1`, `subscriber:${id}:step:2`]);
    expect((await queued())[1]?.subject).toBe('Three tips');
    expect(await sequenceOf(id!)).toEqual({ step: 2, exited: null });

    // Past the last step: nothing more, ever.
    deps.clock.advance(60 * DAY);
    expect(await drain()).toBe(0);
  });

  it('gives each step once across two instances turning at once and a restart', async () => {
    await save({ enabled: true, steps: [WELCOME, TIPS] });
    const ids = await storeSubscribersAs(deps, 'confirmed', [
      'a@example.com',
      'b@example.com',
      'c@example.com',
    ]);
    // Two instances: two jobs, each turning as fast as it can, at the same moments.
    const both = async () => {
      const first = sequenceJob(deps);
      const second = sequenceJob(deps);
      for (;;) {
        const turns = await Promise.all([
          first.turn(deps.clock.now()),
          second.turn(deps.clock.now()),
        ]);
        if (turns.every((turn) => turn.kind === 'idle')) return;
      }
    };
    await both();
    deps.clock.advance(2 * DAY);
    await both();
    // A restart: a fresh sender, through the one job list (its outbox sends the queued steps at
    // the bulk pace), gives no step again.
    await drain(createMailSender(deps));
    const expected = ids.flatMap((id) => [`subscriber:${id}:step:1`, `subscriber:${id}:step:2`]);
    expect((await refsOf()).sort()).toEqual(expected.sort());
  });

  it('gives each step once when two database handles (two instances) turn at once', async () => {
    const { db: first, target } = await openTestDatabase();
    const second = await openDatabase(target);
    sealOutboxWith(second, deps.config.sessionSecret);
    deps = { ...deps, db: first };
    admin = await adminCaller(deps);
    await save({ enabled: true, steps: [WELCOME] });
    await storeSubscribersAs(deps, 'confirmed', ['a@example.com', 'b@example.com']);
    const jobs = [sequenceJob(deps), sequenceJob({ ...deps, db: second })];
    for (let i = 0; i < 4; i++) await Promise.all(jobs.map((job) => job.turn(deps.clock.now())));
    expect(await refsOf()).toHaveLength(2);
    expect(new Set(await refsOf()).size).toBe(2);
  });

  it('sends nothing while the sequence is off, and nothing before its first save', async () => {
    await storeSubscribersAs(deps, 'confirmed', ['reader@example.com']);
    expect(await drain()).toBe(0);
    await save({ enabled: false, steps: [WELCOME] });
    expect(await drain()).toBe(0);
    expect(await queued()).toEqual([]);
  });

  it('stops giving steps when turned off, and goes on where it was when turned on again', async () => {
    await save({ enabled: true, steps: [WELCOME, TIPS] });
    const [id] = await storeSubscribersAs(deps, 'confirmed', ['reader@example.com']);
    expect(await drain()).toBe(1);
    await save({ enabled: false, steps: [WELCOME, TIPS] });
    deps.clock.advance(3 * DAY);
    expect(await drain()).toBe(0);
    await save({ enabled: true, steps: [WELCOME, TIPS] });
    expect(await drain()).toBe(1);
    expect(await refsOf()).toEqual([`subscriber:${id}:step:1`, `subscriber:${id}:step:2`]);
  });

  it('leaves out subscribers confirmed before it was first turned on', async () => {
    await storeSubscribersAs(deps, 'confirmed', ['old@example.com']);
    deps.clock.advance(1000);
    await save({ enabled: true, steps: [WELCOME] });
    const [fresh] = await storeSubscribersAs(deps, 'confirmed', ['new@example.com']);
    expect(await drain()).toBe(1);
    expect(await refsOf()).toEqual([`subscriber:${fresh}:step:1`]);
  });

  it('sends nothing to pending or unsubscribed addresses', async () => {
    await save({ enabled: true, steps: [WELCOME] });
    await storeSubscribersAs(deps, 'pending', ['pending@example.com']);
    await storeSubscribersAs(deps, 'unsubscribed', ['gone@example.com']);
    expect(await drain()).toBe(0);
  });

  it('stops for good at a suppressed address instead of queueing its step', async () => {
    await save({ enabled: true, steps: [WELCOME, TIPS] });
    const [id] = await storeSubscribersAs(deps, 'confirmed', ['Bounced@Example.com']);
    await writeTransaction(deps.db, (tx) =>
      suppressAddress(
        tx,
        { email: 'bounced@example.com', reason: 'hard_bounce', detail: '5.1.1' },
        deps.clock.now(),
      ),
    );
    expect(await drain()).toBe(1);
    expect(await queued()).toEqual([]);
    expect(await sequenceOf(id!)).toEqual({ step: 0, exited: 'suppressed' });
    deps.clock.advance(10 * DAY);
    expect(await drain()).toBe(0);
  });

  it('gives a step added later to those who had every step, unless their sequence stopped', async () => {
    await save({ enabled: true, steps: [WELCOME] });
    const [done, stopped] = await storeSubscribersAs(deps, 'confirmed', [
      'done@example.com',
      'stopped@example.com',
    ]);
    expect(await drain()).toBe(2);
    await writeTransaction(deps.db, (tx) =>
      tx
        .update(subscribers)
        .set({ sequenceExited: 'enquired' })
        .where(eq(subscribers.id, stopped!)),
    );
    await save({ enabled: true, steps: [WELCOME, TIPS, CASE] });
    deps.clock.advance(2 * DAY);
    expect(await drain()).toBe(1);
    expect((await refsOf()).slice(2)).toEqual([`subscriber:${done}:step:2`]);
    expect(await sequenceOf(stopped!)).toEqual({ step: 1, exited: 'enquired' });
  });

  it('runs in the background sender after the newsletters', async () => {
    await save({ enabled: true, steps: [WELCOME] });
    await storeSubscribersAs(deps, 'confirmed', ['reader@example.com']);
    const sender = createMailSender(deps);
    // The step is queued, then the outbox, first in the list, sends it.
    expect(await sender.turn()).toEqual({ kind: 'worked' });
    expect((await queued()).map((row) => row.status)).toEqual(['queued']);
    expect(await sender.turn()).toEqual({ kind: 'worked' });
    expect((await queued()).map((row) => row.status)).toEqual(['sent']);
    expect(await sender.turn()).toEqual({ kind: 'idle' });
  });
});
