/**
 * The owner's reply and the engagement's thread (docs/engagements.md, "The thread"): a reply
 * to a lead with an active engagement names it, so the client's page shows it, and is mailed
 * as every reply is; a reply to a lead without one (or whose engagement is closed) is in no
 * thread.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { leadEvents, outbox } from '#db/schema';
import { mailRef } from '#server/mail/outbox/mail-ref';
import { threadOfEngagement } from '#server/engagements/thread/thread-query';
import { postClientMessage } from '#server/engagements/thread/client-message';
import { adminCaller, createTestDeps, type Caller, type TestDeps } from '#tests/support/app';
import { storeLeads } from '#tests/support/stored-leads';
import { REPLY_TOPIC } from '../reply-fate';
import { storeBareEngagement } from '#tests/support/engagements';

let deps: TestDeps;
let admin: Caller;
let leadId: number;

beforeEach(async () => {
  deps = await createTestDeps();
  admin = await adminCaller(deps);
  const [stored] = await storeLeads(deps, 1, { name: 'Lin Client' });
  leadId = stored!.lead.id;
});

const replyRow = (id: number) =>
  deps.db.select().from(leadEvents).where(eq(leadEvents.id, id)).get();

describe('a reply while the lead has an active engagement', () => {
  it('shows in that engagement’s thread after the client’s message, and is mailed', async () => {
    const engagement = await storeBareEngagement(deps, { leadId: leadId });
    deps.clock.advance(1000);
    const message = await postClientMessage(deps, engagement, { text: 'Can we move Friday?' });
    deps.clock.advance(1000);
    const reply = await admin.leads.reply({ id: leadId, text: 'Yes, Monday works.' });

    expect((await replyRow(reply.id))?.engagementId).toBe(engagement.id);
    expect(await threadOfEngagement(deps.db, engagement.id)).toEqual([
      message,
      {
        id: reply.id,
        from: 'owner',
        text: 'Yes, Monday works.',
        at: deps.clock.now().toISOString(),
      },
    ]);
    const mail = await deps.db
      .select({ to: outbox.toEmail })
      .from(outbox)
      .where(eq(outbox.ref, mailRef(REPLY_TOPIC, reply.id)))
      .get();
    expect(mail?.to).toBe('person1@example.com');
    // The admin's timeline says where it shows.
    const { timeline } = await admin.leads.get({ id: leadId });
    expect(timeline.find((e) => e.id === reply.id)?.engagementId).toBe(engagement.id);
  });

  it('names the latest active engagement when the lead has several', async () => {
    const first = await storeBareEngagement(deps, { leadId: leadId, title: 'Phase one' });
    const second = await storeBareEngagement(deps, { leadId: leadId, title: 'Phase two' });
    const reply = await admin.leads.reply({ id: leadId, text: 'About phase two.' });

    expect((await replyRow(reply.id))?.engagementId).toBe(second.id);
    expect(await threadOfEngagement(deps.db, first.id)).toEqual([]);
  });

  it('names the active engagement the client last wrote on, when the lead has several', async () => {
    const first = await storeBareEngagement(deps, { leadId: leadId, title: 'Phase one' });
    await storeBareEngagement(deps, { leadId: leadId, title: 'Phase two' });
    await postClientMessage(deps, first, { text: 'A question on phase one.' });
    const reply = await admin.leads.reply({ id: leadId, text: 'The answer on phase one.' });

    expect((await replyRow(reply.id))?.engagementId).toBe(first.id);
  });
});

describe('a reply to a lead without an active engagement', () => {
  it('is in no thread when the lead has no engagement', async () => {
    const reply = await admin.leads.reply({ id: leadId, text: 'Thanks for writing.' });
    expect((await replyRow(reply.id))?.engagementId).toBeNull();
    expect(reply.engagementId).toBeUndefined();
  });

  it('is in no thread when the lead’s engagement is closed', async () => {
    const closed = await storeBareEngagement(deps, { leadId: leadId, status: 'closed' });
    const reply = await admin.leads.reply({ id: leadId, text: 'A word after the work.' });
    expect((await replyRow(reply.id))?.engagementId).toBeNull();
    expect(await threadOfEngagement(deps.db, closed.id)).toEqual([]);
  });

  it('is in no thread of another lead’s engagement', async () => {
    const [another] = await storeLeads(deps, 1, { email: 'other@example.com' });
    const theirs = await storeBareEngagement(deps, { leadId: another!.lead.id });
    await admin.leads.reply({ id: leadId, text: 'Only for Lin.' });
    expect(await threadOfEngagement(deps.db, theirs.id)).toEqual([]);
  });
});
