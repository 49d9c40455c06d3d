/**
 * The `engagements_list` tool (docs/mcp.md, "Tools"): the admin's list through the SDK's own
 * client, filtered by status and lead, under the leads' read scope, never a link's token.
 */
import { beforeEach, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { users } from '#db/schema';
import { createTestDeps, signedInCookie, type TestDeps } from '#tests/support/app';
import { closeStored, storeEngagement, type StoredEngagement } from '#tests/support/engagements';
import type { Scope } from '../scopes';
import { createMcpServer } from '../server';

let deps: TestDeps;
let administratorId: number;
let open: StoredEngagement;
let closed: StoredEngagement;

beforeEach(async () => {
  deps = await createTestDeps();
  await signedInCookie(deps);
  const admin = await deps.db.select().from(users).where(eq(users.username, 'admin')).get();
  administratorId = admin!.id;
  open = await storeEngagement(deps, { title: 'Open work' });
  closed = await storeEngagement(deps, { title: 'Done work' });
  await closeStored(deps, closed.id);
});

async function call(scopes: Scope[], args: Record<string, unknown> = {}) {
  const server = createMcpServer(
    deps,
    { tokenId: 1, administratorId, tokenName: 'Claude', scopes },
    { ip: '203.0.113.9' },
  );
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientSide);
  const result = (await client.callTool({
    name: 'engagements_list',
    arguments: args,
  })) as CallToolResult;
  const [first] = result.content;
  return { isError: result.isError ?? false, text: first?.type === 'text' ? first.text : '' };
}

const titles = (text: string) =>
  (JSON.parse(text) as { engagements: { title: string }[] }).engagements.map((e) => e.title);

it('lists the engagements newest first, by status and by lead, with no link in them', async () => {
  const all = await call(['leads:read']);
  expect(all.isError).toBe(false);
  expect(titles(all.text)).toEqual(['Done work', 'Open work']);
  expect(all.text).not.toContain(open.token);
  expect(titles((await call(['leads:read'], { status: 'active' })).text)).toEqual(['Open work']);
  expect(titles((await call(['leads:read'], { leadId: closed.leadId })).text)).toEqual([
    'Done work',
  ]);
});

it('is refused without the leads’ read scope', async () => {
  const refused = await call(['invoices:read']);
  expect(refused.isError).toBe(true);
});
