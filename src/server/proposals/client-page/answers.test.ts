/**
 * The client's answers through the public procedures (docs/api.md, "Proposals: the client's
 * page"): the first view, accepting (the signature, the lead won, the code for another
 * address), declining, the refusals of a closed proposal and the throttles.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import { writeTransaction } from '#db';
import { leadEvents, leads, outbox, proposalCodes, proposalPayments, proposals } from '#db/schema';
import { PROPOSAL_PAGE_MESSAGES as M } from '#shared/proposal-page/texts';
import { mailsSettled } from '#server/platform/mail';
import { toHttpError } from '#server/http/errors';
import {
  adminCaller,
  callerFor,
  createRecordingMailer,
  createTestDeps,
  testConfig,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import { storeLeads } from '#tests/support/stored-leads';
import { storeSentProposal } from '#tests/support/client-proposals';
import { pdfText } from '#tests/support/pdf-text';
import { documentHash } from '../document-hash';
import { proposalWithPayments } from '../proposal-store';

let deps: TestDeps;
let mailer: RecordingMailer;
let leadId: number;

const NOW = new Date('2026-01-15T10:00:00Z');
const OWNER = 'owner@harbor.example';
const LEAD_EMAIL = 'helen@client.example';
const signer = { name: 'Helen Marsh', email: 'Helen@Client.example', agree: true };
const STRIPE = { secretKey: 'sk_test_x', webhookSecret: 'whsec_x', apiBase: null };

beforeEach(async () => {
  mailer = createRecordingMailer();
  deps = await createTestDeps({
    mailer,
    config: testConfig({
      siteUrl: 'https://harbor.example',
      siteTimezone: 'Europe/London',
      contactNotifyTo: OWNER,
    }),
  });
  deps.clock.set(NOW);
  const [stored] = await storeLeads(deps, 1, {
    email: LEAD_EMAIL,
    name: 'Helen Marsh',
    status: 'proposal',
  });
  leadId = stored!.lead.id;
});

/** The procedures as a client at `ip` would call them (a browser's User-Agent). */
const client = (ip = '203.0.113.7') =>
  callerFor(deps, { ip, headers: { 'user-agent': 'Mozilla/5.0 (Phone)' } }).caller
    .proposalClientPage;

const rowOf = async (id: number) =>
  (await deps.db.select().from(proposals).where(eq(proposals.id, id)).get())!;
const leadRow = async () => (await deps.db.select().from(leads).where(eq(leads.id, leadId)).get())!;
const eventsOf = async (kind: typeof leadEvents.$inferSelect.kind) =>
  deps.db
    .select()
    .from(leadEvents)
    .where(and(eq(leadEvents.leadId, leadId), eq(leadEvents.kind, kind)))
    .all();

async function mailsTo(to: string) {
  await mailsSettled(mailer);
  return mailer.sent.filter((mail) => mail.to === to);
}

/** A refusal's tRPC code and its message as the error mapping answers it (docs/api.md). */
async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof TRPCError)) return null;
  return { code: error.code, message: toHttpError(error).message };
}

describe('the first view', () => {
  it('marks a sent proposal viewed, writes the timeline and mails the owner once, however many views come at once', async () => {
    const { id, token } = await storeSentProposal(deps, { leadId });
    deps.clock.advance(60_000);
    const views = await Promise.all(
      Array.from({ length: 20 }, (_, i) => client(`203.0.113.${i + 1}`).view({ token })),
    );
    expect(new Set(views.map((view) => view.status))).toEqual(new Set(['viewed']));
    const row = await rowOf(id);
    expect(row.status).toBe('viewed');
    expect(row.viewedAt).toEqual(deps.clock.now());
    const viewed = await eventsOf('proposal_viewed');
    expect(viewed).toHaveLength(1);
    expect(viewed[0]!.proposalId).toBe(id);
    const notices = await mailsTo(OWNER);
    expect(notices.map((mail) => mail.subject)).toEqual(['Helen Marsh opened proposal P-2026-1']);
    expect(notices[0]!.text).toContain('https://harbor.example/admin/leads/');

    // A later view only reads.
    deps.clock.advance(60_000);
    await client().view({ token });
    expect((await rowOf(id)).viewedAt).toEqual(row.viewedAt);
    expect(await mailsTo(OWNER)).toHaveLength(1);
  });

  it('answers the proposal as its client sees it, with no id of the site', async () => {
    const { token } = await storeSentProposal(deps, { leadId });
    const view = await client().view({ token });
    expect(view).toMatchObject({
      number: 'P-2026-1',
      version: 1,
      linkVersion: 1,
      total: 375_000,
      depositAmount: 112_500,
      depositDue: 112_500,
      validUntil: '2026-02-14',
      depositWay: 'none',
      acceptance: null,
    });
    expect(view).not.toHaveProperty('id');
    expect(view).not.toHaveProperty('leadId');
  });

  it('answers 404 for an unknown token, a malformed one and a draft', async () => {
    const { id, token } = await storeSentProposal(deps, { leadId });
    await writeTransaction(deps.db, (tx) =>
      tx.update(proposals).set({ status: 'draft' }).where(eq(proposals.id, id)),
    );
    for (const tried of [token, 'A'.repeat(43), 'short']) {
      expect(await refusal(client().view({ token: tried }))).toEqual({
        code: 'NOT_FOUND',
        message: M.notFound,
      });
    }
  });
});

