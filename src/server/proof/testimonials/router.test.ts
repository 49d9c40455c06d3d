/**
 * `testimonials.*` through createCaller (docs/content.md, "Testimonials and client logos"):
 * drafts, saves, publish only with a recorded consent, unpublish, delete, their audit entries,
 * links to an entry and a lead that must exist, and bad input refused with nothing stored.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { testimonials } from '#db/schema';
import { MESSAGES } from '#shared/messages';
import { PROOF_MESSAGES, type TestimonialCreateInput } from '#shared/proof';
import {
  callerFor,
  createTestDeps,
  signedInCookie,
  type Caller,
  type TestDeps,
} from '#tests/support/app';
import { auditEntries } from '#tests/support/audit';
import { storeLeads } from '#tests/support/stored-leads';
import { failure, issuesOf } from '#tests/support/trpc-errors';
import { toHttpError } from '#server/http/errors';

let deps: TestDeps;
let alice: Caller;
let bob: Caller;

beforeEach(async () => {
  deps = await createTestDeps();
  alice = callerFor(deps, { cookie: await signedInCookie(deps, 'alice') }).caller;
  bob = callerFor(deps, { cookie: await signedInCookie(deps, 'bob') }).caller;
});

const QUOTE: TestimonialCreateInput = {
  quote: 'Our support team answers in minutes now, not days.',
  name: 'Ada Lovelace',
  role: 'Head of Support',
  company: 'Harbor Logistics',
};
const CONSENT = { at: '2026-01-10', how: 'e-mail of 10 January' };

const stored = async () => deps.db.select().from(testimonials).all();
const actions = async () => (await auditEntries(deps.db)).map((e) => [e.action, e.actor, e.target]);

/** The answer an error becomes on every transport: status, message, issues. */
async function refusal(call: Promise<unknown>) {
  const { status, message, issues } = toHttpError(await failure(call));
  return { status, message, issues };
}

describe('creating', () => {
  it('stores a draft with the fields trimmed, no photo, no consent; nothing audited', async () => {
    const { testimonial } = await alice.testimonials.create({
      ...QUOTE,
      quote: `  ${QUOTE.quote}\n`,
      name: ' Ada Lovelace ',
    });
    expect(testimonial).toEqual({
      id: 1,
      quote: QUOTE.quote,
      name: 'Ada Lovelace',
      role: 'Head of Support',
      company: 'Harbor Logistics',
      photo: null,
      entryId: null,
      leadId: null,
      consent: null,
      status: 'draft',
    });
    expect(await actions()).toEqual([]);
  });

  it('takes role and company left out as empty, and a consent record as given', async () => {
    const { testimonial } = await alice.testimonials.create({
      quote: 'Worth it.',
      name: 'Bo',
      consent: { at: ' 2026-01-10 ', how: ' e-mail of 10 January ' },
    });
    expect(testimonial).toMatchObject({ role: '', company: '', consent: CONSENT });
  });

  it('links a case study and a lead that exist', async () => {
    const { entry } = await alice.entries.create({
      kind: 'case_study',
      title: 'Answers in minutes',
      summary: 'Support, faster.',
      body: 'Text',
    });
    const [lead] = await storeLeads(deps, 1);
    const { testimonial } = await alice.testimonials.create({
      ...QUOTE,
      entryId: entry.id,
      leadId: lead!.lead.id,
    });
    expect(testimonial).toMatchObject({ entryId: entry.id, leadId: lead!.lead.id });
  });

  it('refuses bad input with 400 naming each field, and stores nothing', async () => {
    expect(
      await issuesOf(
        alice.testimonials.create({
          ...QUOTE,
          quote: 'q'.repeat(601),
          name: 'A',
          role: 'r'.repeat(101),
          company: 'Line\nbreak',
        }),
      ),
    ).toEqual([
      { path: 'quote', message: PROOF_MESSAGES.quoteMax },
      { path: 'name', message: MESSAGES.name },
      { path: 'role', message: PROOF_MESSAGES.roleMax },
      { path: 'company', message: MESSAGES.companyOneLine },
    ]);
    expect(await issuesOf(alice.testimonials.create({ ...QUOTE, quote: '   ' }))).toEqual([
      { path: 'quote', message: PROOF_MESSAGES.quote },
    ]);
    expect(
      await issuesOf(
        alice.testimonials.create({ ...QUOTE, consent: { at: '2026-02-30', how: '' } }),
      ),
    ).toEqual([
      { path: 'consent.at', message: PROOF_MESSAGES.consentAt },
      { path: 'consent.how', message: PROOF_MESSAGES.consentHow },
    ]);
    expect(
      await issuesOf(
        alice.testimonials.create({ ...QUOTE, consent: { ...CONSENT, how: 'h'.repeat(201) } }),
      ),
    ).toEqual([{ path: 'consent.how', message: PROOF_MESSAGES.consentHowMax }]);
    expect(await issuesOf(alice.testimonials.create({ ...QUOTE, entryId: 0 }))).toEqual([
      { path: 'entryId', message: MESSAGES.id },
    ]);
    expect(await stored()).toEqual([]);
  });

  it('answers 400 naming `entryId` or `leadId` when no such one exists, and stores nothing', async () => {
    expect(await refusal(alice.testimonials.create({ ...QUOTE, entryId: 7 }))).toEqual({
      status: 400,
      message: PROOF_MESSAGES.entryUnknown,
      issues: [{ path: 'entryId', message: PROOF_MESSAGES.entryUnknown }],
    });
    expect(await refusal(alice.testimonials.create({ ...QUOTE, leadId: 7 }))).toEqual({
      status: 400,
      message: PROOF_MESSAGES.leadUnknown,
      issues: [{ path: 'leadId', message: PROOF_MESSAGES.leadUnknown }],
    });
    expect(await stored()).toEqual([]);
  });

  it('refuses a consent dated after tomorrow (a record of what happened), 400 on `consent.at`', async () => {
    // The test clock says 2026-01-15 10:00 UTC: the 16th is someone's today east of UTC.
    const { testimonial } = await alice.testimonials.create({
      ...QUOTE,
      consent: { ...CONSENT, at: '2026-01-16' },
    });
    expect(testimonial.consent?.at).toBe('2026-01-16');
    expect(
      await refusal(
        alice.testimonials.create({ ...QUOTE, consent: { ...CONSENT, at: '2026-01-17' } }),
      ),
    ).toEqual({
      status: 400,
      message: PROOF_MESSAGES.consentFuture,
      issues: [{ path: 'consent.at', message: PROOF_MESSAGES.consentFuture }],
    });
    expect(await stored()).toHaveLength(1);
  });
});

