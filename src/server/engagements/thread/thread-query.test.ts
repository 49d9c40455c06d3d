/**
 * The engagement's thread as read (thread-query.ts): the lead's `reply_received` and
 * `reply_sent` entries that name the engagement, oldest first, as `client` and `owner`; no
 * other entry of the timeline, and nothing of another engagement.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { leadEvents } from '#db/schema';
import type { TimelineKind } from '#shared/lead-pipeline';
import { createTestDeps, type TestDeps } from '#tests/support/app';
import type { EngagementRef } from '../engagement-ref';
import { threadOfEngagement } from './thread-query';
import { storeEngagedLeads } from '#tests/support/engagements';

let deps: TestDeps;
let ours: EngagementRef;
let theirs: EngagementRef;

beforeEach(async () => {
  deps = await createTestDeps();
  [ours, theirs] = (await storeEngagedLeads(deps, 2)) as [EngagementRef, EngagementRef];
});

/** Timeline entries written as given, one second apart. */
async function entries(
  rows: { kind: TimelineKind; text: string | null; engagement: EngagementRef | null }[],
) {
  await writeTransaction(deps.db, async (tx) => {
    for (const row of rows) {
      deps.clock.advance(1000);
      await tx.insert(leadEvents).values({
        leadId: (row.engagement ?? ours).leadId,
        at: deps.clock.now(),
        kind: row.kind,
        text: row.text,
        engagementId: row.engagement?.id ?? null,
      });
    }
  });
}

describe('threadOfEngagement', () => {
  it('reads the messages and replies that name it, oldest first, and nothing else', async () => {
    await entries([
      { kind: 'reply_received', text: 'By mail, before the work.', engagement: null },
      { kind: 'reply_received', text: 'From the page.', engagement: ours },
      { kind: 'note', text: 'Private, even if it named the engagement.', engagement: ours },
      { kind: 'reply_received', text: 'Another client.', engagement: theirs },
      { kind: 'reply_sent', text: 'The owner’s answer.', engagement: ours },
      { kind: 'reply_sent', text: null, engagement: ours },
    ]);
    const thread = await threadOfEngagement(deps.db, ours.id);
    expect(thread.map(({ from, text }) => ({ from, text }))).toEqual([
      { from: 'client', text: 'From the page.' },
      { from: 'owner', text: 'The owner’s answer.' },
      { from: 'owner', text: '' },
    ]);
    expect(thread.map((m) => m.at)).toEqual([...thread.map((m) => m.at)].sort());
    expect((await threadOfEngagement(deps.db, theirs.id)).map((m) => m.text)).toEqual([
      'Another client.',
    ]);
  });

  it('is empty for an engagement without messages, or one that does not exist', async () => {
    expect(await threadOfEngagement(deps.db, ours.id)).toEqual([]);
    expect(await threadOfEngagement(deps.db, 9999)).toEqual([]);
  });
});
