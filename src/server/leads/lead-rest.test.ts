/** The leads' REST paths (docs/api.md, "Leads") through the whole app. */
import { beforeEach, describe, expect, it } from 'vitest';
import { auditEntries } from '#tests/support/audit';
import { storeSubscribers } from '#tests/support/leads';
import {
  answer,
  invalid,
  rest,
  signedInRestApp,
  UNAUTHORIZED,
  type AdminRest,
} from '#tests/support/rest';
import { storeLeads } from '#tests/support/stored-leads';
import { LEAD_MESSAGES } from '#shared/lead-pipeline';
import { LEAD_DRAFT_MESSAGES } from '#shared/lead-drafts';
import { MESSAGES } from '#shared/messages';
import { writeTransaction } from '#db';
import { saveLeadDraft } from './drafts/drafts';
import type { App } from '#server/app/app';
import type { TestDeps } from '#tests/support/app';

let app: App;
let deps: TestDeps;
let asAdmin: AdminRest;

beforeEach(async () => {
  ({ app, deps, asAdmin } = await signedInRestApp());
});

const any = (type: unknown): never => expect.any(type) as never;

describe('the leads paths', () => {
  it('GET /api/leads answers a page with counts; status and q in the query', async () => {
    await storeLeads(deps, 3, (i) => ({ status: i ? 'new' : 'won', name: `Name ${i} Lovelace` }));
    const res = await asAdmin('GET', '/api/leads?status=new&q=lovelace&page=1');
    expect(res).toEqual(
      answer(200, {
        success: true,
        leads: [any(Object), any(Object)],
        total: 2,
        counts: { new: 2, replied: 0, meeting: 0, proposal: 0, won: 1, lost: 0 },
        page: 1,
        pageSize: 25,
      }),
    );
    expect(await asAdmin('GET', '/api/leads?status=archived')).toEqual(
      answer(400, invalid([{ path: 'status', message: LEAD_MESSAGES.status }])),
    );
  });

  it('GET /api/leads/attention is not taken for a lead id', async () => {
    await storeLeads(deps, 1);
    expect(await asAdmin('GET', '/api/leads/attention')).toEqual(
      answer(200, {
        success: true,
        unanswered: [any(Object)],
        answered: [],
        followUps: [],
        stale: [],
        declined: [],
      }),
    );
  });

  it('GET /api/leads/:id answers the lead, timeline and drafts; 404 for none', async () => {
    await storeLeads(deps, 1);
    const draft = await writeTransaction(deps.db, (tx) =>
      saveLeadDraft(tx, {
        leadId: 1,
        subject: 'Re: Hi',
        text: 'Hello',
        by: 'Ana via Claude',
        at: deps.clock.now(),
      }),
    );
    expect(await asAdmin('GET', '/api/leads/1')).toEqual(
      answer(200, {
        success: true,
        lead: any(Object),
        timeline: [any(Object)],
        suppressed: null,
        drafts: [
          { id: 1, subject: 'Re: Hi', text: 'Hello', by: 'Ana via Claude', at: any(String) },
        ],
      }),
    );
    expect(await asAdmin('GET', '/api/leads/7')).toEqual(
      answer(404, { success: false, message: LEAD_MESSAGES.notFound }),
    );
    expect(await asAdmin('DELETE', `/api/leads/1/drafts/${draft.id}`)).toEqual(
      answer(200, { success: true }),
    );
    expect(await asAdmin('DELETE', `/api/leads/1/drafts/${draft.id}`)).toEqual(
      answer(404, { success: false, message: LEAD_DRAFT_MESSAGES.notFound }),
    );
    expect(await asAdmin('DELETE', '/api/leads/1/drafts/abc')).toEqual(
      answer(400, invalid([{ path: 'draftId', message: MESSAGES.id }])),
    );
  });

  it('PATCH /api/leads/:id takes the fields as its body; a bad one is 400 by its own name', async () => {
    await storeLeads(deps, 1);
    expect(
      await asAdmin('PATCH', '/api/leads/1', { json: { status: 'replied', value: 500 } }),
    ).toEqual(
      answer(200, {
        success: true,
        lead: expect.objectContaining({ status: 'replied', value: 500 }) as never,
      }),
    );
    expect(await asAdmin('PATCH', '/api/leads/1', { json: { value: '10' } })).toEqual(
      answer(400, invalid([{ path: 'value', message: LEAD_MESSAGES.value }])),
    );
  });

  it('POST /api/leads/:id/notes is 201 with the event', async () => {
    await storeLeads(deps, 1);
    expect(await asAdmin('POST', '/api/leads/1/notes', { json: { text: 'Private' } })).toEqual(
      answer(201, {
        success: true,
        event: { id: 2, at: any(String), kind: 'note', actor: 'admin', text: 'Private' },
      }),
    );
    expect(await asAdmin('POST', '/api/leads/1/notes', { json: {} })).toEqual(
      answer(400, invalid([{ path: 'text', message: any(String) }])),
    );
  });

  it('GET /api/leads/:id/export is a JSON attachment of everything stored, audited', async () => {
    await storeLeads(deps, 1, { email: 'ada@example.com', messages: ['Hello there'] });
    await storeSubscribers(deps, 1, { email: 'ADA@example.com', status: 'confirmed' });
    await writeTransaction(deps.db, (tx) =>
      saveLeadDraft(tx, {
        leadId: 1,
        subject: 'Re: Hi',
        text: 'Hi Ada',
        by: 'admin',
        at: deps.clock.now(),
      }),
    );
    const res = await asAdmin('GET', '/api/leads/1/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="lead-1-2026-01-15.json"',
    );
    expect(res.body).toEqual({
      exportedAt: deps.clock.now().toISOString(),
      lead: expect.objectContaining({ id: 1, email: 'ada@example.com' }) as never,
      messages: [expect.objectContaining({ message: 'Hello there', leadId: 1 }) as never],
      timeline: [expect.objectContaining({ kind: 'message', text: 'Hello there' }) as never],
      subscriber: {
        email: 'ADA@example.com',
        status: 'confirmed',
        createdAt: any(String),
        confirmedAt: null,
        unsubscribedAt: null,
      },
      bookings: [],
      testimonials: [],
      drafts: [{ id: 1, subject: 'Re: Hi', text: 'Hi Ada', by: 'admin', at: any(String) }],
      callNotes: [],
      proposals: [],
      invoices: [],
      testimonialRequests: [],
      engagements: [],
    });
    expect((await auditEntries(deps.db)).map((e) => [e.action, e.target])).toEqual([
      ['lead_exported', 'lead 1'],
    ]);
    expect(await asAdmin('GET', '/api/leads/2/export')).toEqual(
      answer(404, { success: false, message: LEAD_MESSAGES.notFound }),
    );
  });

  it('DELETE /api/leads/:id erases the person', async () => {
    await storeLeads(deps, 1);
    expect(await asAdmin('DELETE', '/api/leads/1')).toEqual(
      answer(200, { success: true, kept: { invoices: [], proposals: [] } }),
    );
    expect(await asAdmin('GET', '/api/leads/1')).toEqual(
      answer(404, { success: false, message: LEAD_MESSAGES.notFound }),
    );
    expect(await asAdmin('GET', '/api/messages')).toMatchObject({ body: { total: 0 } });
  });

  it.each([
    ['GET', '/api/leads'],
    ['GET', '/api/leads/attention'],
    ['GET', '/api/leads/1'],
    ['PATCH', '/api/leads/1'],
    ['POST', '/api/leads/1/notes'],
    ['GET', '/api/leads/1/export'],
    ['DELETE', '/api/leads/1'],
  ])('%s %s is 401 signed out, and changes nothing', async (method, path) => {
    await storeLeads(deps, 1);
    const json =
      method === 'PATCH' ? { status: 'won' } : method === 'POST' ? { text: 'x' } : undefined;
    expect(await rest(app, method, path, { json })).toEqual(answer(401, UNAUTHORIZED));
    expect(await auditEntries(deps.db)).toEqual([]);
    expect((await asAdmin('GET', '/api/leads/1')).body).toMatchObject({
      lead: { status: 'new' },
      timeline: [{ kind: 'message' }],
    });
  });
});
