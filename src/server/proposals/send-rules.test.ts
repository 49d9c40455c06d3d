/**
 * What sending refuses and what the mail says (docs/proposals.md, "Sending"): a proposal whose
 * "Valid until" has passed, and items without a price the owner did not confirm as free of
 * charge; the mail greets the lead by the first word of their name, writes the day in words
 * and points at the proposal's page in words that fit each part of the mail.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { proposals } from '#db/schema';
import { PROPOSAL_MESSAGES as M } from '#shared/proposals';
import { unpricedMessage } from '#shared/proposal-send-rules';
import { createApp } from '#server/app/app';
import { mailsSettled } from '#server/platform/mail';
import {
  procedureCallers,
  signedInCookie,
  type Caller,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import { rest } from '#tests/support/rest';
import { storeLeads } from '#tests/support/stored-leads';
import { failure } from '#tests/support/trpc-errors';
import { greetingName } from './proposal-mail';

let deps: TestDeps;
let admin: Caller;
let leadId: number;

beforeEach(async () => {
  ({ deps, admin } = await procedureCallers());
  const [stored] = await storeLeads(deps, 1, { name: 'Ada Client', email: 'ada@client.example' });
  leadId = stored!.lead.id;
});

const PRICED = { description: 'Discovery workshop', quantity: 2, unitAmount: 150_000 };
const UNPRICED = { description: 'Data audit', quantity: 1, unitAmount: 0 };

async function draft(extra: Record<string, unknown> = {}) {
  const { proposal } = await admin.proposals.create({
    id: leadId,
    title: 'AI support assistant',
    items: [PRICED],
    ...extra,
  });
  return proposal;
}

const mails = async () => {
  await mailsSettled(deps.mailer);
  return (deps.mailer as RecordingMailer).sent.filter((m) => m.to === 'ada@client.example');
};
const statusOf = async (id: number) =>
  (await deps.db.select().from(proposals).where(eq(proposals.id, id)).get())!.status;

describe('a "Valid until" day that has passed', () => {
  it('is refused with 409 naming the field, and nothing goes out', async () => {
    // The test clock reads 2026-01-15.
    const proposal = await draft({ validUntil: '2026-01-14' });
    const refused = await failure(admin.proposals.send({ id: proposal.id }));
    expect([refused.code, refused.message]).toEqual(['CONFLICT', M.validUntilPast]);
    expect(M.validUntilPast).toMatch(/^Valid until /);
    expect(await statusOf(proposal.id)).toBe('draft');
    expect(await mails()).toEqual([]);

    const app = createApp(deps);
    const cookie = await signedInCookie(deps);
    const answer = await rest(app, 'POST', `/api/proposals/${proposal.id}/send`, { cookie });
    expect([answer.status, answer.body]).toEqual([
      409,
      { success: false, message: M.validUntilPast },
    ]);
  });

  it('today is still good', async () => {
    const proposal = await draft({ validUntil: '2026-01-15' });
    expect((await admin.proposals.send({ id: proposal.id })).proposal.status).toBe('sent');
  });
});

describe('items without a price', () => {
  it('are refused with 409 naming them, unless the send confirms each as free of charge', async () => {
    const proposal = await draft({
      items: [PRICED, UNPRICED, { ...UNPRICED, description: 'Q&A' }],
    });
    const refused = await failure(admin.proposals.send({ id: proposal.id }));
    expect([refused.code, refused.message]).toEqual([
      'CONFLICT',
      unpricedMessage(['Data audit', 'Q&A']),
    ]);
    expect(refused.message).toBe(
      'Items without a price: “Data audit”, “Q&A”. Set their price, or confirm that they are free of charge.',
    );
    const partly = await failure(
      admin.proposals.send({ id: proposal.id, noCharge: ['Data audit'] }),
    );
    expect(partly.message).toBe(unpricedMessage(['Q&A']));
    expect(await statusOf(proposal.id)).toBe('draft');
    expect(await mails()).toEqual([]);

    const { proposal: sent } = await admin.proposals.send({
      id: proposal.id,
      noCharge: ['Q&A', ' Data audit '],
    });
    expect(sent.status).toBe('sent');
    expect(await mails()).toHaveLength(1);
  });

  it('are confirmed through REST in the body: { noCharge }', async () => {
    const proposal = await draft({ items: [PRICED, UNPRICED] });
    const app = createApp(deps);
    const cookie = await signedInCookie(deps);
    const send = (json?: unknown) =>
      rest(app, 'POST', `/api/proposals/${proposal.id}/send`, { cookie, json });
    expect((await send()).status).toBe(409);
    const answer = await send({ noCharge: ['Data audit'] });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, proposal: { status: 'sent' } });
  });
});

describe('the mail', () => {
  it("greets by the name's first word, writes the day in words and says where the page is", async () => {
    const proposal = await draft();
    await admin.proposals.send({ id: proposal.id });
    const [mail] = await mails();
    for (const part of [mail!.text, mail!.html]) {
      expect(part).toContain('Hello Ada,');
      expect(part).not.toContain('Ada Client');
      expect(part).toMatch(/valid until Saturday,? 14 February 2026\./);
      expect(part).not.toContain('2026-02-14');
      expect(part).not.toContain('below');
    }
    const text = mail!.text;
    const link = /https?:\/\/\S+\/p\/[\w-]{43}/.exec(text)![0];
    expect(text.indexOf('Read the proposal here:')).toBeLessThan(text.indexOf(link));
    expect(text).toContain('On its page you can accept it');
  });

  it('greets sensibly whatever name the lead gave', () => {
    expect(greetingName('Ada Client')).toBe('Ada');
    expect(greetingName('  zoë  Łódź-Ørsted ')).toBe('zoë');
    expect(greetingName('Dr. Ada Lovelace')).toBe('Dr Lovelace');
    expect(greetingName('Mrs Ada King Lovelace')).toBe('Mrs Lovelace');
    expect(greetingName('Prof')).toBe('Prof');
    expect(greetingName('Madonna')).toBe('Madonna');
    expect(greetingName('   ')).toBe('');
  });
});
