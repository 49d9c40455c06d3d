/**
 * Opening an engagement (docs/engagements.md, "Opening"): by the acceptance, in its
 * transaction, its link in the client's copy and nowhere in the database but as a hash; by the
 * owner's POST /api/leads/:id/engagement, idempotent however many come at once, audited.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { writeTransaction } from '#db';
import { engagementLinks, engagements, outbox } from '#db/schema';
import { mailsSettled } from '#server/platform/mail';
import { tokenHash } from '#server/platform/tokens';
import {
  adminCaller,
  callerFor,
  createRecordingMailer,
  createTestDeps,
  testConfig,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import { auditEntries } from '#tests/support/audit';
import { storeProposal } from '#tests/support/accepted-proposal';
import { storeLeads } from '#tests/support/stored-leads';
import { storeSentProposal } from '#tests/support/client-proposals';
import { openEngagement } from './engagement-store';

let deps: TestDeps;
let mailer: RecordingMailer;
let leadId: number;
const EMAIL = 'helen@client.example';

beforeEach(async () => {
  mailer = createRecordingMailer();
  deps = await createTestDeps({
    mailer,
    config: testConfig({ siteUrl: 'https://harbor.example' }),
  });
  const [stored] = await storeLeads(deps, 1, {
    email: EMAIL,
    name: 'Helen Marsh',
    company: 'Marsh Ltd',
  });
  leadId = stored!.lead.id;
});

/** The `/e/<token>` tokens in the mails sent so far. */
const mailedTokens = () =>
  mailer.sent.flatMap((m) => [...m.text.matchAll(/\/e\/([A-Za-z0-9_-]{43})/g)].map((x) => x[1]!));

const rowsOf = (lead: number) =>
  deps.db.select().from(engagements).where(eq(engagements.leadId, lead)).all();

describe('the acceptance', () => {
  it('opens one engagement titled as the proposal, its link in the client copy only', async () => {
    const { token, id } = await storeSentProposal(deps, { leadId, title: 'Data platform audit' });
    await callerFor(deps).caller.proposalClientPage.accept({
      token,
      name: 'Helen Marsh',
      email: EMAIL,
      agree: true,
    });
    await mailsSettled(deps.mailer);
    const [row] = await rowsOf(leadId);
    expect(row).toMatchObject({ proposalId: id, title: 'Data platform audit', status: 'active' });

    const copy = mailer.sent.find((m) => m.to === EMAIL);
    const [link] = mailedTokens();
    expect(copy?.text).toContain(`https://harbor.example/e/${link}`);
    // The client opens it: the page is theirs.
    const page = await callerFor(deps).caller.engagementPage.view({ token: link! });
    expect(page.title).toBe('Data platform audit');
    // Kept as its hash only; the outbox's copy of the mail is sealed.
    const links = await deps.db.select().from(engagementLinks).all();
    expect(links.map((l) => l.tokenHash)).toEqual([tokenHash(link!)]);
    expect(JSON.stringify(await deps.db.select().from(outbox).all())).not.toContain(link);
  });

  it('opens at most one engagement per proposal: a second opening changes nothing', async () => {
    const proposal = await storeProposal(deps, { leadId });
    const open = () =>
      writeTransaction(deps.db, (tx) =>
        openEngagement(tx, { leadId, proposalId: proposal.id, title: 'x' }, deps.clock.now()),
      );
    expect(await open()).not.toBeNull();
    expect(await open()).toBeNull();
    expect(await rowsOf(leadId)).toHaveLength(1);
  });
});

describe('POST /api/leads/:id/engagement', () => {
  it('opens the lead’s engagement once, after its accepted proposal, and mails its link', async () => {
    const proposal = await storeProposal(deps, { leadId, title: 'Model evaluation' });
    const admin = await adminCaller(deps);
    const first = await admin.engagements.open({ id: leadId });
    expect(first).toMatchObject({ leadId, proposalId: proposal.id, title: 'Model evaluation' });
    expect(first.linkActive).toBe(true);
    expect(await admin.engagements.open({ id: leadId })).toEqual(first);
    await mailsSettled(deps.mailer);
    expect(mailer.sent.filter((m) => m.to === EMAIL)).toHaveLength(1);
    expect(mailedTokens()).toHaveLength(1);
    const audited = (await auditEntries(deps.db)).filter((e) => e.action === 'engagement_opened');
    expect(audited.map((e) => e.target)).toEqual([`engagement ${first.id} "Model evaluation"`]);
  });

  it('opens one engagement when twenty ask at once, named after the lead without a proposal', async () => {
    const admin = await adminCaller(deps);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => admin.engagements.open({ id: leadId })),
    );
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(answers[0]).toMatchObject({ proposalId: null, title: 'Work with Marsh Ltd' });
    expect(await rowsOf(leadId)).toHaveLength(1);
  });

  it('answers 404 for no such lead, and refuses a visitor', async () => {
    const admin = await adminCaller(deps);
    await expect(admin.engagements.open({ id: 9999 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(callerFor(deps).caller.engagements.open({ id: leadId })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });
});
