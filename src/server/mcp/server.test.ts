/**
 * The MCP tools through the SDK's own client (docs/mcp.md): what a client lists, a write seen
 * by the admin, the scope refusal, the 61st call of a minute, the audit entry.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { invoices, outbox, proposals, users } from '#db/schema';
import { DRAFT_MESSAGES } from '#shared/invoices/drafts';
import { PROPOSAL_MESSAGES } from '#shared/proposals';
import { adminCaller } from '#tests/support/app';
import { auditEntries } from '#tests/support/audit';
import { DOMESTIC_BUYER, ITEMS, SELLER_PROFILE } from '#tests/support/invoicing';
import { rest, signedInRestApp } from '#tests/support/rest';
import { storeLeads } from '#tests/support/stored-leads';
import type { TestDeps } from '#tests/support/app';
import type { App } from '#server/app/app';
import type { Scope } from './scopes';
import { createMcpServer } from './server';

let app: App;
let deps: TestDeps;
let cookie: string;
let administratorId: number;

beforeEach(async () => {
  ({ app, deps, cookie } = await signedInRestApp());
  const admin = await deps.db.select().from(users).where(eq(users.username, 'admin')).get();
  administratorId = admin!.id;
});

/** A client connected to the server of a token with these scopes. */
async function clientWith(scopes: Scope[], tokenId = 1): Promise<Client> {
  const server = createMcpServer(
    deps,
    { tokenId, administratorId, tokenName: 'Claude', scopes },
    { ip: '203.0.113.9' },
  );
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const [first] = result.content;
  const text = first?.type === 'text' ? first.text : '';
  return { isError: result.isError ?? false, text };
}

