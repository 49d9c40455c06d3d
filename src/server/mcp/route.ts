/**
 * `POST /mcp`: the Model Context Protocol over Streamable HTTP (docs/mcp.md). Stateless: each
 * request gets a fresh server and transport (no session id), so any instance answers any
 * call, and answers plain JSON. Outside /api, so the admin API's cookie-era guards (media
 * type: http/middleware.ts) are not in its way: a request carries its bearer token, not a
 * browser's cookie, and a browser cannot send that header across sites without a CORS answer
 * this path never gives. A page of another origin is refused (403) all the same. Its body is held to the API's 64 KiB by the transport.
 */
import { Hono } from 'hono';
import { clientIp } from '#server/http/context';
import type { AppEnv } from '#server/http/hono-env';
import { MAX_BODY_BYTES } from '#server/http/middleware';
import type { AppDeps } from '#server/http/trpc';
import { siteSettings } from '#server/site/site-settings';
import { authenticateBearer } from './access-tokens/bearer';

/**
 * The MCP SDK and the tools (about 30 MB of memory) are loaded at the first authorised call,
 * not at the start (docs/operations.md, "Start-up time").
 */
const loadMcp = async () => {
  const [{ createMcpServer }, { WebStandardStreamableHTTPServerTransport }] = await Promise.all([
    import('./server'),
    import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'),
  ]);
  return { createMcpServer, WebStandardStreamableHTTPServerTransport };
};

export const MCP_PATH = '/mcp';

/** A JSON-RPC error answer of the transport's own shape, for the methods a stateless server refuses. */
function methodNotAllowed(): Response {
  return Response.json(
    { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null },
    { status: 405, headers: { Allow: 'POST' } },
  );
}

/**
 * Whether a browser page of another origin sent the request (MCP's Streamable HTTP transport
 * asks servers to check `Origin` against DNS rebinding: a page whose name was pointed at this
 * server would otherwise reach it as its own). Compared with the site's address only, never
 * the request's Host, which a rebound name sets to itself. No Origin: not from a page.
 */
async function foreignOrigin(origin: string | undefined, deps: AppDeps): Promise<boolean> {
  if (origin === undefined) return false;
  const site = new URL((await siteSettings(deps)).address).host;
  try {
    // Hosts, not schemes: behind a TLS proxy the site address may still read http.
    return new URL(origin).host.toLowerCase() !== site.toLowerCase();
  } catch {
    return true; // "null" (a sandboxed frame) or garbage: not provably the site's own page.
  }
}

export function mcpRoutes(deps: AppDeps) {
  const routes = new Hono<AppEnv>();
  // The answers hold the owner's data, as the API's do (http/middleware.ts, noStoreByDefault).
  routes.use(MCP_PATH, async (c, next) => {
    await next();
    c.res.headers.set('Cache-Control', 'no-store');
  });
  routes.all(MCP_PATH, async (c) => {
    if (await foreignOrigin(c.req.header('origin'), deps)) {
      return Response.json(
        {
          jsonrpc: '2.0',
          error: { code: -32000, message: 'Requests from another origin are refused.' },
          id: null,
        },
        { status: 403 },
      );
    }
    const auth = await authenticateBearer(c.req.raw, deps);
    if (!auth.ok) return auth.response;
    // Without a session there is no stream to open (GET) and none to end (DELETE).
    if (c.req.method !== 'POST') return methodNotAllowed();
    const { id, administratorId, name, scopes } = auth.principal;
    const { createMcpServer, WebStandardStreamableHTTPServerTransport } = await loadMcp();
    const server = createMcpServer(
      deps,
      { tokenId: id, administratorId, tokenName: name, scopes },
      { ip: clientIp(c, deps.config.trustProxy), requestId: c.get('requestId') },
    );
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: MAX_BODY_BYTES,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(c.req.raw);
    } finally {
      await server.close();
    }
  });
  return routes;
}
