/**
 * The production entry: configuration -> database (migrations, demo facts, first admin) ->
 * app -> warm-up (the home page rendered once) -> listen -> the newsletter sender.
 * SIGTERM/SIGINT stop the sender and finish requests in flight (and the mail in hand), then
 * close the database cleanly.
 * In production `npm run build` bundles this file into dist/server.js, and process managers
 * run `node dist/server.js` (no loader, no build at start; `NODE_ENV=production npm start`
 * runs the same in the npm process itself, scripts/start.mjs). In development `npm start` runs
 * it under tsx (docs/operations.md).
 */
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  closeDatabase,
  describeDatabase,
  isDatabaseUnavailable,
  openDatabase,
  type Db,
} from './db';
import { appliedAtOpen } from './db/migration-state';
import { seedDemoFacts } from './db/seed';
import { demoVideo } from './src/shared/company';
import { createApp } from './src/server/app/app';
import { MissingCspHashesError } from './src/server/http/csp-hashes';
import { listen } from './src/server/http/listen';
import { ConfigError, loadConfig, type Config } from './src/server/platform/config';
import { withEnvFile } from './src/server/platform/env-file';
import { createLogger, loggableError } from './src/server/platform/logger';
import { endOfLifeNotice, sdkNodeNoticesOff } from './src/server/platform/node-line';
import { configuredSecrets } from './src/server/platform/secrets';
import { createMailer, mailsSettled } from './src/server/platform/mail';
import { triagesSettled } from './src/server/ai/triage';
import { mailLogo, mailSenderName } from './src/server/site/site-brand';
import { flushAnalytics, unwrittenEvents } from './src/server/analytics/event-buffer';
import { pruneSafely, PRUNE_INTERVAL_MS } from './src/server/maintenance/prune';
import { createMailSender } from './src/server/app/mail-sender';
import { createAnswerPoller } from './src/server/leads/answers/poller';
import { ensureInitialAdmin } from './src/server/identity/users/manage-users';
import { UserError } from './src/server/platform/errors';
import { BUNDLED } from './src/server/platform/bundle';
import { startTracing } from './src/server/operations/tracing';
import { startBackups } from './src/server/backups/schedule';

/** dist/ itself when this runs as dist/server.js, the project root's dist/ under tsx. */
const DIST = BUNDLED
  ? path.dirname(fileURLToPath(import.meta.url))
  : path.join(path.dirname(fileURLToPath(import.meta.url)), 'dist');
/**
 * The built client. CLIENT_DIR (not a user setting) lets the browser tests and the audit serve
 * their own snapshot of a build, so another build in the same working tree cannot change the
 * files under a running test.
 */
const CLIENT_DIR = process.env.CLIENT_DIR
  ? path.resolve(process.env.CLIENT_DIR)
  : path.join(DIST, 'client');

