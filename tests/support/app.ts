/**
 * Builders for in-process tests: a whole app on a fresh migrated database (a temporary file,
 * or a libSQL server with TEST_DATABASE=sqld), with a settable clock and a mailer that
 * records what it would send.
 */
import { randomUUID } from 'node:crypto';
import { createApp } from '#server/app/app';
import { sealOutboxWith } from '#server/mail/outbox/outbox-seal';
import type { Config } from '#server/platform/config';
import { buildContext } from '#server/http/context';
import { createMemoryLogger } from './logger';
import { configuredSecrets } from '#server/platform/secrets';
import type { MailMessage, Mailer } from '#server/platform/mail';
import { appRouter } from '#server/app/app-router';
import { createCallerFactory, type AppDeps } from '#server/http/trpc';
import { openTestDatabase, TEST_SESSION_SECRET } from './database';
import { sessionCookie } from './session-cookie';

export interface TestClock {
  now(): Date;
  set(date: Date): void;
  advance(ms: number): void;
}

export function createTestClock(start = new Date('2026-01-15T10:00:00Z')): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (date) => {
      current = date.getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

export interface RecordingMailer extends Mailer {
  sent: MailMessage[];
  failNext: boolean;
}

export function createRecordingMailer(): RecordingMailer {
  const mailer: RecordingMailer = {
    canDeliver: true,
    sent: [],
    failNext: false,
    async send(message) {
      if (mailer.failNext) {
        mailer.failNext = false;
        throw new Error('SMTP connection refused');
      }
      mailer.sent.push(message);
      // As nodemailer answers: the mail's own Message-ID, else one it made.
      return message.messageId ?? `<${randomUUID()}@example.com>`;
    },
  };
  return mailer;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    database: { file: 'unused-in-process.db' },
    sessionSecret: TEST_SESSION_SECRET,
    smtpUrl: null,
    mailFrom: 'no-reply@example.com',
    mailFromName: null,
    contactNotifyTo: null,
    replyTo: 'owner@example.com',
    imapUrl: null,
    imapPollSeconds: 60,
    bounceAddress: null,
    mailWebhookSecret: null,
    production: false,
    trustProxy: false,
    // The address app.request() sends to, as a browser on the site would name it.
    siteUrl: 'http://localhost',
    siteUrlFromEnvironment: false,
    videoFrameHost: null,
    initialAdmin: null,
    bulkRatePerMinute: 120,
    siteTimezone: 'UTC',
    siteTimezoneFromEnvironment: false,
    analyticsRetentionDays: 90,
    ai: null,
    aiMonthlyTokens: 2_000_000,
    operations: { metricsToken: null, otlpEndpoint: null, serviceName: null, shutdownSeconds: 10 },
    backups: null,
    stripe: null,
    ...overrides,
  };
}

export type TestDeps = AppDeps & {
  clock: TestClock;
  mailer: Mailer;
  logger: ReturnType<typeof createMemoryLogger>;
};

export async function createTestDeps(overrides: Partial<AppDeps> = {}): Promise<TestDeps> {
  const config = overrides.config ?? testConfig();
  const deps = {
    db: overrides.db ?? (await openTestDatabase()).db,
    config,
    mailer: createRecordingMailer(),
    clock: createTestClock(),
    logger: createMemoryLogger(configuredSecrets(config)),
    ...overrides,
  } as TestDeps;
  // As createApp does: the outbox seals with the configuration's SESSION_SECRET (docs/mail.md).
  sealOutboxWith(deps.db, config.sessionSecret);
  return deps;
}

export async function createTestApp(overrides: Partial<AppDeps> = {}) {
  const deps = await createTestDeps(overrides);
  return { deps, app: createApp(deps) };
}

const createCaller = createCallerFactory(appRouter);

/** A tRPC caller as a request with these headers (cookie, origin) from this address would get. */
export function callerFor(
  deps: AppDeps,
  opts: { cookie?: string; ip?: string; headers?: Record<string, string> } = {},
) {
  const headers = new Headers(opts.headers);
  if (opts.cookie) headers.set('cookie', opts.cookie);
  const ctx = buildContext(deps, { headers, ip: opts.ip ?? '203.0.113.7' });
  return { caller: createCaller(ctx), ctx };
}

/** sessionCookie() in the app's database, as the Cookie header's value. */
export async function signedInCookie(deps: AppDeps, username = 'admin'): Promise<string> {
  const { name, value } = await sessionCookie(
    {
      db: deps.db,
      now: deps.clock.now(),
      sessionSecret: deps.config.sessionSecret,
      production: deps.config.production,
    },
    username,
  );
  return `${name}=${value}`;
}

export async function adminCaller(deps: AppDeps) {
  return callerFor(deps, { cookie: await signedInCookie(deps) }).caller;
}

export type Caller = ReturnType<typeof createCaller>;

/** A fresh app's procedures, as a signed-in administrator and as a visitor without a session. */
export async function procedureCallers() {
  const deps = await createTestDeps();
  return { deps, admin: await adminCaller(deps), anonymous: callerFor(deps).caller };
}
