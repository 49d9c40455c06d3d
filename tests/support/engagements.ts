/**
 * Engagements stored for the tests (src/server/engagements/): as the acceptance leaves them (an
 * accepted proposal, its engagement and a working link whose token the test holds), or bare (the
 * engagement alone, as its parts receive it: the thread's and the files' tests); and the things
 * its page shows, stored directly (a file, a thread's messages, a note the page must never show).
 */
import { eq } from 'drizzle-orm';
import { writeTransaction } from '#db';
import { engagementFiles, engagements, leadEvents } from '#db/schema';
import { openEngagement } from '#server/engagements/engagement-store';
import type { EngagementRef } from '#server/engagements/engagement-ref';
import type { AppDeps } from '#server/http/trpc';
import type { EngagementStatus } from '#shared/engagements/values';
import type { TestClock } from './app';
import { storeProposal, type StoredProposalFields } from './accepted-proposal';
import { storeLeads } from './stored-leads';

export interface StoredEngagement {
  id: number;
  leadId: number;
  proposalId: number;
  token: string;
  /** The lead's address. */
  email: string;
  number: string;
}

type Deps = Pick<AppDeps, 'db'> & { clock: TestClock };

/** An accepted proposal (storeProposal's defaults) and the engagement its acceptance opens. */
export async function storeEngagement(
  deps: Deps,
  fields: StoredProposalFields = {},
): Promise<StoredEngagement> {
  const proposal = await storeProposal(deps, fields);
  const opened = await writeTransaction(deps.db, (tx) =>
    openEngagement(
      tx,
      {
        leadId: proposal.leadId,
        proposalId: proposal.id,
        title: fields.title ?? 'AI readiness review',
      },
      deps.clock.now(),
    ),
  );
  if (!opened) throw new Error('the proposal already had an engagement');
  return {
    id: opened.row.id,
    leadId: proposal.leadId,
    proposalId: proposal.id,
    token: opened.token,
    email: proposal.email,
    number: proposal.number,
  };
}

let clients = 0;

/**
 * An engagement alone, with no proposal or link: on `leadId`, else on a new lead (each its own
 * client); active and without client uploads unless said.
 */
export async function storeBareEngagement(
  deps: Deps,
  fields: {
    leadId?: number;
    title?: string;
    status?: EngagementStatus;
    clientUploads?: boolean;
  } = {},
): Promise<EngagementRef> {
  const leadId =
    fields.leadId ??
    (await storeLeads(deps, 1, { email: `engaged${++clients}@example.com` }))[0]!.lead.id;
  const status = fields.status ?? 'active';
  const row = await writeTransaction(deps.db, (tx) =>
    tx
      .insert(engagements)
      .values({
        leadId,
        title: fields.title ?? 'Support inbox pilot',
        status,
        clientUploads: fields.clientUploads ?? false,
        createdAt: deps.clock.now(),
        closedAt: status === 'closed' ? deps.clock.now() : null,
      })
      .returning()
      .get(),
  );
  return { id: row.id, leadId, status: row.status, clientUploads: row.clientUploads };
}

/** Closes it at the clock's now, as the owner's Close does. */
export async function closeStored(deps: Deps, id: number): Promise<void> {
  await writeTransaction(deps.db, (tx) =>
    tx
      .update(engagements)
      .set({ status: 'closed', closedAt: deps.clock.now() })
      .where(eq(engagements.id, id)),
  );
}

/** What the page shows, stored directly: a file, a message each way, and a private note. */
export async function storePageThings(
  deps: Deps,
  engagement: Pick<StoredEngagement, 'id' | 'leadId'>,
  words: { file: string; clientSays: string; ownerSays: string; note: string },
): Promise<{ fileId: number }> {
  const at = deps.clock.now();
  return writeTransaction(deps.db, async (tx) => {
    const file = await tx
      .insert(engagementFiles)
      .values({
        engagementId: engagement.id,
        name: words.file,
        type: 'text/plain',
        size: 5,
        sha256: 'b'.repeat(64),
        bytes: Buffer.from('hello'),
        side: 'owner',
        uploadedBy: 'admin',
        createdAt: at,
      })
      .returning()
      .get();
    const common = { leadId: engagement.leadId, at };
    await tx.insert(leadEvents).values([
      { ...common, kind: 'reply_received', text: words.clientSays, engagementId: engagement.id },
      { ...common, kind: 'reply_sent', text: words.ownerSays, engagementId: engagement.id },
      { ...common, kind: 'note', text: words.note },
    ]);
    return { fileId: file.id };
  });
}

/** `count` leads, each with one active engagement (the thread's tests). */
export async function storeEngagedLeads(deps: Deps, count: number): Promise<EngagementRef[]> {
  const stored = await storeLeads(deps, count, (i) => ({ name: `Client ${i + 1}` }));
  const refs: EngagementRef[] = [];
  for (const { lead } of stored) refs.push(await storeBareEngagement(deps, { leadId: lead.id }));
  return refs;
}