describe('the MCP tools', () => {
  it('lists every tool with its words, input schema and hints: none destructive', async () => {
    const client = await clientWith(['leads:read']);
    const { tools } = await client.listTools();
    expect(tools.map((t) => [t.name, t.annotations?.readOnlyHint])).toEqual([
      ['leads_list', true],
      ['lead_get', true],
      ['lead_note_add', false],
      ['lead_status_set', false],
      ['lead_reply_draft', false],
      ['bookings_list', true],
      ['analytics_summary', true],
      ['entries_list', true],
      ['entry_get', true],
      ['entry_draft_save', false],
      ['facts_list', true],
      ['newsletter_draft_save', false],
      ['proposals_list', true],
      ['proposal_draft', false],
      ['invoices_list', true],
      ['invoice_draft', false],
      ['call_notes_add', false],
      ['engagements_list', true],
    ]);
    for (const tool of tools) {
      expect(tool.title).toBeTruthy();
      expect(tool.description).toBeTruthy();
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.annotations).toMatchObject({ destructiveHint: false, openWorldHint: false });
    }
    expect(tools.find((t) => t.name === 'leads_list')?.inputSchema.properties).toHaveProperty(
      'status',
    );
  });

  it('adds a note and a reply draft the admin sees, each audited as the token’s call by its administrator', async () => {
    const [stored] = await storeLeads(deps, 1);
    const client = await clientWith(['leads:read', 'leads:write']);

    const noted = await call(client, 'lead_note_add', { id: stored!.lead.id, text: 'Call Friday' });
    expect(noted.isError).toBe(false);
    expect(JSON.parse(noted.text)).toMatchObject({ kind: 'note', text: 'Call Friday' });

    const drafted = await call(client, 'lead_reply_draft', {
      id: stored!.lead.id,
      subject: 'Re: your project',
      text: 'Thank you: Friday suits me.',
    });
    expect(drafted.isError).toBe(false);

    const seen = await rest(app, 'GET', `/api/leads/${stored!.lead.id}`, { cookie });
    const body = seen.body as {
      timeline: { kind: string; text?: string; actor?: string }[];
      drafts: { subject: string; text: string; by: string }[];
    };
    expect(body.timeline.find((e) => e.kind === 'note')).toMatchObject({
      text: 'Call Friday',
      actor: 'admin',
    });
    expect(body.drafts).toMatchObject([
      { subject: 'Re: your project', text: 'Thank you: Friday suits me.', by: 'admin via Claude' },
    ]);
    const audited = (await auditEntries(deps.db)).filter((e) => e.action === 'mcp_call');
    expect(audited.map(({ actor, target, address }) => ({ actor, target, address }))).toEqual([
      { actor: 'admin', target: 'lead_note_add by token “Claude”', address: '203.0.113.x' },
      { actor: 'admin', target: 'lead_reply_draft by token “Claude”', address: '203.0.113.x' },
    ]);
  });

  it('refuses a tool outside the token’s scopes, naming the scope, and writes nothing', async () => {
    const [stored] = await storeLeads(deps, 1);
    const client = await clientWith(['leads:read']);
    expect(await call(client, 'lead_note_add', { id: stored!.lead.id, text: 'x' })).toEqual({
      isError: true,
      text: 'This token lacks the scope leads:write.',
    });
    expect(await auditEntries(deps.db)).toEqual([]);
  });

  it('answers a procedure’s refusal as a tool error with its message', async () => {
    const client = await clientWith(['leads:read']);
    expect(await call(client, 'lead_get', { id: 999 })).toEqual({
      isError: true,
      text: 'Lead not found',
    });
  });

  it('takes 60 calls a minute per token, then says when to come back', async () => {
    const client = await clientWith(['content:read']);
    for (let i = 0; i < 60; i++) expect((await call(client, 'facts_list')).isError).toBe(false);
    expect(await call(client, 'facts_list')).toEqual({
      isError: true,
      text: 'This token has made 60 tool calls in the last minute. Try again in 1 minute.',
    });
    // Another token of the same administrator has its own minute.
    expect((await call(await clientWith(['content:read'], 2), 'facts_list')).isError).toBe(false);
    deps.clock.advance(60_000);
    expect((await call(client, 'facts_list')).isError).toBe(false);
  });

  it('saves entries and newsletters as drafts only, never over a published entry', async () => {
    const client = await clientWith(['content:read', 'content:write', 'newsletter:write']);
    const text = { title: 'Faster invoices', summary: 'How.', body: 'We did it.' };
    const created = await call(client, 'entry_draft_save', { kind: 'insight', ...text });
    const { entry } = JSON.parse(created.text) as { entry: { id: number; version: number } };
    expect(entry).toMatchObject({ status: 'draft', version: 1 });
    const saved = await call(client, 'entry_draft_save', {
      id: entry.id,
      baseVersion: 1,
      ...text,
      title: 'Faster invoices, again',
    });
    expect(JSON.parse(saved.text)).toMatchObject({ entry: { status: 'draft', version: 2 } });

    expect((await rest(app, 'POST', `/api/entries/${entry.id}/publish`, { cookie })).status).toBe(
      200,
    );
    expect(
      await call(client, 'entry_draft_save', { id: entry.id, baseVersion: 2, ...text }),
    ).toEqual({
      isError: true,
      text: 'This entry is published: its text is changed in the admin only. Save your text as a new draft instead.',
    });
    const live = await rest(app, 'GET', `/api/entries/${entry.id}`, { cookie });
    expect(live.body).toMatchObject({ entry: { title: 'Faster invoices, again', version: 2 } });

    const letter = await call(client, 'newsletter_draft_save', { subject: 'News', body: 'Hello' });
    expect(JSON.parse(letter.text)).toMatchObject({
      newsletter: { subject: 'News', status: 'draft' },
    });
  });

  it('writes a draft proposal with the server’s amounts, never sent, and lists proposals by status', async () => {
    const [stored] = await storeLeads(deps, 1);
    const leadId = stored!.lead.id;
    const client = await clientWith(['proposals:read', 'proposals:write']);

    const drafted = await call(client, 'proposal_draft', {
      leadId,
      title: 'Discovery workshop',
      summary: 'Two days **on site**.',
      items: [{ description: 'Workshop day', quantity: 2, unitAmount: 150_000 }],
      deposit: { kind: 'percent', value: 30 },
      // The agent's figures for what the server computes are not its to give.
      total: 1,
    });
    expect(drafted.isError).toBe(false);
    const { proposal } = JSON.parse(drafted.text) as { proposal: { id: number } };
    expect(proposal).toMatchObject({
      leadId,
      status: 'draft',
      currency: 'EUR',
      total: 300_000,
      depositAmount: 90_000,
      sentAt: null,
    });
    const seen = await rest(app, 'GET', `/api/proposals/${proposal.id}`, { cookie });
    expect(seen.body).toEqual({ success: true, proposal });
    expect(await deps.db.select().from(outbox).all()).toEqual([]);

    // The admin's rules, as a tool error with their message.
    expect(
      await call(client, 'proposal_draft', {
        leadId,
        title: 'Too much deposit',
        items: [{ description: 'Workshop day', quantity: 1, unitAmount: 100 }],
        deposit: { kind: 'amount', value: 101 },
      }),
    ).toEqual({ isError: true, text: `deposit: ${PROPOSAL_MESSAGES.depositAboveTotal}` });
    expect(await call(client, 'proposal_draft', { leadId: 99, title: 'Nobody' })).toEqual({
      isError: true,
      text: PROPOSAL_MESSAGES.leadNotFound,
    });

    const drafts = await call(client, 'proposals_list', { status: 'draft' });
    expect(JSON.parse(drafts.text)).toMatchObject({
      proposals: [{ id: proposal.id, lead: { id: leadId } }],
      total: 1,
      page: 1,
    });
    const sent = await call(client, 'proposals_list', { status: 'sent' });
    expect(JSON.parse(sent.text)).toMatchObject({ proposals: [], total: 0 });

    const audited = (await auditEntries(deps.db)).filter((e) =>
      ['mcp_call', 'proposal_created'].includes(e.action),
    );
    expect(audited.map(({ action, actor, target }) => ({ action, actor, target }))).toEqual([
      { action: 'mcp_call', actor: 'admin', target: 'proposal_draft by token “Claude”' },
      { action: 'proposal_created', actor: 'admin', target: 'P-2026-1 v1' },
      { action: 'mcp_call', actor: 'admin', target: 'proposal_draft by token “Claude”' },
      { action: 'mcp_call', actor: 'admin', target: 'proposal_draft by token “Claude”' },
      { action: 'mcp_call', actor: 'admin', target: 'proposals_list by token “Claude”' },
      { action: 'mcp_call', actor: 'admin', target: 'proposals_list by token “Claude”' },
    ]);
  });

  it('refuses a proposal draft to a token that may only read proposals, naming the scope', async () => {
    const [stored] = await storeLeads(deps, 1);
    const client = await clientWith(['proposals:read', 'leads:write']);
    expect(
      await call(client, 'proposal_draft', { leadId: stored!.lead.id, title: 'Workshop' }),
    ).toEqual({ isError: true, text: 'This token lacks the scope proposals:write.' });
    expect(await deps.db.select().from(proposals).all()).toEqual([]);
    expect((await call(await clientWith(['leads:read']), 'proposals_list')).text).toBe(
      'This token lacks the scope proposals:read.',
    );
  });

  it('writes a draft invoice with the server’s amounts and no number, and lists invoices; issuing stays with a person', async () => {
    const admin = await adminCaller(deps);
    await admin.invoices.saveSettings(SELLER_PROFILE);
    const [stored] = await storeLeads(deps, 1);
    const leadId = stored!.lead.id;
    await admin.leads.update({ id: leadId, data: { buyer: DOMESTIC_BUYER } });
    const client = await clientWith(['invoices:read', 'invoices:write']);

    const drafted = await call(client, 'invoice_draft', {
      leadId,
      items: [...ITEMS],
      // The agent's figures for what the server computes are not its to give.
      totals: { gross: 1 },
    });
    expect(drafted.isError).toBe(false);
    const { invoice } = JSON.parse(drafted.text) as { invoice: { id: number } };
    // The profile's defaults (19 % standard rate) and the server's sums, rounded per group.
    expect(invoice).toMatchObject({
      leadId,
      kind: 'invoice',
      status: 'draft',
      number: null,
      issuedAt: null,
      items: [
        { category: 'S', rate: 19, net: 360_000 },
        { category: 'S', rate: 19, net: 187_500 },
      ],
      totals: { net: 547_500, tax: 104_025, gross: 651_525, due: 651_525 },
    });
    const seen = await rest(app, 'GET', `/api/invoices/${invoice.id}`, { cookie });
    expect(seen.body).toEqual({ success: true, invoice });
    expect(await deps.db.select().from(outbox).all()).toEqual([]);

    // The admin's rules, as a tool error with their message.
    expect(await call(client, 'invoice_draft', { leadId: 99, items: [...ITEMS] })).toEqual({
      isError: true,
      text: DRAFT_MESSAGES.leadNotFound,
    });
    const reversed = await call(client, 'invoice_draft', {
      leadId,
      supplyPeriod: { from: '2026-03-31', to: '2026-03-01' },
    });
    expect(reversed.isError).toBe(true);
    expect(reversed.text).toMatch(/^supplyPeriod\.to: /);

    const drafts = await call(client, 'invoices_list', { status: 'draft', leadId });
    expect(JSON.parse(drafts.text)).toMatchObject({
      invoices: [{ id: invoice.id, number: null }],
      total: 1,
      page: 1,
    });
    const issued = await call(client, 'invoices_list', { status: 'issued' });
    expect(JSON.parse(issued.text)).toMatchObject({ invoices: [], total: 0 });
    // No tool issues, sends, credits or records a payment: the list of tools names none.
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).filter((name) => name.startsWith('invoice'))).toEqual([
      'invoices_list',
      'invoice_draft',
    ]);

    const audited = (await auditEntries(deps.db)).filter((e) =>
      ['mcp_call', 'invoice_created'].includes(e.action),
    );
    expect(audited.map(({ action, actor, target }) => ({ action, actor, target }))).toEqual([
      { action: 'mcp_call', actor: 'admin', target: 'invoice_draft by token “Claude”' },
      { action: 'invoice_created', actor: 'admin', target: `invoice draft ${invoice.id}` },
      { action: 'mcp_call', actor: 'admin', target: 'invoice_draft by token “Claude”' },
      { action: 'mcp_call', actor: 'admin', target: 'invoice_draft by token “Claude”' },
      { action: 'mcp_call', actor: 'admin', target: 'invoices_list by token “Claude”' },
      { action: 'mcp_call', actor: 'admin', target: 'invoices_list by token “Claude”' },
    ]);
  });

  it('refuses an invoice draft to a token that may only read invoices, and the list to one without invoices:read', async () => {
    const [stored] = await storeLeads(deps, 1);
    const client = await clientWith(['invoices:read', 'proposals:write']);
    expect(
      await call(client, 'invoice_draft', { leadId: stored!.lead.id, items: [...ITEMS] }),
    ).toEqual({ isError: true, text: 'This token lacks the scope invoices:write.' });
    expect(await deps.db.select().from(invoices).all()).toEqual([]);
    expect((await call(await clientWith(['proposals:read']), 'invoices_list')).text).toBe(
      'This token lacks the scope invoices:read.',
    );
  });
});
