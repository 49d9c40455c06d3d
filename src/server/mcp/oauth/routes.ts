/**
 * OAuth 2.1 for MCP clients (docs/mcp.md, "OAuth"; docs/decisions/0048): the discovery
 * documents, registration, the authorization endpoint and the token endpoint, outside /api
 * (they take the bodies RFC 6749 and RFC 7591 define, not the API's JSON rules). The consent
 * screen's own API is in consent-router.ts, under /api with the admin's rules.
 */
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { AppEnv } from '#server/http/hono-env';
import type { AppDeps } from '#server/http/trpc';
import { authorize } from './authorize';
import { authorizationServerMetadata, protectedResourceMetadata } from './discovery';
import { register } from './register';
import { oauthUrls } from './site-urls';
import { token } from './token';
import { DAY_SECONDS } from '#shared/calendar-days';

/**
 * Browser-based clients (claude.ai's connectors run in a page of theirs) read these from
 * another origin, so CORS is open on them, with no credentials: nothing here reads a cookie.
 * Only these paths: the admin's API stays same-origin (http/middleware.ts).
 */
const openCors = cors({
  origin: '*',
  allowMethods: ['GET', 'POST', 'OPTIONS'],
  allowHeaders: ['Content-Type', 'Authorization', 'MCP-Protocol-Version'],
  maxAge: DAY_SECONDS,
});

export function oauthRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  for (const path of [
    '/.well-known/oauth-protected-resource',
    '/.well-known/oauth-protected-resource/*',
    '/.well-known/oauth-authorization-server',
    '/oauth/register',
    '/oauth/token',
  ]) {
    app.use(path, openCors);
  }
  // RFC 9728 section 3.1: a client may also ask with the resource's path appended.
  for (const path of [
    '/.well-known/oauth-protected-resource',
    '/.well-known/oauth-protected-resource/mcp',
  ]) {
    app.get(path, async (c) => c.json(protectedResourceMetadata(await oauthUrls(deps))));
  }
  app.get('/.well-known/oauth-authorization-server', async (c) =>
    c.json(authorizationServerMetadata(await oauthUrls(deps))),
  );
  app.post('/oauth/register', (c) => register(c, deps));
  app.get('/oauth/authorize', (c) => authorize(c, deps));
  app.post('/oauth/token', (c) => token(c, deps));
  return app;
}
