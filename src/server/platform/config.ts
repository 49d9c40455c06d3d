import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import type { DatabaseTarget } from '#db';
import { siteOrigin } from '#shared/site-settings';
import { canonicalTimezone } from '#shared/time-zone';
import { bounceAddressFits, MAX_BOUNCE_LOCAL_PART } from './bounce-address';
import { AI_PROVIDERS, type AiProvider } from '#shared/ai-providers';
import { BackupConfigError, parseBackupConfig, type BackupConfig } from './backup-config';

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
  /** The most newsletter e-mails this instance hands to SMTP in a minute. */
  newsletterRatePerMinute: number;
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
}

export interface OperationsConfig {
  /** METRICS_TOKEN: the bearer token of GET /metrics; null: /metrics answers 404. */
  metricsToken: string | null;
  /** OTEL_EXPORTER_OTLP_ENDPOINT (OTLP over HTTP, without /v1/traces); null: no tracing. */
  otlpEndpoint: string | null;
  /** OTEL_SERVICE_NAME; null: the package's name. */
  serviceName: string | null;
  /** SHUTDOWN_SECONDS: how long a SIGTERM waits for requests and mail in flight. */
  shutdownSeconds: number;
}

export { AI_PROVIDERS, type AiProvider };

export interface AiConfig {
  provider: AiProvider;
  /** AI_BASE_URL; null: the provider's own. */
  baseUrl: string | null;
  /** AI_API_KEY; null: none sent (a local model). Never logged or shown. */
  apiKey: string | null;
  /** AI_MODEL; null: the default named in ai/model.ts for the provider. */
  model: string | null;
}

/** A configuration value that stops the start; its message names the variable. */
export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

/** One @ with something on each side: `no-reply@localhost`, the default, is an address too. */
const EMAIL_RE = /^[^\s@]+@[^\s@]+$/;

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 3000;
  if (!/^\d+$/.test(raw) || Number(raw) > 65535) {
    throw new ConfigError(`PORT must be a number from 0 to 65535, got "${raw}"`);
  }
  return Number(raw);
}

/** Hosts whose SMTP traffic never leaves the machine: plain text is allowed there. */
function isLoopbackHost(hostname: string): boolean {
  return isLoopback(hostname.replace(/^\[(.*)\]$/, '$1'));
}

/**
 * SMTP_URL as the mailer uses it. In production mail to another machine travels under TLS
 * (docs/operations.md, "Mail"): `smtps://` as given; `smtp://` must upgrade by STARTTLS
 * (nodemailer's `requireTLS`), and a server that offers none is refused at the first mail
 * rather than sent the password and the mail in plain text. A query that would turn TLS off
 * (`ignoreTLS`, `requireTLS=false`, `secure=false`) or change its checks (`tls.*`) is dropped. A loopback host (a local relay)
 * is taken as given.
 */
const TLS_OFF_KEYS = new Set(['ignoreTLS', 'requireTLS', 'secure']);

function parseSmtpUrl(raw: string | undefined, production: boolean): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('SMTP_URL must look like smtp://user:pass@host:port');
  }
  if ((url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) {
    throw new ConfigError('SMTP_URL must look like smtp://user:pass@host:port');
  }
  if (!production || isLoopbackHost(url.hostname)) return raw;
  for (const name of [...url.searchParams.keys()]) {
    // nodemailer reads `tls.*` keys as TLS options: `tls.rejectUnauthorized=false` would take
    // the certificate check away and let anyone on the path read the mail.
    if (TLS_OFF_KEYS.has(name) || name.startsWith('tls.')) url.searchParams.delete(name);
  }
  if (url.protocol === 'smtp:') url.searchParams.set('requireTLS', 'true');
  return url.href;
}

/**
 * MAIL_FROM: an address, or a name and an address (`Harbor Lane <dana@example.com>`, the name
 * optionally in double quotes), as a mail program writes a sender.
 */
function parseMailFrom(raw: string | undefined): { address: string; name: string | null } {
  const value = raw?.trim();
  if (!value) return { address: 'no-reply@localhost', name: null };
  const named = /^(.*?)\s*<([^<>]+)>$/u.exec(value);
  if (!named) return { address: parseEmail('MAIL_FROM', value) ?? value, name: null };
  const name = named[1]!.replace(/^"(.*)"$/u, '$1').trim();
  if (/[\p{Cc}]/u.test(name)) throw new ConfigError('MAIL_FROM must be on one line');
  return { address: parseEmail('MAIL_FROM', named[2]!.trim()) ?? '', name: name || null };
}