describe('accepting', () => {
  it('records the signature and the hash of the version shown, and moves the lead to won with the total', async () => {
    const { id, token } = await storeSentProposal(deps, { leadId });
    const shownBefore = (await proposalWithPayments(deps, id))!;
    deps.clock.advance(60_000);
    const accepted = await client().accept({ token, ...signer });

    expect(accepted.status).toBe('accepted');
    expect(accepted.acceptance).toEqual({
      name: 'Helen Marsh',
      email: 'Helen@Client.example',
      at: deps.clock.now().toISOString(),
      documentHash: documentHash(shownBefore),
    });
    const row = await rowOf(id);
    expect(row.decidedAt).toEqual(deps.clock.now());
    expect(row.documentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.parse(row.acceptance!)).toEqual({
      name: 'Helen Marsh',
      email: 'Helen@Client.example',
      emailProof: 'recipient',
      at: deps.clock.now().toISOString(),
      ip: '203.0.113.0/24',
      userAgent: 'Mozilla/5.0 (Phone)',
    });

    const lead = await leadRow();
    expect(lead.status).toBe('won');
    // 3,750.00 EUR in whole units.
    expect(lead.value).toBe(3750);
    const changed = await eventsOf('status_changed');
    expect(changed.map((e) => [e.fromStatus, e.status])).toEqual([['proposal', 'won']]);
    const acceptedEvents = await eventsOf('proposal_accepted');
    expect(acceptedEvents.map((e) => [e.proposalId, e.text])).toEqual([[id, 'Helen Marsh']]);

    // Both sides are mailed: the client at the address that signed, and the owner.
    const [copy] = await mailsTo('Helen@Client.example');
    expect(copy!.subject).toBe('You accepted proposal P-2026-1');
    expect(copy!.text).toContain(row.documentHash!);
    expect(copy!.text).toContain(`https://harbor.example/p/${token}`);
    const ownerMails = await mailsTo(OWNER);
    const ownerCopy = ownerMails.find(
      (mail) => mail.subject === 'Helen Marsh accepted proposal P-2026-1',
    );
    // The signed PDF on both, the same file: its text holds the number, total, name and hash.
    const [pdf] = copy!.attachments ?? [];
    expect(pdf).toMatchObject({
      filename: 'Proposal P-2026-1 v1.pdf',
      contentType: 'application/pdf',
    });
    expect(ownerCopy!.attachments).toEqual([pdf]);
    const text = (await pdfText(Buffer.from(pdf!.content, 'base64'))).join('\n');
    for (const part of ['P-2026-1', '€3,750.00', 'Helen Marsh', row.documentHash!]) {
      expect(text).toContain(part);
    }
  });

  it('keeps a value the owner set, and shows the deposit by bank transfer once accepted', async () => {
    await writeTransaction(deps.db, (tx) =>
      tx.update(leads).set({ value: 9000 }).where(eq(leads.id, leadId)),
    );
    const { token } = await storeSentProposal(deps, { leadId });
    const accepted = await client().accept({ token, ...signer });
    expect((await leadRow()).value).toBe(9000);
    expect(accepted.depositWay).toBe('bank');
  });

  it('offers the deposit by Stripe when it is set up, and says it is paid once payments cover it', async () => {
    deps = { ...deps, config: { ...deps.config, stripe: STRIPE } };
    const { id, token } = await storeSentProposal(deps, { leadId });
    expect((await client().accept({ token, ...signer })).depositWay).toBe('stripe');
    await writeTransaction(deps.db, (tx) =>
      tx.insert(proposalPayments).values({
        proposalId: id,
        amount: 112_500,
        currency: 'EUR',
        provider: 'manual',
        paidAt: deps.clock.now(),
        createdAt: deps.clock.now(),
      }),
    );
    expect((await client().view({ token })).depositWay).toBe('paid');
  });

  it('accepts once of 20 tries at once; the others answer 409 and change nothing', async () => {
    const { id, token } = await storeSentProposal(deps, { leadId });
    const tries = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        client(`198.51.100.${i + 1}`).accept({ token, ...signer, name: `Signer ${i}` }),
      ),
    );
    const done = tries.filter((t) => t.status === 'fulfilled');
    expect(done).toHaveLength(1);
    const refused = tries.flatMap((t) => (t.status === 'rejected' ? [t.reason] : []));
    expect(refused).toHaveLength(19);
    for (const reason of refused) {
      expect(reason).toMatchObject({ code: 'CONFLICT', message: M.alreadyAccepted });
    }
    expect(await eventsOf('proposal_accepted')).toHaveLength(1);
    expect(await eventsOf('status_changed')).toHaveLength(1);
    const row = await rowOf(id);
    expect(JSON.parse(row.acceptance!).name).toBe(
      (done[0] as PromiseFulfilledResult<{ acceptance: { name: string } }>).value.acceptance.name,
    );

    // Again later: 409, nothing changes.
    const before = await rowOf(id);
    deps.clock.advance(60_000);
    expect(await refusal(client().accept({ token, ...signer }))).toEqual({
      code: 'CONFLICT',
      message: M.alreadyAccepted,
    });
    expect(await rowOf(id)).toEqual(before);
  });

  it('refuses a closed proposal with 409 saying why: expired, withdrawn, replaced, declined', async () => {
    const expired = await storeSentProposal(deps, { leadId, validUntil: '2026-01-14' });
    const withdrawn = await storeSentProposal(deps, {
      leadId,
      number: 'P-2026-2',
      status: 'withdrawn',
    });
    const old = await storeSentProposal(deps, { leadId, number: 'P-2026-3', status: 'replaced' });
    await storeSentProposal(deps, { leadId, number: 'P-2026-3', version: 2 });
    const declined = await storeSentProposal(deps, {
      leadId,
      number: 'P-2026-4',
      status: 'declined',
    });
    const cases: [string, string][] = [
      [expired.token, M.expired],
      [withdrawn.token, M.withdrawn],
      [old.token, M.replaced],
      [declined.token, M.declined],
    ];
    for (const [token, message] of cases) {
      expect(await refusal(client().accept({ token, ...signer }))).toEqual({
        code: 'CONFLICT',
        message,
      });
    }
    expect((await leadRow()).status).toBe('proposal');
    expect(await eventsOf('proposal_accepted')).toEqual([]);
  });

  it('keeps a proposal open through its last day in the site zone', async () => {
    // 23:30 in London on 14 February: still the last day.
    deps.clock.set(new Date('2026-02-14T23:30:00Z'));
    const open = await storeSentProposal(deps, { leadId, validUntil: '2026-02-14' });
    expect((await client().view({ token: open.token })).status).toBe('viewed');
    deps.clock.set(new Date('2026-02-15T00:00:00Z'));
    expect((await client().view({ token: open.token })).status).toBe('expired');
  });

  it('shows the newest version sent through a replaced link', async () => {
    const old = await storeSentProposal(deps, { leadId, status: 'replaced' });
    await storeSentProposal(deps, { leadId, version: 2, title: 'AI support assistant, v2' });
    await storeSentProposal(deps, { leadId, version: 3, status: 'draft', title: 'Not sent' });
    const view = await client().view({ token: old.token });
    expect(view).toMatchObject({ version: 2, linkVersion: 1, title: 'AI support assistant, v2' });
  });
});

