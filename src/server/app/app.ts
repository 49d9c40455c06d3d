import { Hono } from 'hono';
import { trpcServer } from '@hono/trpc-server';
import { sql } from 'drizzle-orm';
import { buildContext, clientIp } from '#server/http/context';
import type { AppEnv } from '#server/http/hono-env';
import { loggableError } from '#server/platform/logger';
import {
  apiGuards,
  decodablePath,
  jsonContentType,
  noStoreByDefault,
  requestLog,
} from '#server/http/middleware';
import { securityHeaders } from '#server/http/security-headers';
import { errorBody, toHttpError } from '#server/http/errors';
import { mailEventRoutes } from '#server/mail/reports/webhook-routes';
import { sealOutboxWith } from '#server/mail/outbox/outbox-seal';
import { stripeWebhookRoutes } from '#server/proposals/payments/webhook-routes';
import { checkoutFormRoutes } from '#server/proposals/payments/checkout-form-route';
import { checkoutReturnRoutes } from '#server/proposals/payments/checkout-return';
import { unsubscribeAddress } from '#server/newsletter/unsubscribe-address';
import { mcpRoutes } from '#server/mcp/route';
import { assistantRoutes } from '#server/assistant/route';
import { assistantShown } from '#server/assistant/settings';
import {
  anonymousLogPaths,
  errorResponse,
  formPaths,
  restRoutes,
  uploadPaths,
} from '#server/http/rest';
import { openApiDocument } from '#server/http/openapi';
import { appRouter } from './app-router';
import { publicFactsRoutes } from '#server/facts/public-route';
import { publicFacts } from '#server/facts/public-cache';
import { newsletterLinkPages } from '#server/newsletter/link-pages/pages';
import { bookingManagePage } from '#server/booking/manage-page/manage-page';
import { proposalClientPage } from '#server/proposals/client-page/page';
import { testimonialPages } from '#server/engagements/testimonial-requests/page';
import { invoiceClientPages } from '#server/invoices/invoice-page/page';
import { engagementPages } from '#server/engagements/engagement-page/page';
import { engagementFileRoutes } from '#server/engagements/engagement-page/file-routes';
import { clientMessageFormRoute } from '#server/engagements/thread/message-form';
import { contentPages, type PageRenderer } from '#server/content/pages';
import { loadEntryRenderer } from './page-renderer';
import { readCspHashes } from '#server/http/csp-hashes';
import { serveClient } from '#server/http/static';
import { entryPageRoutes } from '#server/entries/entry-pages';
import { feedRoutes } from '#server/entries/feeds';
import { shareImageRoutes } from '#server/entries/share-images';
import { searchPage } from '#server/search/search-page';
import { mediaFilesRoute } from '#server/media/serve';
import { readCookie } from '#server/identity/sessions/session';
import { oauthRoutes } from '#server/mcp/oauth/routes';
import { MAX_BATCH_SIZE, type AppDeps } from '#server/http/trpc';
import { createMetrics } from '#server/operations/metrics';
import { createProbes } from '#server/operations/probes';
import { observeRequests } from '#server/operations/observe-requests';
import { notFoundRoute } from '#server/http/route-name';
import type { ShutdownTasks } from '#server/platform/shutdown';
import { registerAnalyticsFlush } from '#server/analytics/event-buffer';
import { triagesSettled } from '#server/ai/triage';
import { engagementFileAdminRoutes } from '#server/engagements/files/admin-routes';
import { ENGAGEMENT_UPLOAD_PATHS } from '#server/engagements/files/file-upload';

export interface AppOptions {
  /** Folder of the built client (index.html and assets); absent in API-only tests. */
  clientDir?: string;
  /**
   * Extra CSP hashes ('sha256-…') of allowed inline scripts. Those of the built pages in
   * clientDir are allowed too, as the build listed them (csp-hashes.ts); no other inline
   * script runs.
   */
  scriptHashes?: readonly string[];
  /** What renders the content's pages; by default client/entry-server.tsx. */
  loadPageRenderer?: () => Promise<PageRenderer>;
  /** The running server's stop (server.ts), where the app registers its part of it. */
  shutdown?: ShutdownTasks;
}