describe('publishing', () => {
  it('refuses a testimonial without a recorded consent: 400 naming `consent`, nothing changed', async () => {
    const { testimonial } = await alice.testimonials.create(QUOTE);
    expect(await refusal(alice.testimonials.publish({ id: testimonial.id }))).toEqual({
      status: 400,
      message: PROOF_MESSAGES.consentRequired,
      issues: [{ path: 'consent', message: PROOF_MESSAGES.consentRequired }],
    });
    expect((await stored())[0]).toMatchObject({ status: 'draft', consentAt: null });
    expect(await actions()).toEqual([]);
  });

  it('publishes with a consent, audited once; again changes nothing; unpublish is a draft again', async () => {
    const { testimonial } = await alice.testimonials.create({ ...QUOTE, consent: CONSENT });
    const published = (await alice.testimonials.publish({ id: testimonial.id })).testimonial;
    expect(published).toEqual({ ...testimonial, status: 'published' });
    expect((await bob.testimonials.publish({ id: testimonial.id })).testimonial).toEqual(published);
    expect((await bob.testimonials.unpublish({ id: testimonial.id })).testimonial.status).toBe(
      'draft',
    );
    expect((await bob.testimonials.unpublish({ id: testimonial.id })).testimonial.status).toBe(
      'draft',
    );
    expect(await actions()).toEqual([['testimonial_published', 'alice', 'testimonial 1']]);
  });

  it('of two publishes at once, both answer the published testimonial and one is audited', async () => {
    const { testimonial } = await alice.testimonials.create({ ...QUOTE, consent: CONSENT });
    const both = await Promise.all([
      alice.testimonials.publish({ id: testimonial.id }),
      bob.testimonials.publish({ id: testimonial.id }),
    ]);
    expect(both.map((answer) => answer.testimonial.status)).toEqual(['published', 'published']);
    expect((await actions()).map(([action]) => action)).toEqual(['testimonial_published']);
  });

  it('answers 404 for an unknown testimonial and 400 for a bad id', async () => {
    expect((await failure(alice.testimonials.publish({ id: 3 }))).code).toBe('NOT_FOUND');
    expect((await failure(alice.testimonials.unpublish({ id: 3 }))).code).toBe('NOT_FOUND');
    expect(await issuesOf(alice.testimonials.publish({ id: 'x' as unknown as number }))).toEqual([
      { path: 'id', message: MESSAGES.id },
    ]);
  });
});