/** Stops the start with one line naming what is wrong (docs/operations.md). */
function fail(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

/**
 * The address to open: loopback and wildcard listen addresses as `localhost`, since passkeys
 * need a domain name and browsers refuse them on an IP address such as 127.0.0.1.
 */
function displayUrl(address: AddressInfo): string {
  const reachedThroughLoopback =
    address.address === '0.0.0.0' ||
    address.address === '::' ||
    address.address === '::1' ||
    address.address.startsWith('127.');
  const host = reachedThroughLoopback
    ? 'localhost'
    : address.family === 'IPv6'
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}`;
}

/** True when the promise settled within ms, false when the time ran out first. */
async function settleWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, ms));
  });
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function start(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(withEnvFile(process.env), demoVideo.embedUrl);
  } catch (error) {
    if (error instanceof ConfigError) fail(`configuration error: ${error.message}`);
    throw error;
  }
  // Every line without the configuration's secrets (an outside service may echo one).
  const logger = createLogger(undefined, configuredSecrets(config));
  // On Node 20 one line of the site's own, not the AWS SDK's nine (docs/decisions/0053); said
  // once the site listens, so that a start that fails still says one line only.
  const oldNode = endOfLifeNotice(process.version);
  sdkNodeNoticesOff(process.env, process.version);
  // Traces only with OTEL_EXPORTER_OTLP_ENDPOINT: the SDK is not even loaded otherwise.
  const { otlpEndpoint, serviceName, shutdownSeconds } = config.operations;
  const tracing = otlpEndpoint ? await startTracing({ endpoint: otlpEndpoint, serviceName }) : null;

  const clock = { now: () => new Date() };
  let db: Db;
  let seeded: number;
  try {
    db = await openDatabase(config.database);
    // Seeding reads the facts table: a file damaged past its header fails here, not later.
    seeded = await seedDemoFacts(db, clock.now());
  } catch (error) {
    fail(
      `${describeDatabase(config.database)} cannot be opened: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  for (const migration of appliedAtOpen(db)) logger.info('db.migrated', { migration });
  if (seeded > 0) logger.info('db.seeded', { facts: seeded });
  try {
    const created = await ensureInitialAdmin(db, config.initialAdmin, clock.now());
    if (created) logger.info('admin.created', { username: created });
  } catch (error) {
    if (error instanceof UserError) fail(`ADMIN_USERNAME/ADMIN_PASSWORD: ${error.message}`);
    if (isDatabaseUnavailable(error)) {
      fail(`${describeDatabase(config.database)} cannot be reached: ${loggableError(error)}`);
    }
    throw error;
  }

  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    senderName: mailSenderName(config, db),
    logo: mailLogo(config, db),
    production: config.production,
    logger,
    secrets: configuredSecrets(config),
  });
  if (!mailer.canDeliver) {
    logger.error('mail.unavailable', {
      message: 'SMTP_URL is not set: users with an e-mail address cannot sign in',
    });
  }
  if (!existsSync(path.join(CLIENT_DIR, 'index.html'))) {
    logger.error('client.missing', {
      message: 'dist/client/index.html not found: run `npm run build` (npm start does it)',
    });
  }

  let app;
  try {
    app = createApp({ db, config, mailer, clock, logger }, { clientDir: CLIENT_DIR });
  } catch (error) {
    if (error instanceof MissingCspHashesError) fail(error.message);
    throw error;
  }
  // Mail (replies, reminders, newsletters) goes out in the background, from every instance, once this one serves.
  const sender = createMailSender({ db, config, mailer, clock, logger });
  // Leads' answers are read from the owner's mailbox when IMAP_URL names one (docs/leads.md).
  const answers = config.imapUrl ? createAnswerPoller({ db, config, clock, logger, mailer }) : null;
  // The first visitor's page is ready before the server says it listens: the renderer is
  // loaded and `/` rendered now, not during that request (docs/performance.md, "Cold start").
  await app.warmUp();
  const server = listen(app.fetch, { hostname: config.host, port: config.port }, (info) => {
    logger.info('server.listening', { message: `listening on ${displayUrl(info)}` });
    if (oldNode) logger.info('node.end_of_life', { message: oldNode });
    // Without a way to deliver (production without SMTP_URL) queued mail waits untouched.
    if (mailer.canDeliver) sender.start();
    answers?.start();
  });
  server.once('error', async (error) => {
    await closeDatabase(db);
    fail(`cannot listen on ${config.host}:${config.port}: ${error.message}`);
  });

  const prune = () => void pruneSafely(db, clock.now(), config, logger);
  const pruneTimer = setInterval(prune, PRUNE_INTERVAL_MS);
  pruneTimer.unref();
  prune();
  // Scheduled, verified backups of the embedded file; marks the file as served (docs/operations.md).
  const backups = startBackups({ db, config, clock, logger, mailer });

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    // Load balancers see /readyz 503 from now on and send new visitors elsewhere.
    app.markStopping();
    logger.info('server.stopping', { signal });
    clearInterval(pruneTimer);
    // No new newsletter mail from now on; the one in hand is finished and recorded.
    const senderStopped = Promise.all([sender.stop(), answers?.stop(), backups.stop()]);
    // Requests still running SHUTDOWN_SECONDS after the signal are cut off.
    const graceMs = shutdownSeconds * 1000;
    const deadline = Date.now() + graceMs;
    const forceTimer = setTimeout(() => server.closeAllConnections(), graceMs);
    forceTimer.unref();
    // close() stops accepting, lets requests in flight finish and drops idle keep-alives.
    server.close(async () => {
      clearTimeout(forceTimer);
      // Notifications and confirmation mails run after their request answered, and the sender
      // may hold a newsletter mail; give them what is left of the grace period rather than
      // drop a mail half way to the SMTP server (a newsletter's would be marked failed). The
      // AI triage of new enquiries also runs after its answer (docs/ai.md): its call is settled
      // in the month's usage before the database closes.
      const settled = await settleWithin(
        Promise.all([mailsSettled(mailer), senderStopped, triagesSettled(db)]),
        deadline - Date.now(),
      );
      if (!settled)
        logger.error('server.mail_abandoned', { message: 'e-mails still being sent were cut off' });
      // Every request has been answered: the analytics events they left in the buffer are
      // written now, the last thing before the database closes.
      try {
        await flushAnalytics(db);
      } catch (error) {
        logger.error('server.analytics_unsaved', {
          events: unwrittenEvents(db),
          error: loggableError(error),
        });
      }
      await closeDatabase(db);
      // The last spans (this shutdown's requests and mail) leave before the exit.
      if (tracing) await settleWithin(tracing.shutdown(), Math.max(1_000, deadline - Date.now()));
      logger.info('server.stopped', {});
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

await start();