/** The whole HTTP surface; everything from outside comes in through deps (docs/architecture.md). */
export function createApp(baseDeps: AppDeps, options: AppOptions = {}) {
  const app = new Hono<AppEnv>();
  // Mail waits in the outbox sealed with a key from SESSION_SECRET (docs/mail.md).
  sealOutboxWith(baseDeps.db, baseDeps.config.sessionSecret);
  // The pages that show the owner's content (/, legal pages, sitemap), rendered per version;
  // their frame is what the entries' pages are written in, at publish too (AppDeps).
  const pages = options.clientDir
    ? contentPages(baseDeps, options.clientDir, options.loadPageRenderer ?? loadEntryRenderer)
    : null;
  const deps: AppDeps = pages?.frames ? { ...baseDeps, pageFrames: pages.frames } : baseDeps;

  // Probes and metrics (server/operations/, docs/operations.md): every request counted and
  // traced first; the probes and /metrics answer ahead of the request log.
  const metrics = createMetrics(deps);
  const probes = createProbes(deps);
  const observe = observeRequests(metrics.http);
  if (observe) app.use('*', observe);
  app.route('/', probes.routes);
  app.route('/', metrics.routes);
  app.notFound(notFoundRoute);
  // The app's part of the stop (platform/shutdown.ts): /readyz 503 from the signal on, so load
  // balancers send no one new; once every request is answered, the AI triages they began
  // (docs/ai.md) settled and the analytics events they left written.
  if (options.shutdown) {
    options.shutdown.registerPreStopTask('readiness', probes.markStopping);
    registerAnalyticsFlush(options.shutdown, deps.db, deps.logger);
    options.shutdown.registerCleanupTask('AI triages', () => triagesSettled(deps.db));
  }

  app.use('*', requestLog(deps, anonymousLogPaths(appRouter)));
  const scriptHashes = [
    ...(options.scriptHashes ?? []),
    ...(options.clientDir ? readCspHashes(options.clientDir) : []),
  ];
  app.use('*', securityHeaders(deps.config, { scriptHashes }));
  app.use(
    '/api/*',
    apiGuards(
      deps,
      formPaths(appRouter),
      [...uploadPaths(appRouter), ...ENGAGEMENT_UPLOAD_PATHS],
      async (c) => {
        const request = { headers: c.req.raw.headers, ip: clientIp(c, deps.config.trustProxy) };
        const cookie = await readCookie(buildContext(deps, request));
        return cookie !== null && 'sid' in cookie;
      },
    ),
    noStoreByDefault(),
  );
  // The visitors' facts, answered from ready bytes before the tRPC adapter is involved;
  // ahead of the two checks below, which their literal paths and JSON answers always pass.
  app.route('/api', publicFactsRoutes(deps.db));
  app.use('/api/trpc/*', jsonContentType(), decodablePath());
  app.use('/api/trpc/*', trpcAdapter(deps));

  // The documented REST paths, each declared on its procedure (docs/api.md), and their
  // description, made from the same declarations once per app, at its first request: its
  // JSON schemas were a tenth of a start's CPU (docs/performance.md, "Production start").
  app.route('/', restRoutes(appRouter, deps));
  // The owner's upload of an engagement's file, streamed rather than buffered whole
  // (server/engagements/files/).
  app.route('/', engagementFileAdminRoutes(deps));
  // The client's, on their page's lookup of the link: the JSON upload, the form, the download.
  app.route('/', engagementFileRoutes(deps));
  let openApi: ReturnType<typeof openApiDocument> | null = null;
  app.get('/api/openapi.json', (c) => c.json((openApi ??= openApiDocument(appRouter))));

  app.get('/healthz', async (c) => {
    await deps.db.get(sql`select 1`);
    return c.json({ status: 'ok' });
  });

  // OAuth for MCP clients: discovery, registration, authorization, tokens (server/mcp/oauth/).
  app.route('/', oauthRoutes(deps));
  // The owner's agent over MCP, with an access token instead of a session (server/mcp/).
  app.route('/', mcpRoutes(deps));

  // A visitor's question to the site assistant, streamed (server/assistant/).
  app.route('/', assistantRoutes(deps));

  // A mail provider's word of bounces and complaints, checked its own way (server/mail/).
  // A complaint also unsubscribes the address from the newsletter (docs/mail.md).
  app.route('/', mailEventRoutes({ ...deps, onComplaint: unsubscribeAddress }));
  // Stripe's events of proposal deposits, checked by their signature (server/proposals/payments/).
  app.route('/', stripeWebhookRoutes(deps));

  // The case studies and insights: their pages and lists, the admin's preview (server/entries/).
  app.route('/', entryPageRoutes(deps));
  // Their feeds, and the share images drawn for entries without a cover (server/entries/).
  app.route('/', feedRoutes(deps));
  app.route('/', shareImageRoutes(deps));
  // A search that finds nothing offers the assistant while it is on (search cannot ask it:
  // the assistant reads the search's words, and folders never import each other both ways).
  app.route(
    '/',
    searchPage(deps, (nowMs) => assistantShown(deps, nowMs)),
  );

  app.all('/api/*', (c) => c.json(errorBody('Not found'), 404));

  // The uploaded images, from the database (server/media/), with or without a build.
  app.route('/', mediaFilesRoute(deps.db));

  // Pages the server writes itself (the newsletter's links, a booking's manage link), ahead
  // of the built client.
  app.route('/', newsletterLinkPages(deps, options.clientDir));
  app.route('/', bookingManagePage(deps, options.clientDir));
  app.route('/', proposalClientPage(deps, options.clientDir));
  // The client's testimonial request and withdraw pages (docs/engagements.md, "Testimonials").
  app.route('/', testimonialPages(deps, options.clientDir));
  app.route('/', invoiceClientPages(deps, options.clientDir));
  app.route('/', engagementPages(deps, options.clientDir));
  // The engagement page's message form (engagements/thread/).
  app.route('/', clientMessageFormRoute(deps));
  // "Pay the deposit" as a plain form: 303 to Stripe's Checkout, and the way back from it,
  // which names the session, not the link (server/proposals/payments/).
  app.route('/', checkoutFormRoutes(deps));
  app.route('/', checkoutReturnRoutes(deps, options.clientDir));

  if (options.clientDir && pages) {
    app.route('/', pages.routes);
    app.route('/', serveClient(options.clientDir, { appPage: pages.appPage }));
  }

  app.onError((error, c) => errorResponse(c, deps, error));

  /**
   * What the first visitor of `/` would otherwise wait for, done once before the server listens
   * (server.ts; docs/performance.md, "Cold start"): the page renderer (the client's server entry
   * and React) loaded, the home page rendered and compressed for the current content, and the
   * visitors' facts read (the page's one query). A failure is logged, never fatal: that page is
   * then rendered on its first request, as before.
   */
  async function warmUp(): Promise<void> {
    const started = performance.now();
    try {
      await Promise.all([pages?.warm(), publicFacts(deps.db)]);
      deps.logger.info('server.warmed', { ms: Math.round(performance.now() - started) });
    } catch (error) {
      deps.logger.error('server.warm_up_failed', { error: loggableError(error) });
    }
  }

  return Object.assign(app, { warmUp, markStopping: probes.markStopping });
}