describe('saving', () => {
  it('replaces the text; consent and links left out stay, null clears them', async () => {
    const [lead] = await storeLeads(deps, 1);
    const { testimonial } = await alice.testimonials.create({
      ...QUOTE,
      leadId: lead!.lead.id,
      consent: CONSENT,
    });
    const saved = await alice.testimonials.save({
      id: testimonial.id,
      quote: 'Even better now.',
      name: 'Ada King',
    });
    expect(saved.testimonial).toEqual({
      ...testimonial,
      quote: 'Even better now.',
      name: 'Ada King',
      role: '',
      company: '',
    });
    const cleared = await alice.testimonials.save({
      id: testimonial.id,
      ...QUOTE,
      leadId: null,
      consent: null,
    });
    expect(cleared.testimonial).toMatchObject({ leadId: null, consent: null });
  });

  it('refuses to take the consent from a published testimonial: 400 on `consent`, unchanged', async () => {
    const { testimonial } = await alice.testimonials.create({ ...QUOTE, consent: CONSENT });
    await alice.testimonials.publish({ id: testimonial.id });
    const before = await stored();
    expect(
      await refusal(
        alice.testimonials.save({ id: testimonial.id, ...QUOTE, quote: 'New', consent: null }),
      ),
    ).toMatchObject({ status: 400, issues: [{ path: 'consent' }] });
    expect(await stored()).toEqual(before);
  });

  it('answers 404 for an unknown testimonial, 400 naming `entryId` for an unknown entry', async () => {
    expect((await failure(alice.testimonials.save({ id: 4, ...QUOTE }))).code).toBe('NOT_FOUND');
    const { testimonial } = await alice.testimonials.create(QUOTE);
    expect(
      (await refusal(alice.testimonials.save({ id: testimonial.id, ...QUOTE, entryId: 99 })))
        .issues,
    ).toEqual([{ path: 'entryId', message: PROOF_MESSAGES.entryUnknown }]);
    expect((await stored())[0]?.entryId).toBeNull();
  });
});

describe('deleting', () => {
  it('deletes it, audited by id; 404 after', async () => {
    const { testimonial } = await alice.testimonials.create({ ...QUOTE, consent: CONSENT });
    await alice.testimonials.publish({ id: testimonial.id });
    expect(await bob.testimonials.remove({ id: testimonial.id })).toEqual({ success: true });
    expect(await stored()).toEqual([]);
    expect((await failure(bob.testimonials.remove({ id: testimonial.id }))).code).toBe('NOT_FOUND');
    expect(await actions()).toEqual([
      ['testimonial_published', 'alice', 'testimonial 1'],
      ['testimonial_deleted', 'bob', 'testimonial 1'],
    ]);
    // The log names no client: an erased lead's name must not outlive them there.
    expect(JSON.stringify(await auditEntries(deps.db))).not.toContain('Ada');
  });
});

describe('one testimonial', () => {
  it('answers it as the list does, for its editor; 404 for an unknown one', async () => {
    const { testimonial } = await alice.testimonials.create({ ...QUOTE, consent: CONSENT });
    expect(await alice.testimonials.byId({ id: testimonial.id })).toEqual({ testimonial });
    expect((await failure(alice.testimonials.byId({ id: 2 }))).code).toBe('NOT_FOUND');
  });
});

describe('the list', () => {
  it('is 25 a page, last updated first, filtered by status and text in any case', async () => {
    for (let i = 1; i <= 27; i++) {
      deps.clock.advance(1000);
      await alice.testimonials.create({
        ...QUOTE,
        name: `Client ${i}`,
        company: i === 5 ? '50% Club' : 'Acme',
        consent: CONSENT,
      });
    }
    deps.clock.advance(1000);
    await alice.testimonials.publish({ id: 2 });
    const first = await alice.testimonials.list({});
    expect(first).toMatchObject({ total: 27, page: 1, pageSize: 25 });
    expect(first.testimonials.slice(0, 2).map((t) => t.name)).toEqual(['Client 2', 'Client 27']);
    expect((await alice.testimonials.list({ page: 2 })).testimonials).toHaveLength(2);
    const names = async (input: Parameters<Caller['testimonials']['list']>[0]) =>
      (await alice.testimonials.list(input)).testimonials.map((t) => t.name);
    expect(await names({ status: 'published' })).toEqual(['Client 2']);
    expect(await names({ q: '50% club' })).toEqual(['Client 5']);
    expect(await names({ q: 'SUPPORT TEAM', status: 'published' })).toEqual(['Client 2']);
    expect(await issuesOf(alice.testimonials.list({ status: 'live' as never }))).toEqual([
      { path: 'status', message: PROOF_MESSAGES.status },
    ]);
  });
});

describe('signed out', () => {
  it('answers 401 to every procedure and stores nothing', async () => {
    const { caller } = callerFor(deps);
    const calls = [
      caller.testimonials.list({}),
      caller.testimonials.byId({ id: 1 }),
      caller.testimonials.create(QUOTE),
      caller.testimonials.save({ id: 1, ...QUOTE }),
      caller.testimonials.publish({ id: 1 }),
      caller.testimonials.unpublish({ id: 1 }),
      caller.testimonials.remove({ id: 1 }),
      caller.testimonials.removePhoto({ id: 1 }),
    ];
    for (const call of calls) expect((await failure(call)).code).toBe('UNAUTHORIZED');
    expect(await stored()).toEqual([]);
  });
});
