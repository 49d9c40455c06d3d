import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig, type Plugin } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { LongestFirstSequencer } from './tests/support/sequencer';
import { WAIT_BOUND_MS } from './tests/support/wait-bound';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`;

/**
 * The dev server's counterpart of src/server/http/static.ts: `/` is the home page (index.html),
 * every other page address (admin area, unknown paths) the router app (app.html).
 */
function appPageFallback(): Plugin {
  return {
    name: 'app-page-fallback',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const accept = req.headers.accept ?? '';
        const pathname = (req.url ?? '/').split('?')[0] ?? '/';
        const isPage = req.method === 'GET' && accept.includes('text/html');
        if (isPage && pathname !== '/' && !pathname.includes('.')) req.url = '/app.html';
        next();
      });
    },
  };
}

/**
 * The two pages are built apart (scripts/build.ts sets BUILD_PAGE): the home page (index.html,
 * prerendered, no router) and the router app (app.html: admin area, not-found page). In one
 * build a library module both use is one chunk, whole: the home page's toast then carried
 * react-aria's press and button code that only the admin needs (docs/decisions/0023).
 */
const PAGES = {
  // The newsletter's confirm and unsubscribe pages are written by the server; their small
  // script is an entry of this build, found through its manifest (docs/decisions/0028).
  home: {
    index: 'index.html',
    'newsletter-link': 'src/client/newsletter-link-main.ts',
    'booking-manage': 'src/client/booking-manage-main.ts',
  },
  app: { app: 'app.html' },
} as const;
const buildPage = process.env.BUILD_PAGE as keyof typeof PAGES | undefined;

const SERVER_TESTS = [
  'src/server/**/*.test.ts',
  'tests/system/**/*.test.ts',
  'src/shared/**/*.test.ts',
  'db/**/*.test.ts',
  'scripts/**/*.test.ts',
];

/**
 * The server tests that also run against a libSQL server, in the `server-sqld` project
 * (docs/decisions/0041): where the driver can change the outcome. Every other server test
 * proves its rule once, on the embedded file; the data layer they all go through is proven on
 * both here.
 */
const SQLD_TESTS = [
  // The data layer, and several processes on one database (less the embedded-only below).
  'db/**/*.test.ts',
  'tests/system/**/*.test.ts',
  'src/server/cli-database.test.ts',
  // Leads and calls: the writes that go as one transaction or batch (a lead and its source in
  // the write of its first message or booking, erasure, replies claimed by the outbox), and
  // the claims several instances race for (answers taken once, one booking per slot,
  // reminders sent once, the busy feed read once). Their queries, pure rules and screens'
  // answers (attention lists, exports, slots, feed parsing, mail texts) prove the same on
  // either driver and run once (docs/testing.md, "Which tests run on both drivers").
  'src/server/leads/{lead-writes,lead-source,subscribers/subscriber-tools}.test.ts',
  'src/server/leads/answers/{answer-notice,capture,poller}.test.ts',
  // Readiness reads the migrations' table and names a database that is gone, on either driver;
  // each driver has its own seam for the statements' spans.
  'src/server/operations/{probes,tracing}.test.ts',
  'src/server/leads/{drafts,replies}/*.test.ts',
  'src/server/booking/{booking-limits-at-once,busy-feed,call-booking-at-once,reminders,reminder-suppressed,router}.test.ts',
  // Stored bytes: a blob comes back as a Buffer from one driver, an ArrayBuffer from the other.
  // The media files' bytes (the testimonials' images and the media REST paths store the same
  // rows, embedded only) and the share images' (entries, below).
  'src/server/media/router.test.ts',
  // An engagement's link replaced or revoked on one instance ends on the other at once.
  'src/server/engagements/instances.test.ts',
  'src/server/identity/passkeys/**/*.test.ts',
  // State every instance shares (docs/operations.md, several instances): sessions, throttles,
  // guesses, claims, caches and counters, many of them decided by requests arriving together.
  'src/server/identity/sessions/**/*.test.ts',
  // Sign-in's procedures one at a time run once: their sessions, throttles and codes at once
  // are proven by login-concurrency, login-throttle and the sessions' files.
  'src/server/identity/sign-in/{two-factor,judged-wrong,login-concurrency}.test.ts',
  'src/server/identity/ways-in/login-throttle.test.ts',
  'src/server/identity/second-factors/guess-limits-at-once.test.ts',
  'src/server/platform/{throttle,throttle-restart,counter-cache,db-error-log}.test.ts',
  // The outbox: at most once across two instances on one database (docs/mail.md).
  'src/server/mail/outbox/outbox-job.test.ts',
  // The month's AI tokens: one cap across instances, 20 calls at once (docs/ai.md).
  'src/server/ai/cap-instances.test.ts',
  // The site assistant's caps (20 an hour an address, 500 a day): the same, questions at once.
  'src/server/assistant/cap-instances.test.ts',
  // OAuth's client registrations per address, network and in all: two instances, at once.
  'src/server/mcp/oauth/register-caps.test.ts',
  'src/server/facts/{public-cache,reorder}.test.ts',
  'src/server/content/{router,site-settings/router}.test.ts',
  // Entries: one winner of saves and slugs sent to several instances at once (issue 47).
  // Share images (blobs, one drawing across requests and instances), feeds, sitemap, llms.txt.
  'src/server/entries/{instances,kept-page-writes,share-images-kept,feeds-instances}.test.ts',
  // Search: the index written in the entry's transaction, read by every instance at once.
  'src/server/search/instances.test.ts',
  // Testimonials: one audit of publishes sent to several instances; erasure.
  'src/server/proof/{instances,lead-erase}.test.ts',
  // The public writes go as one batch, one request to a libSQL server: contact messages sent
  // at once, and the acknowledgement's claim in the message's batch.
  'src/server/contact/{contact-at-once,acknowledgement-claims}.test.ts',
  'src/server/newsletter/{router,sender-instances,sequence/sequence-job,sequence/sequence-exit}.test.ts',
  'src/server/analytics/{record,entry-enquiries}.test.ts',
  // Stripe's events: each taken once, its payment, refund or unmatched entry written once, by
  // two instances on one database (docs/payments.md).
  'src/server/proposals/payments/webhook-instances.test.ts',
  // Invoice numbers: no gap and none twice for issues at once on two instances, across a
  // restart; credits at once never over the invoice (docs/invoices.md, "Numbers").
  'src/server/invoices/numbers-at-once.test.ts',
];

/**
 * Tests of the embedded file as such (backups, its faults) or independent of the mode (they
 * start their own sqld, or use no database): run once, in the `server` project.
 */
const EMBEDDED_ONLY_TESTS = [
  'tests/system/backup.test.ts',
  'tests/system/faults.test.ts',
  'tests/system/server.test.ts',
  // A production install of its own, on the embedded file.
  'tests/system/production-build.test.ts',
  'tests/system/db-migrate.test.ts',
  'db/embedded.test.ts',
  'db/migration-snapshot.test.ts',
  'db/libsql.test.ts',
  // The proposals' rebuild, on an embedded file and on an sqld of its own.
  'db/keep-signed-proposals-migration.test.ts',
  // Migrations written by hand, each run on an embedded file of its own in either mode.
  'db/hashed-ids-migrations.test.ts',
  'tests/system/multi-instance.test.ts',
  'tests/system/imap-answers.test.ts',
  'tests/system/analytics.test.ts',
  'tests/system/newsletter-send.test.ts',
  'tests/system/database-outage.test.ts',
  'tests/system/sqld-round-trips.test.ts',
  // Triage against a provider over HTTP: what is sent and when does not depend on the database.
  'tests/system/ai-provider.test.ts',
  // The container files, read as files, and the Node lines of the lock file (no database).
  'tests/system/container-files.test.ts',
  'tests/system/node-versions.test.ts',
  // Whether the tracing SDK is loaded does not depend on the database.
  'tests/system/tracing-off.test.ts',
  // What a start loads, read from the bundle's files (no database, no process).
  'tests/system/start-up-imports.test.ts',
  // What the reply draft sends the model and how its answer is read: the drafts it may keep
  // (drafts.test.ts) stay on both databases.
  'src/server/leads/drafts/reply-draft.test.ts',
  'src/shared/**/*.test.ts',
  'scripts/**/*.test.ts',
  // No database at all: the same run on either mode.
  'src/server/analytics/days.test.ts',
  'src/server/http/context.test.ts',
  'src/server/http/etag.test.ts',
  'src/server/http/listen.test.ts',
  'src/server/http/ready-bytes.test.ts',
  'src/server/identity/passwords/passwords.test.ts',
  'src/server/platform/address.test.ts',
  'src/server/platform/config.test.ts',
  'src/server/platform/limiter.test.ts',
  'src/server/platform/logger-buffer.test.ts',
  'src/server/platform/logger.test.ts',
  'src/server/platform/mail.test.ts',
  'src/server/platform/tokens.test.ts',
  'src/server/platform/user-agent.test.ts',
];

export default defineConfig({
  // The path aliases of tsconfig.json (docs/architecture.md, "The layers"), for the build and Vitest.
  resolve: { tsconfigPaths: true },
  plugins: [
    // Must precede react(): it generates src/routeTree.gen.ts and splits route chunks.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's pending component is its screen (drawn with its spinner while the loader
      // waits): in the screen's chunk, not in the main one. Its loader is a chunk of its own
      // too: the reads it names and their id checks (zod) stay out of the main chunk that
      // every admin page loads, the sign-in page included (docs/performance.md).
      codeSplittingOptions: {
        defaultBehavior: [
          ['component', 'pendingComponent'],
          ['errorComponent'],
          ['notFoundComponent'],
          ['loader'],
        ],
        // The sign-in page, the admin's front door, stays in the main chunk: split, it came
        // with a dozen small chunks of its own (theme switch, toasts, the card, the brand),
        // each with its headers. Its own code is a few KB, which the other admin pages now
        // carry too (docs/performance.md, "The sign-in page's first load").
        splitBehavior: ({ routeId }) => (routeId === '/admin/login' ? [] : undefined),
      },
      routesDirectory: './src/client/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
    }),
    react(),
    // The site is in English: react-aria's strings for its other 33 locales (the toast's
    // "Notifications" and "Close", the admin's dialogs) stay out of the bundle.
    optimizeLocales.vite({ locales: ['en-US'] }),
    tailwindcss(),
    appPageFallback(),
  ],
  // The server build of the page renderer (scripts/build.ts sets BUILD_SSR) takes react-aria
  // into its bundle, so that only the few parts the public pages use are loaded: left to
  // node_modules, `react-aria-components` loads whole at the first render, 66 MB and 0.7 s of
  // the production start (docs/performance.md, "Production start").
  ssr: process.env.BUILD_SSR
    ? {
        noExternal: [
          /^react-aria/,
          /^@react-aria\//,
          /^react-stately/,
          /^@react-stately\//,
          /^@react-types\//,
          /^@internationalized\//,
        ],
      }
    : undefined,
  build: {
    outDir: 'dist/client',
    // Both pages' builds write here; scripts/build.ts empties it before the first.
    emptyOutDir: buildPage === undefined,
    // One stylesheet, inlined into both pages by scripts/prerender.ts; with per-chunk CSS the
    // lazy chunks would request it a second time.
    cssCodeSplit: false,
    // The browser test of the scripts `/` loads reads each page's module graph from these.
    manifest: buildPage ? `.vite/manifest-${buildPage}.json` : true,
    rollupOptions: {
      input: buildPage ? PAGES[buildPage] : { ...PAGES.home, ...PAGES.app },
      // @trpc/client's package.json does not declare `sideEffects: false`, so importing its
      // index kept code of links the page never uses (the WebSocket link: about 0.9 KB gzip on
      // the home page). Its modules only declare things; nothing runs on import.
      // shared/constants.ts only declares values too; taken for a module with effects, it was
      // imported by the home page's entry for nothing but its order, and fetched at first load.
      // @simplewebauthn/browser declares nothing either: the sign-in page asks
      // `browserSupportsWebAuthn` at once and loads the ceremony's code only when one starts.
      treeshake: {
        moduleSideEffects: (id: string) =>
          !id.includes('/node_modules/@trpc/client/') &&
          !id.includes('/node_modules/@simplewebauthn/browser/') &&
          !id.endsWith('/src/shared/constants.ts'),
      },
      // Every module the router app's entry imports statically loads with every page of it:
      // one chunk rather than one per set of routes sharing it (rolldown's default), which
      // gave /admin/login 16 scripts before its own, each with its headers (about 0.45 KB)
      // and compressed apart (docs/performance.md, "The sign-in page's first load").
      output:
        buildPage === 'app'
          ? { codeSplitting: { groups: [{ name: 'app-initial', tags: ['$initial'] }] } }
          : {},
    },
  },
  server: {
    proxy: { '/api': apiTarget, '/healthz': apiTarget },
  },
  test: {
    // Test files run four at a time at least (docs/decisions/0032, 0042). Vitest 4's own default
    // for a run is availableParallelism() - 1 workers, which is one on the 2-core CI machine:
    // every file then ran alone while the files mostly wait on child processes and sqld.
    maxWorkers: Math.max(4, availableParallelism() - 1),
    // One project after another, the longest file of each first (docs/decisions/0056).
    sequence: { sequencer: LongestFirstSequencer },
    // `expect.poll` waits as long as every other wait of the suite (its own default, 1 s, failed
    // on a slow machine: docs/testing.md, "Waiting for a state").
    expect: { poll: { timeout: WAIT_BOUND_MS } },
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          // A worker keeps the modules it loaded from one file to the next (about 0.6 s of
          // imports and setup per file otherwise). The server's state is kept per database
          // handle and every test opens its own, so nothing carries over; a file that mocks a
          // module empties the cache itself (docs/testing.md).
          isolate: false,
          // Password hashes (scrypt, 128 MiB each) and child processes (CLI, server.ts) take
          // seconds on a busy 2-core CI machine; the 5 s default failed there.
          testTimeout: 30_000,
          hookTimeout: 30_000,
          include: SERVER_TESTS,
          setupFiles: ['tests/support/database-cleanup.ts', 'tests/support/scrypt-cost.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The server tests whose outcome the driver can change (SQLD_TESTS) against a libSQL
          // server (docs/operations.md, several instances): every test database is a sqld
          // process of its own (tests/support/database.ts). Left out: the tests of the
          // embedded file itself, and those that start their own sqld anyway.
          name: 'server-sqld',
          environment: 'node',
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 30_000,
          include: SQLD_TESTS,
          exclude: [...configDefaults.exclude, ...EMBEDDED_ONLY_TESTS],
          setupFiles: ['tests/support/database-cleanup.ts', 'tests/support/scrypt-cost.ts'],
          env: { TEST_DATABASE: 'sqld' },
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          // As the server projects: modules, and here the document too, stay from one file to
          // the next (about 3.5 s of imports and set-up per file otherwise). A test leaves the
          // body element in place, empty (docs/testing.md).
          isolate: false,
          include: ['src/client/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/jest-dom.ts'],
          // Form interactions render once per event; on a busy 2-core CI machine a test that
          // fills a whole form has needed more than the default 5 s.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          // The browser files run after every other file, four at a time, in a group of their
          // own (docs/decisions/0056): beside them, server and client files had cost more
          // time than they filled, in new workers and in each other's CPU.
          sequence: { groupOrder: 1 },
          // As the server projects: a worker keeps playwright, axe and the support modules it
          // loaded from one browser file to the next (each file starts its own server and
          // browser, and no browser file mocks a module or changes the environment).
          isolate: false,
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          // The global setup's build and snapshot are done before any file of the run starts.
          // A browser file's waits poll, so the budget only bounds a stuck test: the longest
          // (a sweep of every admin screen with axe, about 20 s alone) has needed more than
          // 60 s on a loaded machine.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
