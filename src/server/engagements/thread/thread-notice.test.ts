/**
 * The owner's mail about the client's messages (docs/engagements.md, "The thread"): one to
 * CONTACT_NOTIFY_TO however many messages come at once, at most one per engagement in 5
 * minutes, and a message inside the window covered by a mail at its end. The clock is the
 * test's: the outbox holds the later mail until the clock reaches it.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { asc, like } from 'drizzle-orm';
import { outbox } from '#db/schema';
import { THREAD_LIMITS } from '#shared/engagements/thread';
import { mailsSettled } from '#server/platform/mail';
import { mailQueued } from '#server/mail/outbox/send-mail';
import {
  createTestDeps,
  testConfig,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import type { EngagementRef } from '../engagement-ref';
import { postClientMessage } from './client-message';
import { threadOfEngagement } from './thread-query';
import { storeEngagedLeads } from '#tests/support/engagements';

const OWNER = 'dana@acme.example';
const WINDOW = THREAD_LIMITS.ownerNoticeMs;

let deps: TestDeps;
let engagement: EngagementRef;
let other: EngagementRef;

beforeEach(async () => {
  deps = await createTestDeps({
    config: testConfig({ contactNotifyTo: OWNER, siteUrl: 'https://acme.example' }),
  });
  [engagement, other] = (await storeEngagedLeads(deps, 2)) as [EngagementRef, EngagementRef];
});

/** The owner's notices sent so far, once every mail in flight settled. */
async function ownerMails() {
  await mailsSettled(deps.mailer);
  return (deps.mailer as RecordingMailer).sent.filter((mail) => mail.to === OWNER);
}

const notices = () =>
  deps.db
    .select({ ref: outbox.ref, due: outbox.nextAttemptAt, status: outbox.status })
    .from(outbox)
    .where(like(outbox.ref, 'engagement-messages:%'))
    .orderBy(asc(outbox.id))
    .all();

const post = (ref: EngagementRef, text: string) => postClientMessage(deps, ref, { text });

/** What the outbox's sender does when the clock has moved: what is due goes. */
async function sendDue() {
  await mailQueued(deps);
  await mailsSettled(deps.mailer);
}

describe('the owner’s mail', () => {
  it('is one for twenty messages posted at once', async () => {
    const texts = Array.from({ length: 20 }, (_, i) => `Message ${i + 1}`);
    await Promise.all(texts.map((text) => post(engagement, text)));

    expect(await threadOfEngagement(deps.db, engagement.id)).toHaveLength(20);
    const mails = await ownerMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('New message from Client 1 on their engagement page');
    expect(mails[0]?.text).toContain('https://acme.example/admin/leads/');
    // The words stay on the lead: the notice is safe to forward.
    expect(mails[0]?.text).not.toContain('Message 1');
    expect(await notices()).toHaveLength(1);
  });

  it('goes again only once 5 minutes passed, covering what came inside the window', async () => {
    const start = deps.clock.now().getTime();
    await post(engagement, 'First.');
    expect(await ownerMails()).toHaveLength(1);

    // Inside the window: one later mail is queued for its end, and no more for more messages.
    deps.clock.advance(60_000);
    await post(engagement, 'Second.');
    deps.clock.advance(60_000);
    await post(engagement, 'Third.');
    await sendDue();
    expect(await ownerMails()).toHaveLength(1);
    expect((await notices()).map((n) => [n.status, n.due.getTime() - start])).toEqual([
      ['sent', 0],
      ['queued', WINDOW],
    ]);

    deps.clock.set(new Date(start + WINDOW - 1));
    await sendDue();
    expect(await ownerMails()).toHaveLength(1);

    deps.clock.set(new Date(start + WINDOW));
    await sendDue();
    expect(await ownerMails()).toHaveLength(2);

    // The next message within 5 minutes of that mail waits for its window's end in turn.
    deps.clock.advance(60_000);
    await post(engagement, 'Fourth.');
    await sendDue();
    expect(await ownerMails()).toHaveLength(2);
    expect((await notices()).at(-1)?.due.getTime()).toBe(start + 2 * WINDOW);
  });

  it('goes at once for a message after a quiet 5 minutes', async () => {
    await post(engagement, 'First.');
    deps.clock.advance(WINDOW + 1);
    await post(engagement, 'After a while.');
    expect(await ownerMails()).toHaveLength(2);
  });

  it('is counted per engagement', async () => {
    await post(engagement, 'From the first client.');
    await post(other, 'From the second client.');
    const mails = await ownerMails();
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'New message from Client 1 on their engagement page',
      'New message from Client 2 on their engagement page',
    ]);
  });

  it('is not queued without CONTACT_NOTIFY_TO, and the message is kept', async () => {
    deps = await createTestDeps({ db: deps.db, config: testConfig({ contactNotifyTo: null }) });
    await post(engagement, 'Nobody is told by mail.');
    await mailsSettled(deps.mailer);
    expect((deps.mailer as RecordingMailer).sent).toEqual([]);
    expect(await notices()).toEqual([]);
    expect(await threadOfEngagement(deps.db, engagement.id)).toHaveLength(1);
  });
});