describe('accepting with another address', () => {
  const other = { ...signer, email: 'ops@partner.example' };

  async function codeMailed(): Promise<string> {
    const mails = await mailsTo('ops@partner.example');
    const match = /Your code is (\d{6})\./.exec(mails.at(-1)?.text ?? '');
    expect(match).not.toBeNull();
    return match![1]!;
  }

  it('mails a code to that address first, then accepts with it', async () => {
    const { id, token } = await storeSentProposal(deps, { leadId });
    const first = await client()
      .accept({ token, ...other })
      .catch((e: unknown) => e);
    expect(first).toMatchObject({
      code: 'BAD_REQUEST',
      message: M.codeSent('ops@partner.example'),
    });
    expect((await rowOf(id)).status).toBe('sent');
    const code = await codeMailed();
    // Only its hash is kept.
    const [stored] = await deps.db.select().from(proposalCodes).all();
    expect(stored!.codeHash).not.toContain(code);

    const wrong = code === '000000' ? '111111' : '000000';
    expect(await refusal(client().accept({ token, ...other, code: wrong }))).toEqual({
      code: 'BAD_REQUEST',
      message: M.codeWrong(4),
    });
    const accepted = await client().accept({ token, ...other, code });
    expect(accepted.acceptance?.email).toBe('ops@partner.example');
    expect(await deps.db.select().from(proposalCodes).all()).toEqual([]);
  });

  it('spends a code after 5 wrong tries, and a code past its 10 minutes sends a new one', async () => {
    const { token } = await storeSentProposal(deps, { leadId });
    await client()
      .accept({ token, ...other })
      .catch(() => undefined);
    const code = await codeMailed();
    const wrong = code === '000000' ? '111111' : '000000';
    for (const left of [4, 3, 2, 1]) {
      expect((await refusal(client().accept({ token, ...other, code: wrong })))?.message).toBe(
        M.codeWrong(left),
      );
    }
    expect((await refusal(client().accept({ token, ...other, code: wrong })))?.message).toBe(
      M.codeSpent,
    );
    // The right code no longer works: none is live, so a new one is mailed.
    expect((await refusal(client().accept({ token, ...other, code })))?.message).toBe(
      M.codeAgain('ops@partner.example'),
    );
    const fresh = await codeMailed();
    deps.clock.advance(10 * 60_000 + 1);
    expect((await refusal(client().accept({ token, ...other, code: fresh })))?.message).toBe(
      M.codeAgain('ops@partner.example'),
    );
  });

  it('answers 503 and keeps nothing when the code cannot be mailed', async () => {
    const { token } = await storeSentProposal(deps, { leadId });
    mailer.failNext = true;
    expect(await refusal(client().accept({ token, ...other }))).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: M.codeMailFailed,
    });
    expect(await deps.db.select().from(proposalCodes).all()).toEqual([]);
    // The code's text does not stay readable in the outbox.
    const rows = await deps.db.select().from(outbox).all();
    expect(rows.every((row) => !/Your code is \d{6}/.test(row.message))).toBe(true);
  });
});

