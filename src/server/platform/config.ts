/**
 * The settings the environment gives (docs/operations.md), checked once at the start: a bad
 * value stops it with one line naming the variable (ConfigError).
 */
import { isIP } from 'node:net';
import path from 'node:path';
import type { DatabaseTarget } from '#db';
import { siteOrigin } from '#shared/site-settings';
import { canonicalTimezone } from '#shared/time-zone';
import { BackupConfigError, parseBackupConfig, type BackupConfig } from './backup-config';
import { parseAi, parseAiMonthlyTokens, type AiConfig } from './config-ai';
import { databaseTarget, resolveSessionSecret } from './config-database';
import {
  parseBounceAddress,
  parseImapPollSeconds,
  parseImapUrl,
  parseMailFrom,
  parseNewsletterRate,
  parseSmtpUrl,
} from './config-mail';
import { parseOperations, type OperationsConfig } from './config-operations';
import { parseStripe, type StripeConfig } from './config-stripe';
import { ConfigError, isLoopback, parseEmail, type Env } from './config-values';

// The pieces live beside this file, one file per group of settings; callers import them here.
export { AI_PROVIDERS, type AiConfig, type AiProvider } from './config-ai';
export { databaseTarget } from './config-database';
export type { OperationsConfig } from './config-operations';
export type { StripeApiBase, StripeConfig } from './config-stripe';
export { ConfigError } from './config-values';

export interface Config {
  port: number;
  host: string;
  /** DATABASE_URL's libSQL server, or else DATABASE_PATH's embedded file. */
  database: DatabaseTarget;
  sessionSecret: string;
  smtpUrl: string | null;
  /** MAIL_FROM's address. */
  mailFrom: string;
  /**
   * The sender name MAIL_FROM gave (`Harbor Lane <dana@example.com>`); null: every mail is sent
   * in the company's saved name (docs/operations.md, "Mail").
   */
  mailFromName: string | null;
  contactNotifyTo: string | null;
  /** The owner's mailbox: the Reply-To of replies sent to leads (docs/leads.md). */
  replyTo: string;
  /**
   * The mailbox whose incoming mail is read for leads' answers (`imaps://user:pass@host/INBOX`),
   * credentials included; null: answers are not captured. Never logged.
   */
  imapUrl: string | null;
  /** How often that mailbox is looked at. */
  imapPollSeconds: number;
  /**
   * BOUNCE_ADDRESS: bulk mail's Return-Path is `local+<token>@domain` of it (VERP), so a bounce
   * names its mail (docs/mail.md, "Bounces"). Null: bulk mail returns to MAIL_FROM.
   */
  bounceAddress: string | null;
  /**
   * MAIL_WEBHOOK_SECRET: the mail provider's webhook check (docs/mail.md, "Provider events").
   * Null: `/api/mail/events/*` answer 404. Never logged.
   */
  mailWebhookSecret: string | null;
  production: boolean;
  trustProxy: boolean;
  /**
   * SITE_URL's origin, or the default from the listen address. The address in force is
   * `siteSettings()`'s (server/site-settings/): this one unless SITE_URL is unset and an
   * address was saved in the admin.
   */
  siteUrl: string;
  /** Whether SITE_URL set `siteUrl`: then the admin cannot change the address. */
  siteUrlFromEnvironment: boolean;
  /** Host allowed in the CSP's frame-src, from the configured demo video address. */
  videoFrameHost: string | null;
  initialAdmin: { username: string; password: string; email: string | null } | null;
  /**
   * NEWSLETTER_RATE_PER_MINUTE: the most bulk e-mails (the outbox's bulk rows: newsletters, the
   * welcome sequence's steps) this instance's one outbox sender hands to SMTP in a minute.
   */
  bulkRatePerMinute: number;
  /**
   * SITE_TIMEZONE's IANA zone (`Europe/Paris`), or `UTC`. The zone in force is
   * `siteSettings()`'s, as for `siteUrl`.
   */
  siteTimezone: string;
  /** Whether SITE_TIMEZONE set `siteTimezone`: then the admin cannot change the zone. */
  siteTimezoneFromEnvironment: boolean;
  /** Raw analytics events are kept this many days; daily totals are kept for good. */
  analyticsRetentionDays: number;
  /**
   * AI_PROVIDER and where and what to ask (docs/ai.md); null: every AI feature is off and its
   * paths answer 409. The key is never logged or shown.
   */
  ai: AiConfig | null;
  /** AI_MONTHLY_TOKENS: input plus output tokens all AI features may use in a calendar month. */
  aiMonthlyTokens: number;
  /** BACKUP_*: scheduled, verified backups of the embedded file; null: none configured. */
  backups: BackupConfig | null;
  /** Probes, metrics, traces and the stop (docs/operations.md). */
  operations: OperationsConfig;
  /**
   * STRIPE_*: Checkout for proposal deposits and its webhook (docs/payments.md); null: the
   * deposit is paid by bank transfer and recorded by hand.
   */
  stripe: StripeConfig | null;
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 3000;
  if (!/^\d+$/.test(raw) || Number(raw) > 65535) {
    throw new ConfigError(`PORT must be a number from 0 to 65535, got "${raw}"`);
  }
  return Number(raw);
}