/** BOUNCE_ADDRESS: an address whose local part leaves room for the longest VERP token. */
function parseBounceAddress(raw: string | undefined): string | null {
  const address = parseEmail('BOUNCE_ADDRESS', raw?.trim());
  if (address && !bounceAddressFits(address)) {
    throw new ConfigError(
      `BOUNCE_ADDRESS's part before the @ may have at most ${MAX_BOUNCE_LOCAL_PART} characters`,
    );
  }
  return address;
}

function parseEmail(name: string, raw: string | undefined): string | null {
  if (!raw) return null;
  if (!EMAIL_RE.test(raw)) throw new ConfigError(`${name} must be an e-mail address`);
  return raw;
}

/** Loopback listen addresses, whose default site address is `localhost`. */
function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));
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

/** A mail a millisecond is past anything an SMTP service takes from one sender. */
const MAX_NEWSLETTER_RATE = 60_000;

function parseNewsletterRate(raw: string | undefined): number {
  const value = raw?.trim();
  if (!value) return 120;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > MAX_NEWSLETTER_RATE) {
    throw new ConfigError(
      `NEWSLETTER_RATE_PER_MINUTE must be a whole number from 1 to ${MAX_NEWSLETTER_RATE}, got "${value}"`,
    );
  }
  return Number(value);
}

function parseImapUrl(raw: string | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  const shape = 'IMAP_URL must look like imaps://user:password@host:993/INBOX';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(shape);
  }
  if ((url.protocol !== 'imaps:' && url.protocol !== 'imap:') || !url.hostname || !url.username) {
    throw new ConfigError(shape);
  }
  return value;
}

function parseImapPollSeconds(raw: string | undefined): number {
  const value = raw?.trim();
  if (!value) return 60;
  if (!/^\d+$/.test(value) || Number(value) < 5 || Number(value) > 86_400) {
    throw new ConfigError(
      `IMAP_POLL_SECONDS must be a whole number from 5 to 86400, got "${value}"`,
    );
  }
  return Number(value);
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

/**
 * AI_PROVIDER and its companions. `openai-compatible` has no address of its own (Ollama, LM
 * Studio, vLLM…), so it needs AI_BASE_URL; the key is taken as given and never put in a message.
 */
function parseAi(env: Env): AiConfig | null {
  const provider = env.AI_PROVIDER?.trim();
  if (!provider) return null;
  if (!(AI_PROVIDERS as readonly string[]).includes(provider)) {
    throw new ConfigError(
      `AI_PROVIDER must be openai-compatible, openai or anthropic, got "${provider}"`,
    );
  }
  const baseUrl = env.AI_BASE_URL?.trim() || null;
  if (baseUrl !== null) {
    const url = URL.canParse(baseUrl) ? new URL(baseUrl) : null;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw new ConfigError('AI_BASE_URL must be an http:// or https:// address');
    }
  } else if (provider === 'openai-compatible') {
    throw new ConfigError(
      'AI_BASE_URL is required with AI_PROVIDER=openai-compatible (for Ollama: http://localhost:11434/v1)',
    );
  }
  const model = env.AI_MODEL?.trim() || null;
  if (model === null && provider === 'openai-compatible') {
    throw new ConfigError('AI_MODEL is required with AI_PROVIDER=openai-compatible');
  }
  return {
    provider: provider as AiProvider,
    baseUrl,
    apiKey: env.AI_API_KEY?.trim() || null,
    model,
  };
}

function parseAiMonthlyTokens(raw: string | undefined): number {
  const value = raw?.trim().replace(/[_,]/g, '');
  if (!value) return 2_000_000;
  if (!/^\d{1,12}$/.test(value) || Number(value) < 1) {
    throw new ConfigError(
      `AI_MONTHLY_TOKENS must be a whole number of tokens, 1 or more, got "${raw?.trim()}"`,
    );
  }
  return Number(value);
}

