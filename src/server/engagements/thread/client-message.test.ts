/**
 * The client's message from their engagement page (docs/engagements.md, "The thread"): its
 * limits, the answer it becomes on the lead (unread, asking for attention), a closed
 * engagement refusing it, and nothing of one engagement's thread in another's.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { leadEvents } from '#db/schema';
import { THREAD_MESSAGES } from '#shared/engagements/thread';
import { adminCaller, createTestDeps, type Caller, type TestDeps } from '#tests/support/app';
import { failure } from '#tests/support/trpc-errors';
import type { EngagementRef } from '../engagement-ref';
import { postClientMessage } from './client-message';
import { threadOfEngagement } from './thread-query';
import { closeStored, storeBareEngagement, storeEngagedLeads } from '#tests/support/engagements';

let deps: TestDeps;
let admin: Caller;
let engagement: EngagementRef;
let other: EngagementRef;

beforeEach(async () => {
  deps = await createTestDeps();
  admin = await adminCaller(deps);
  [engagement, other] = (await storeEngagedLeads(deps, 2)) as [EngagementRef, EngagementRef];
});

const post = (ref: EngagementRef, text: string) => postClientMessage(deps, ref, { text });

const answers = () =>
  deps.db.select().from(leadEvents).where(eq(leadEvents.kind, 'reply_received')).all();

describe('the text', () => {
  it('is kept trimmed, up to 5,000 characters', async () => {
    const text = 'x'.repeat(5000);
    const message = await postClientMessage(deps, engagement, { text: `  \n${text}\n ` });
    expect(message).toEqual({
      id: expect.any(Number),
      from: 'client',
      text,
      at: deps.clock.now().toISOString(),
    });
    expect(await threadOfEngagement(deps.db, engagement.id)).toEqual([message]);
  });

  it.each([
    ['empty', '', THREAD_MESSAGES.messageRequired],
    ['only spaces and newlines', ' \n\t ', THREAD_MESSAGES.messageRequired],
    ['over 5,000 characters', 'y'.repeat(5001), THREAD_MESSAGES.messageMax],
  ])('is refused with 400 when %s, and nothing is stored', async (_, text, message) => {
    const error = await failure(postClientMessage(deps, engagement, { text }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toBe(message);
    expect(await answers()).toEqual([]);
  });
});

describe('on the lead', () => {
  it('is an unread answer on the timeline, from the engagement page', async () => {
    const [before] = (await admin.leads.list({})).leads.filter((l) => l.id === engagement.leadId);
    deps.clock.advance(60_000);
    await postClientMessage(deps, engagement, { text: 'The export is ready for review.' });

    const [row] = await answers();
    expect(row).toMatchObject({
      leadId: engagement.leadId,
      engagementId: engagement.id,
      kind: 'reply_received',
      readAt: null,
      actor: null,
    });
    const listed = (await admin.leads.list({})).leads.find((l) => l.id === engagement.leadId);
    expect(listed?.unread).toBe((before?.unread ?? 0) + 1);
    expect(listed?.lastActivityAt).toBe(deps.clock.now().toISOString());

    // Opened, it is read, and its entry names the engagement whose page it came from.
    const opened = await admin.leads.get({ id: engagement.leadId });
    expect(opened.lead.unread).toBe(0);
    expect(opened.timeline.at(-1)).toMatchObject({
      kind: 'reply_received',
      text: 'The export is ready for review.',
      engagementId: engagement.id,
    });
  });

  it('puts a lead the owner replied to in the answered list, as an answer by mail does', async () => {
    await admin.leads.reply({ id: engagement.leadId, text: 'The plan for week one.' });
    let attention = await admin.leads.attention();
    expect(attention.answered.map((l) => l.id)).not.toContain(engagement.leadId);

    deps.clock.advance(60_000);
    await postClientMessage(deps, engagement, { text: 'Looks good, one question.' });
    attention = await admin.leads.attention();
    expect(attention.answered.map((l) => l.id)).toContain(engagement.leadId);
  });
});

describe('a closed engagement', () => {
  it('is read-only: 409, nothing stored', async () => {
    const closed = await storeBareEngagement(deps, { leadId: engagement.leadId, status: 'closed' });
    const error = await failure(postClientMessage(deps, closed, { text: 'Still there?' }));
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe(THREAD_MESSAGES.closed);
    expect(await answers()).toEqual([]);
  });

  it('refuses a message resolved before the owner closed it', async () => {
    await closeStored(deps, engagement.id);
    // The reference still says active: the status is read again in the transaction.
    const error = await failure(postClientMessage(deps, engagement, { text: 'Just in time?' }));
    expect(error.code).toBe('CONFLICT');
    expect(await answers()).toEqual([]);
  });
});

describe('each engagement its own thread', () => {
  it('shows nothing of another engagement, nor of the lead’s other timeline', async () => {
    await postClientMessage(deps, engagement, { text: 'Ours.' });
    await postClientMessage(deps, other, { text: 'Theirs.' });
    await admin.leads.addNote({ id: engagement.leadId, text: 'A private note.' });

    expect((await threadOfEngagement(deps.db, engagement.id)).map((m) => m.text)).toEqual([
      'Ours.',
    ]);
    expect((await threadOfEngagement(deps.db, other.id)).map((m) => m.text)).toEqual(['Theirs.']);
  });

  it('keeps two engagements of one lead apart, oldest first', async () => {
    const second = await storeBareEngagement(deps, {
      leadId: engagement.leadId,
      title: 'Phase two',
    });
    await postClientMessage(deps, engagement, { text: 'First, phase one.' });
    await postClientMessage(deps, second, { text: 'Then phase two.' });
    await postClientMessage(deps, engagement, { text: 'Phase one again.' });

    expect((await threadOfEngagement(deps.db, engagement.id)).map((m) => m.text)).toEqual([
      'First, phase one.',
      'Phase one again.',
    ]);
    expect((await threadOfEngagement(deps.db, second.id)).map((m) => m.text)).toEqual([
      'Then phase two.',
    ]);
  });
});

describe('the throttle', () => {
  it('takes 30 messages an hour on one engagement, then 429 with nothing stored', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 31 }, (_, i) => post(engagement, `Note ${i + 1}`)),
    );
    const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
    expect(refused.map((e) => (e instanceof TRPCError ? e.code : e))).toEqual([
      'TOO_MANY_REQUESTS',
    ]);
    expect(await threadOfEngagement(deps.db, engagement.id)).toHaveLength(30);

    // Another engagement is counted apart; the hour past, the first one takes messages again.
    await post(other, 'Still fine.');
    deps.clock.advance(60 * 60_000);
    await post(engagement, 'An hour later.');
    expect(await threadOfEngagement(deps.db, engagement.id)).toHaveLength(31);
  });
});