/** The tRPC adapter at /api/trpc: each call with its request context, its errors' Retry-After. */
function trpcAdapter(deps: AppDeps) {
  return trpcServer({
    endpoint: '/api/trpc',
    router: appRouter,
    // A batch is answered call by call: without a cap, one small request could carry
    // thousands of sign-ins (the admin client's batch link sends at most as many).
    maxBatchSize: MAX_BATCH_SIZE,
    // The adapter's resHeaders carry the session code's Set-Cookie onto the response.
    createContext: (opts, c) => ({
      ...buildContext(deps, {
        headers: opts.req.headers,
        ip: clientIp(c, deps.config.trustProxy),
        requestId: c.get('requestId'),
      }),
      resHeaders: opts.resHeaders,
    }),
    responseMeta({ errors }) {
      const wait = errors
        .map((error) => toHttpError(error).retryAfter)
        .find((seconds) => seconds !== undefined);
      return wait === undefined ? {} : { headers: { 'Retry-After': String(wait) } };
    },
    onError({ error, path, ctx }) {
      if (error.code === 'INTERNAL_SERVER_ERROR') {
        deps.logger.error('trpc.failed', {
          requestId: ctx?.req.requestId,
          path,
          error: loggableError(error),
        });
      }
    },
  });
}

export type App = ReturnType<typeof createApp>;