describe('declining', () => {
  it('records the reason, writes the timeline, mails the owner and asks for attention', async () => {
    const { id, token } = await storeSentProposal(deps, { leadId });
    deps.clock.advance(60_000);
    const declined = await client().decline({ token, reason: 'We chose to build it ourselves.' });
    expect(declined.status).toBe('declined');
    const row = await rowOf(id);
    expect(row.declineReason).toBe('We chose to build it ourselves.');
    expect(row.decidedAt).toEqual(deps.clock.now());
    const events = await eventsOf('proposal_declined');
    expect(events.map((e) => [e.proposalId, e.text])).toEqual([
      [id, 'We chose to build it ourselves.'],
    ]);
    const [notice] = await mailsTo(OWNER);
    expect(notice!.subject).toBe('Helen Marsh declined proposal P-2026-1');
    expect(notice!.text).toContain('> We chose to build it ourselves.');

    const admin = await adminCaller(deps);
    expect((await admin.leads.attention()).declined.map((lead) => lead.id)).toEqual([leadId]);
    // The owner moves (a status change): it no longer waits.
    await admin.leads.update({ id: leadId, data: { status: 'lost' } });
    expect((await admin.leads.attention()).declined).toEqual([]);

    // Declining or accepting again: 409.
    expect((await refusal(client().decline({ token })))?.code).toBe('CONFLICT');
    expect((await refusal(client().accept({ token, ...signer })))?.message).toBe(M.declined);
  });

  it('needs no reason, and refuses one over 2,000 characters', async () => {
    const { token } = await storeSentProposal(deps, { leadId });
    expect(await refusal(client().decline({ token, reason: 'x'.repeat(2001) }))).toEqual({
      code: 'BAD_REQUEST',
      message: M.reasonMax,
    });
    expect((await client().decline({ token })).declineReason).toBeNull();
  });
});

describe('the throttles', () => {
  it('allows 10 tries an hour from one address, then 429 before any 409 or 400', async () => {
    const { token } = await storeSentProposal(deps, { leadId, status: 'withdrawn' });
    for (let i = 0; i < 10; i++) {
      expect((await refusal(client().accept({ token, ...signer })))?.code).toBe('CONFLICT');
    }
    expect((await refusal(client().decline({ token })))?.code).toBe('TOO_MANY_REQUESTS');
    expect((await refusal(client().accept({ token, ...signer, agree: false })))?.code).toBe(
      'TOO_MANY_REQUESTS',
    );
    // Another address still may, and the hour passes.
    expect((await refusal(client('203.0.113.99').decline({ token })))?.code).toBe('CONFLICT');
    deps.clock.advance(60 * 60_000);
    expect((await refusal(client().decline({ token })))?.code).toBe('CONFLICT');
  });

  it('allows 30 tries an hour on one proposal from any addresses', async () => {
    const { token } = await storeSentProposal(deps, { leadId, status: 'withdrawn' });
    for (let i = 0; i < 30; i++) {
      expect((await refusal(client(`198.51.100.${i + 1}`).decline({ token })))?.code).toBe(
        'CONFLICT',
      );
    }
    expect((await refusal(client('198.51.100.200').decline({ token })))?.code).toBe(
      'TOO_MANY_REQUESTS',
    );
  });
});