/** METRICS_TOKEN and the OpenTelemetry and shutdown settings (docs/operations.md). */
function parseOperations(env: Env): OperationsConfig {
  const metricsToken = env.METRICS_TOKEN?.trim() || null;
  // A guessable token would open the counts to anyone who can reach the port.
  if (metricsToken !== null && metricsToken.length < 16) {
    throw new ConfigError('METRICS_TOKEN must be at least 16 characters');
  }
  const otlpEndpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || null;
  if (otlpEndpoint !== null) {
    const url = URL.canParse(otlpEndpoint) ? new URL(otlpEndpoint) : null;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw new ConfigError(
        `OTEL_EXPORTER_OTLP_ENDPOINT must be an http:// or https:// address, got "${otlpEndpoint}"`,
      );
    }
  }
  const seconds = env.SHUTDOWN_SECONDS?.trim();
  if (seconds && (!/^\d{1,4}$/.test(seconds) || Number(seconds) > 3600)) {
    throw new ConfigError(
      `SHUTDOWN_SECONDS must be a whole number of seconds from 0 to 3600, got "${seconds}"`,
    );
  }
  return {
    metricsToken,
    otlpEndpoint,
    serviceName: env.OTEL_SERVICE_NAME?.trim() || null,
    shutdownSeconds: seconds ? Number(seconds) : 10,
  };
}

const LIBSQL_SCHEMES = new Set(['http:', 'https:', 'libsql:']);

/**
 * DATABASE_URL names a libSQL server shared by every instance; unset, DATABASE_PATH names
 * the embedded file (its folder created here). Used by the server and the admin CLI alike.
 */
export function databaseTarget(env: Env): DatabaseTarget {
  const url = env.DATABASE_URL?.trim();
  if (url) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new ConfigError(`DATABASE_URL must be an http://, https:// or libsql:// address`);
    }
    if (!LIBSQL_SCHEMES.has(parsed.protocol) || !parsed.hostname) {
      throw new ConfigError(`DATABASE_URL must be an http://, https:// or libsql:// address`);
    }
    return { url, authToken: env.DATABASE_AUTH_TOKEN || undefined };
  }
  const file = env.DATABASE_PATH || 'data/app.db';
  if (file !== ':memory:') createParentFolder(file);
  return { file };
}

/** The database's folder; a path under a regular file or without permission is a bad value. */
function createParentFolder(databasePath: string): void {
  try {
    mkdirSync(path.dirname(databasePath), { recursive: true });
  } catch (error) {
    throw new ConfigError(
      `DATABASE_PATH "${databasePath}": its folder cannot be created (${fsReason(error)})`,
    );
  }
}

/** The one-line reason of a file system error, e.g. "EEXIST: file already exists, mkdir '/x'". */
function fsReason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Uses SESSION_SECRET when given; otherwise keeps a generated secret next to the database
 * (mode 0600) so sessions survive restarts without anyone having to configure one.
 */
function resolveSessionSecret(raw: string | undefined, database: DatabaseTarget): string {
  if (raw !== undefined && raw !== '') {
    if (raw.length < 32) throw new ConfigError('SESSION_SECRET must be at least 32 characters');
    return raw;
  }
  if ('url' in database) {
    // A secret generated here would differ on every instance: no cookie would work on another.
    throw new ConfigError(
      'SESSION_SECRET is required with DATABASE_URL: every instance must share the same one',
    );
  }
  // Nothing outlives an in-memory database, sessions included.
  if (database.file === ':memory:') return randomBytes(32).toString('hex');
  const file = path.join(path.dirname(database.file), 'session-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  const secret = randomBytes(32).toString('hex');
  try {
    writeFileSync(file, secret + '\n', { mode: 0o600 });
    chmodSync(file, 0o600);
  } catch (error) {
    throw new ConfigError(
      `SESSION_SECRET is unset and "${file}" cannot be written (${fsReason(error)})`,
    );
  }
  return secret;
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
    newsletterRatePerMinute: parseNewsletterRate(env.NEWSLETTER_RATE_PER_MINUTE),
    siteTimezone: parseTimezone(env.SITE_TIMEZONE),
    siteTimezoneFromEnvironment: Boolean(env.SITE_TIMEZONE?.trim()),
    analyticsRetentionDays: parseRetentionDays(env.ANALYTICS_RETENTION_DAYS),
    ai: parseAi(env),
    aiMonthlyTokens: parseAiMonthlyTokens(env.AI_MONTHLY_TOKENS),
    operations: parseOperations(env),
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