/**
 * SITE_URL's origin (`https://example.com/` and `https://example.com/shop` both give
 * `https://example.com`); unset, the address the server listens on, as `localhost` for a
 * loopback HOST.
 */
function parseSiteUrl(raw: string | undefined, host: string, port: number): string {
  const value = raw?.trim();
  if (!value) {
    const name = isLoopback(host) ? 'localhost' : isIP(host) === 6 ? `[${host}]` : host;
    return new URL(`http://${name}:${port}`).origin;
  }
  const origin = siteOrigin(value);
  if (origin === null) {
    throw new ConfigError(`SITE_URL must be an http:// or https:// address, got "${value}"`);
  }
  return origin;
}

/**
 * An IANA zone name the runtime knows (`Intl` throws a RangeError for any other), in the
 * spelling it gives back (`europe/paris` becomes `Europe/Paris`), so every instance names a
 * day alike.
 */
function parseTimezone(raw: string | undefined): string {
  const value = raw?.trim();
  if (!value) return 'UTC';
  const zone = canonicalTimezone(value);
  if (zone === null) {
    throw new ConfigError(
      `SITE_TIMEZONE must be an IANA time zone such as Europe/Paris or UTC, got "${value}"`,
    );
  }
  return zone;
}

function parseRetentionDays(raw: string | undefined): number {
  const value = raw?.trim();
  if (!value) return 90;
  // Past about 27 centuries the cut-off date stops being a date.
  if (!/^\d{1,6}$/.test(value) || Number(value) < 1) {
    throw new ConfigError(
      `ANALYTICS_RETENTION_DAYS must be a whole number of days, 1 or more, got "${value}"`,
    );
  }
  return Number(value);
}

export function loadConfig(env: Env = process.env, videoUrl: string | null = null): Config {
  const database = databaseTarget(env);
  const production = env.NODE_ENV === 'production';
  if (env.TRUST_PROXY !== undefined && !['', '0', '1'].includes(env.TRUST_PROXY)) {
    throw new ConfigError('TRUST_PROXY must be 1 or unset');
  }
  const adminUsername = env.ADMIN_USERNAME?.trim();
  const adminPassword = env.ADMIN_PASSWORD;
  if (adminUsername && adminPassword !== undefined && adminPassword.length < 12) {
    throw new ConfigError('ADMIN_PASSWORD must be at least 12 characters');
  }
  const port = parsePort(env.PORT);
  const host = env.HOST || '127.0.0.1';
  const siteUrl = parseSiteUrl(env.SITE_URL, host, port);
  const { address: mailFrom, name: mailFromName } = parseMailFrom(env.MAIL_FROM);
  const contactNotifyTo = parseEmail('CONTACT_NOTIFY_TO', env.CONTACT_NOTIFY_TO);
  return {
    port,
    host,
    database,
    sessionSecret: resolveSessionSecret(env.SESSION_SECRET, database),
    smtpUrl: parseSmtpUrl(env.SMTP_URL, production),
    mailFrom,
    mailFromName,
    contactNotifyTo,
    replyTo: parseEmail('REPLY_TO', env.REPLY_TO) ?? contactNotifyTo ?? mailFrom,
    imapUrl: parseImapUrl(env.IMAP_URL),
    imapPollSeconds: parseImapPollSeconds(env.IMAP_POLL_SECONDS),
    bounceAddress: parseBounceAddress(env.BOUNCE_ADDRESS),
    mailWebhookSecret: env.MAIL_WEBHOOK_SECRET?.trim() || null,
    production,
    trustProxy: env.TRUST_PROXY === '1',
    siteUrl,
    siteUrlFromEnvironment: Boolean(env.SITE_URL?.trim()),
    videoFrameHost: videoUrl ? new URL(videoUrl).origin : null,
    initialAdmin:
      adminUsername && adminPassword
        ? {
            username: adminUsername,
            password: adminPassword,
            email: parseEmail('ADMIN_EMAIL', env.ADMIN_EMAIL),
          }
        : null,
    bulkRatePerMinute: parseNewsletterRate(env.NEWSLETTER_RATE_PER_MINUTE),
    siteTimezone: parseTimezone(env.SITE_TIMEZONE),
    siteTimezoneFromEnvironment: Boolean(env.SITE_TIMEZONE?.trim()),
    analyticsRetentionDays: parseRetentionDays(env.ANALYTICS_RETENTION_DAYS),
    ai: parseAi(env),
    aiMonthlyTokens: parseAiMonthlyTokens(env.AI_MONTHLY_TOKENS),
    operations: parseOperations(env),
    stripe: parseStripe(env),
    backups: backupSettings(env, database),
  };
}

function backupSettings(env: Env, database: DatabaseTarget): BackupConfig | null {
  try {
    return parseBackupConfig(env, database, (p) => path.resolve(p));
  } catch (error) {
    if (error instanceof BackupConfigError) throw new ConfigError(error.message);
    throw error;
  }
}
