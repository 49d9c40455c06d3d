/**
 * POST /mcp through the whole app (docs/mcp.md, docs/api.md "MCP"): the SDK's own client over
 * its Streamable HTTP transport, its fetch handed to app.request(); the 401s with their
 * challenge, the 405s of a stateless server, the API's body limit.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { writeTransaction } from '#db';
import { createTestApp, type TestDeps } from '#tests/support/app';
import { storeLeads } from '#tests/support/stored-leads';
import { insertUser } from '#tests/support/users';
import type { App } from '#server/app/app';
import { issueAccessToken, revokeAccessToken } from './access-tokens/store';

let app: App;
let deps: TestDeps;
let aliceId: number;
const DAY = 24 * 60 * 60_000;
const CHALLENGE =
  'Bearer resource_metadata="http://localhost/.well-known/oauth-protected-resource"';

beforeEach(async () => {
  ({ app, deps } = await createTestApp());
  aliceId = (await insertUser(deps, 'alice')).id;
});

async function issue(days = 7) {
  const now = deps.clock.now();
  return writeTransaction(deps.db, (tx) =>
    issueAccessToken(tx, {
      administratorId: aliceId,
      name: 'Claude Desktop',
      scopes: ['leads:read'],
      expiresAt: new Date(now.getTime() + days * DAY),
      now,
    }),
  );
}

/** What a client's first request is: `initialize`, as JSON-RPC. */
function post(headers: Record<string, string>, body?: string) {
  return app.request('/mcp', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body:
      body ??
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'test', version: '1' },
        },
      }),
  });
}

describe('POST /mcp', () => {
  it('answers 401 with the challenge without a token, and with invalid_token for a bad one', async () => {
    const none = await post({});
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe(CHALLENGE);
    const bad = await post({ authorization: 'Bearer ams_not-a-token' });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toBe(`${CHALLENGE}, error="invalid_token"`);
  });

  it('serves the SDK client with a valid token: tools listed, leads read as its administrator', async () => {
    await storeLeads(deps, 2);
    const { secret } = await issue();
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL('http://localhost/mcp'), {
        fetch: async (url, init) => app.request(String(url), init),
        requestInit: { headers: { authorization: `Bearer ${secret}` } },
      }),
    );
    const result = (await client.callTool({ name: 'leads_list', arguments: {} })) as CallToolResult;
    const [content] = result.content;
    const answer = JSON.parse(content?.type === 'text' ? content.text : '{}') as {
      leads: { email: string }[];
    };
    expect(answer.leads.map((lead) => lead.email)).toEqual([
      'person2@example.com',
      'person1@example.com',
    ]);
    await client.close();

    // Stateless: no stream to open, no session to end.
    for (const method of ['GET', 'DELETE']) {
      const response = await app.request('/mcp', {
        method,
        headers: { authorization: `Bearer ${secret}`, accept: 'text/event-stream' },
      });
      expect([method, response.status, response.headers.get('allow')]).toEqual([
        method,
        405,
        'POST',
      ]);
    }
    // A page of another origin is refused, token or not (MCP's transport rule against DNS
    // rebinding: a page whose name now points here must not reach the server); the site's own
    // origin, and a request with no Origin (every client outside a browser), are served.
    for (const origin of ['https://inspector.example', 'http://localhost:6274', 'null']) {
      for (const authorization of [`Bearer ${secret}`, undefined]) {
        const refused = await post({ origin, ...(authorization ? { authorization } : {}) });
        expect([origin, refused.status]).toEqual([origin, 403]);
      }
    }
    expect(
      (await post({ authorization: `Bearer ${secret}`, origin: 'http://localhost' })).status,
    ).toBe(200);
    // The API's body limit holds here too.
    const big = await post(
      { authorization: `Bearer ${secret}` },
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'ping',
        params: { pad: 'x'.repeat(70_000) },
      }),
    );
    expect(big.status).toBe(413);
    // A browser page of another site gets no CORS answer to read.
    expect(big.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers 401 to an expired token and to a revoked one', async () => {
    const { secret: expiring } = await issue(7);
    const { token, secret: revoked } = await issue(30);
    expect((await post({ authorization: `Bearer ${expiring}` })).status).toBe(200);
    await writeTransaction(deps.db, (tx) => revokeAccessToken(tx, aliceId, token.id));
    deps.clock.advance(7 * DAY);
    for (const secret of [expiring, revoked]) {
      const response = await post({ authorization: `Bearer ${secret}` });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe(`${CHALLENGE}, error="invalid_token"`);
    }
  });
});
