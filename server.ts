/**
 * The production entry: configuration -> database (migrations, demo facts, first admin) ->
 * app -> warm-up (the home page rendered once) -> listen -> the background work (the one
 * outbox sender, the mailbox's answers, housekeeping, backups).
 * Each part that starts work registers how it stops where it starts (platform/shutdown.ts,
 * docs/decisions/0054): SIGTERM/SIGINT stop taking work, finish requests in flight (and the
 * mail in hand), then close the database cleanly.
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
import { startBackgroundWork } from './src/server/app/background';
import { MissingCspHashesError } from './src/server/http/csp-hashes';
import { listen, registerServerStop } from './src/server/http/listen';
import { ConfigError, loadConfig, type Config } from './src/server/platform/config';
import { withEnvFile } from './src/server/platform/env-file';
import { createLogger, loggableError } from './src/server/platform/logger';
import { endOfLifeNotice, sdkNodeNoticesOff } from './src/server/platform/node-line';
import { configuredSecrets } from './src/server/platform/secrets';
import { createMailer, mailsSettled } from './src/server/platform/mail';
import { createShutdown, stopOnSignals } from './src/server/platform/shutdown';
import { mailLogo, mailSenderName } from './src/server/site/site-brand';
import { ensureInitialAdmin } from './src/server/identity/users/manage-users';
import { UserError } from './src/server/platform/errors';
import { BUNDLED } from './src/server/platform/bundle';
import { startTracing } from './src/server/operations/tracing';

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
  const { otlpEndpoint, serviceName, shutdownSeconds } = config.operations;
  const shutdown = createShutdown({ seconds: shutdownSeconds, logger });
  // Traces only with OTEL_EXPORTER_OTLP_ENDPOINT: the SDK is not even loaded otherwise. The
  // last spans (the stop's requests and mail) leave before the exit.
  if (otlpEndpoint) {
    const tracing = await startTracing({ endpoint: otlpEndpoint, serviceName });
    shutdown.registerCleanupTask('traces', () => tracing.shutdown(), {
      share: 1,
      atLeastMs: 1_000,
    });
  }

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
  // Closed after every other task of the stop: no -wal file is left.
  shutdown.registerCleanupTask('database', () => closeDatabase(db), {
    share: 1,
    atLeastMs: 1_000,
    last: true,
  });
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
  // Mail that left with the last requests (or the sender's) reaches the SMTP server rather than
  // being dropped half way.
  shutdown.registerCleanupTask('mail on its way', () => mailsSettled(mailer));
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
    app = createApp({ db, config, mailer, clock, logger }, { clientDir: CLIENT_DIR, shutdown });
  } catch (error) {
    if (error instanceof MissingCspHashesError) fail(error.message);
    throw error;
  }
  // The first visitor's page is ready before the server says it listens: the renderer is
  // loaded and `/` rendered now, not during that request (docs/performance.md, "Cold start").
  await app.warmUp();
  const deps = { db, config, mailer, clock, logger };
  const server = listen(app.fetch, { hostname: config.host, port: config.port }, (info) => {
    logger.info('server.listening', { message: `listening on ${displayUrl(info)}` });
    if (oldNode) logger.info('node.end_of_life', { message: oldNode });
    startBackgroundWork(deps, shutdown);
  });
  registerServerStop(server, shutdown);
  server.once('error', async (error) => {
    await closeDatabase(db);
    fail(`cannot listen on ${config.host}:${config.port}: ${error.message}`);
  });
  stopOnSignals(shutdown, (code) => process.exit(code));
}

await start();
