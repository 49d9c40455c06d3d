/**
 * MCP's `call_notes_add` (docs/mcp.md, "Tools"): a transcript's note and follow-up draft kept
 * on the lead as the token's administrator, never a mail; refused without `leads:write`.
 */
import { eq } from 'drizzle-orm';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { callNotes, leadDrafts, leads, outbox, users } from '#db/schema';
import { auditEntries } from '#tests/support/audit';
import { NOTE_ANSWER, VTT, VTT_PLAIN, callNotesApp } from '#tests/support/call-notes-fixtures';
import { startOpenAiServer, type OpenAiServer } from '#tests/support/openai-server';
import type { TestDeps } from '#tests/support/app';
import type { Scope } from './scopes';
import { createMcpServer } from './server';

let fake: OpenAiServer | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function callTool(deps: TestDeps, scopes: Scope[], args: Record<string, unknown>) {
  const alice = await deps.db.select().from(users).where(eq(users.username, 'alice')).get();
  const server = createMcpServer(
    deps,
    { tokenId: 1, administratorId: alice!.id, tokenName: 'Claude', scopes },
    { ip: '203.0.113.9' },
  );
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientSide);
  const result = (await client.callTool({
    name: 'call_notes_add',
    arguments: args,
  })) as CallToolResult;
  const [first] = result.content;
  return { isError: result.isError ?? false, text: first?.type === 'text' ? first.text : '' };
}

describe('call_notes_add', () => {
  it('keeps the note and a draft, mails no one and leaves the lead as it was', async () => {
    fake = await startOpenAiServer({ answer: () => JSON.stringify(NOTE_ANSWER) });
    const { deps, callOf } = await callNotesApp(fake);
    const status = async () =>
      (await deps.db.select().from(leads).where(eq(leads.id, 1)).get())?.status;
    const before = await status();

    const called = await callTool(deps, ['leads:write'], {
      id: 1,
      text: VTT,
      bookingId: callOf[0],
    });
    expect(called.isError).toBe(false);
    const answer = JSON.parse(called.text) as { callNote: { transcript: string }; draft: unknown };
    expect(answer).toMatchObject({
      ai: 'used',
      callNote: { transcript: VTT_PLAIN, summary: NOTE_ANSWER.summary, createdBy: 'alice' },
      draft: { text: NOTE_ANSWER.reply, by: 'fake-model' },
    });
    expect(await deps.db.select().from(leadDrafts).all()).toHaveLength(1);
    expect(await deps.db.select().from(outbox).all()).toEqual([]);
    expect(await status()).toBe(before);
    const actions = (await auditEntries(deps.db)).map((e) => [e.action, e.target]);
    expect(actions).toContainEqual(['mcp_call', 'call_notes_add by token “Claude”']);
    expect(actions).toContainEqual([
      'call_note_added',
      expect.stringMatching(/^lead 1: call note/),
    ]);
  });

  it('is refused without leads:write, keeping nothing', async () => {
    const { deps } = await callNotesApp(null);
    expect(await callTool(deps, ['leads:read'], { id: 1, text: 'Ana: hi' })).toEqual({
      isError: true,
      text: 'This token lacks the scope leads:write.',
    });
    expect(await deps.db.select().from(callNotes).all()).toEqual([]);
  });
});
