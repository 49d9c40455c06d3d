import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'config-'));
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

const base = () => ({ DATABASE_PATH: path.join(dir, 'data', 'app.db') });

function errorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig({ ...base(), ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig(base());
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      smtpUrl: null,
      mailFrom: 'no-reply@localhost',
      mailFromName: null,
      contactNotifyTo: null,
      replyTo: 'no-reply@localhost',
      imapUrl: null,
      imapPollSeconds: 60,
      production: false,
      trustProxy: false,
      siteUrl: 'http://localhost:3000',
      initialAdmin: null,
      bulkRatePerMinute: 120,
      siteTimezone: 'UTC',
      analyticsRetentionDays: 90,
    });
  });

  it.each([
    ['America/New_York', 'America/New_York'],
    [' Europe/Paris ', 'Europe/Paris'],
    ['europe/paris', 'Europe/Paris'],
    // Node 20's ICU reads these as Asia/Calcutta and Europe/Kiev: kept as given.
    ['Asia/Kolkata', 'Asia/Kolkata'],
    ['Europe/Kyiv', 'Europe/Kyiv'],
    // Typed in one case, such a name takes IANA's capitals all the same.
    ['asia/kolkata', 'Asia/Kolkata'],
    ['EUROPE/KYIV', 'Europe/Kyiv'],
    ['america/port-au-prince', 'America/Port-au-Prince'],
    ['Etc/UTC', 'Etc/UTC'],
    ['UTC', 'UTC'],
    ['', 'UTC'],
  ])('takes SITE_TIMEZONE %j as %s', (value, zone) => {
    expect(loadConfig({ ...base(), SITE_TIMEZONE: value }).siteTimezone).toBe(zone);
  });

  it.each([
    ['1', 1],
    [' 30 ', 30],
    ['3650', 3650],
  ])('takes ANALYTICS_RETENTION_DAYS %j as %i', (value, days) => {
    expect(loadConfig({ ...base(), ANALYTICS_RETENTION_DAYS: value }).analyticsRetentionDays).toBe(
      days,
    );
  });

  it.each([
    ['1', 1],
    [' 600 ', 600],
    ['60000', 60_000],
  ])('takes NEWSLETTER_RATE_PER_MINUTE %j as %i', (value, rate) => {
    expect(loadConfig({ ...base(), NEWSLETTER_RATE_PER_MINUTE: value }).bulkRatePerMinute).toBe(
      rate,
    );
  });

  it.each([
    [{}, 'http://localhost:3000'],
    [{ PORT: '8080', HOST: '127.0.0.1' }, 'http://localhost:8080'],
    [{ HOST: '127.0.1.1' }, 'http://localhost:3000'],
    [{ HOST: '::1' }, 'http://localhost:3000'],
    [{ HOST: 'localhost' }, 'http://localhost:3000'],
    [{ HOST: '0.0.0.0' }, 'http://0.0.0.0:3000'],
    [{ HOST: '192.0.2.10', PORT: '80' }, 'http://192.0.2.10'],
    [{ HOST: '2001:db8::1', PORT: '8080' }, 'http://[2001:db8::1]:8080'],
    [{ HOST: 'site.internal' }, 'http://site.internal:3000'],
  ])('defaults SITE_URL from HOST and PORT: %j gives %s', (env, siteUrl) => {
    expect(loadConfig({ ...base(), ...env }).siteUrl).toBe(siteUrl);
  });

  it.each([
    ['https://example.com', 'https://example.com'],
    ['https://example.com/', 'https://example.com'],
    ['https://Example.COM:443/', 'https://example.com'],
    ['http://example.com:8080/shop/?q=1', 'http://example.com:8080'],
    [' https://example.com ', 'https://example.com'],
  ])('keeps only the origin of SITE_URL %j', (value, siteUrl) => {
    expect(loadConfig({ ...base(), SITE_URL: value }).siteUrl).toBe(siteUrl);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: '-1' }, 'PORT'],
    [{ SESSION_SECRET: 'too short' }, 'SESSION_SECRET'],
    [{ SMTP_URL: 'not a url' }, 'SMTP_URL'],
    [{ SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL'],
    [{ MAIL_FROM: 'nobody' }, 'MAIL_FROM'],
    [{ MAIL_FROM: 'Harbor Lane <nobody>' }, 'MAIL_FROM'],
    [{ CONTACT_NOTIFY_TO: 'x@' }, 'CONTACT_NOTIFY_TO'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ REPLY_TO: 'inbox' }, 'REPLY_TO'],
    [{ IMAP_URL: 'https://imap.example.com' }, 'IMAP_URL'],
    [{ IMAP_URL: 'imaps://imap.example.com/INBOX' }, 'IMAP_URL'],
    [{ IMAP_URL: 'not a url' }, 'IMAP_URL'],
    [{ IMAP_POLL_SECONDS: '4' }, 'IMAP_POLL_SECONDS'],
    [{ IMAP_POLL_SECONDS: 'often' }, 'IMAP_POLL_SECONDS'],
    [{ BOUNCE_ADDRESS: 'bounces' }, 'BOUNCE_ADDRESS'],
    [{ BOUNCE_ADDRESS: `${'b'.repeat(36)}@example.com` }, 'BOUNCE_ADDRESS'],
    [{ SITE_URL: 'example.com' }, 'SITE_URL'],
    [{ SITE_URL: 'ftp://example.com' }, 'SITE_URL'],
    [{ SITE_URL: 'https://' }, 'SITE_URL'],
    [{ SITE_URL: 'not a url' }, 'SITE_URL'],
    [{ ADMIN_USERNAME: 'root', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ DATABASE_URL: 'not a url', SESSION_SECRET: 's'.repeat(40) }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'file:app.db', SESSION_SECRET: 's'.repeat(40) }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'postgres://db.example.com', SESSION_SECRET: 's'.repeat(40) }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'http://127.0.0.1:8080' }, 'SESSION_SECRET'],
    [{ NEWSLETTER_RATE_PER_MINUTE: '0' }, 'NEWSLETTER_RATE_PER_MINUTE'],
    [{ NEWSLETTER_RATE_PER_MINUTE: '2.5' }, 'NEWSLETTER_RATE_PER_MINUTE'],
    [{ NEWSLETTER_RATE_PER_MINUTE: 'fast' }, 'NEWSLETTER_RATE_PER_MINUTE'],
    [{ NEWSLETTER_RATE_PER_MINUTE: '60001' }, 'NEWSLETTER_RATE_PER_MINUTE'],
    [{ SITE_TIMEZONE: 'Mars/Olympus_Mons' }, 'SITE_TIMEZONE'],
    [{ SITE_TIMEZONE: 'Europe/Nowhere' }, 'SITE_TIMEZONE'],
    [{ ANALYTICS_RETENTION_DAYS: '0' }, 'ANALYTICS_RETENTION_DAYS'],
    [{ ANALYTICS_RETENTION_DAYS: '1.5' }, 'ANALYTICS_RETENTION_DAYS'],
    [{ ANALYTICS_RETENTION_DAYS: '-3' }, 'ANALYTICS_RETENTION_DAYS'],
    [{ ANALYTICS_RETENTION_DAYS: 'forever' }, 'ANALYTICS_RETENTION_DAYS'],
    [{ AI_PROVIDER: 'ollama' }, 'AI_PROVIDER'],
    [{ AI_PROVIDER: 'OpenAI' }, 'AI_PROVIDER'],
    [{ AI_PROVIDER: 'openai-compatible', AI_MODEL: 'llama3.2' }, 'AI_BASE_URL'],
    [{ AI_PROVIDER: 'openai', AI_BASE_URL: 'localhost:11434' }, 'AI_BASE_URL'],
    [{ AI_PROVIDER: 'openai', AI_BASE_URL: 'ftp://example.com' }, 'AI_BASE_URL'],
    [{ AI_PROVIDER: 'openai-compatible', AI_BASE_URL: 'http://localhost:11434/v1' }, 'AI_MODEL'],
    [{ AI_MONTHLY_TOKENS: '0' }, 'AI_MONTHLY_TOKENS'],
    [{ AI_MONTHLY_TOKENS: '-5' }, 'AI_MONTHLY_TOKENS'],
    [{ AI_MONTHLY_TOKENS: '1.5' }, 'AI_MONTHLY_TOKENS'],
    [{ AI_MONTHLY_TOKENS: 'lots' }, 'AI_MONTHLY_TOKENS'],
  ])('refuses %j with a one-line message naming %s', (env, variable) => {
    const error = errorOf(env);
    expect(error.message.startsWith(variable)).toBe(true);
    expect(error.message).not.toContain('\n');
  });

  it('AI is off without AI_PROVIDER, with a 2,000,000-token month by default', () => {
    const config = loadConfig({ ...base(), AI_API_KEY: 'sk-unused', AI_MODEL: 'x' });
    expect(config.ai).toBeNull();
    expect(config.aiMonthlyTokens).toBe(2_000_000);
  });

  it('takes AI_PROVIDER with its address, key, model and monthly tokens', () => {
    const ollama = loadConfig({
      ...base(),
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: 'http://localhost:11434/v1',
      AI_MODEL: 'llama3.2',
      AI_MONTHLY_TOKENS: '500_000',
    });
    expect(ollama.ai).toEqual({
      provider: 'openai-compatible',
      baseUrl: 'http://localhost:11434/v1',
      apiKey: null,
      model: 'llama3.2',
    });
    expect(ollama.aiMonthlyTokens).toBe(500_000);
    const anthropic = loadConfig({ ...base(), AI_PROVIDER: 'anthropic', AI_API_KEY: ' sk-ant ' });
    expect(anthropic.ai).toEqual({
      provider: 'anthropic',
      baseUrl: null,
      apiKey: 'sk-ant',
      model: null,
    });
  });

  it('never puts AI_API_KEY in a start error', () => {
    const error = errorOf({ AI_PROVIDER: 'openai', AI_API_KEY: 'sk-secret-key', AI_BASE_URL: 'x' });
    expect(error.message).not.toContain('sk-secret-key');
  });

  it('MAIL_FROM may name the sender, as a mail program writes it, quoted or not', () => {
    const from = (MAIL_FROM: string) => {
      const { mailFrom, mailFromName, replyTo } = loadConfig({ ...base(), MAIL_FROM });
      return { mailFrom, mailFromName, replyTo };
    };
    expect(from('Harbor Lane <dana@harbor.example>')).toEqual({
      mailFrom: 'dana@harbor.example',
      mailFromName: 'Harbor Lane',
      replyTo: 'dana@harbor.example',
    });
    expect(from('"Lane, Harbor" <dana@harbor.example>').mailFromName).toBe('Lane, Harbor');
    expect(from('<dana@harbor.example>')).toMatchObject({ mailFromName: null });
    expect(from(' dana@harbor.example ').mailFrom).toBe('dana@harbor.example');
  });

  it('REPLY_TO falls back to CONTACT_NOTIFY_TO, then MAIL_FROM; IMAP_URL keeps its credentials', () => {
    const notify = { CONTACT_NOTIFY_TO: 'dana@example.com', MAIL_FROM: 'site@example.com' };
    expect(loadConfig({ ...base(), ...notify }).replyTo).toBe('dana@example.com');
    expect(loadConfig({ ...base(), MAIL_FROM: 'site@example.com' }).replyTo).toBe(
      'site@example.com',
    );
    expect(loadConfig({ ...base(), ...notify, REPLY_TO: 'inbox@example.com' }).replyTo).toBe(
      'inbox@example.com',
    );
    const imap = loadConfig({
      ...base(),
      IMAP_URL: 'imaps://dana%40example.com:app%20pw@imap.example.com:993/INBOX',
      IMAP_POLL_SECONDS: '5',
    });
    expect(imap.imapUrl).toBe('imaps://dana%40example.com:app%20pw@imap.example.com:993/INBOX');
    expect(imap.imapPollSeconds).toBe(5);
  });

  it('BOUNCE_ADDRESS and MAIL_WEBHOOK_SECRET are off unless set', () => {
    expect(loadConfig(base())).toMatchObject({ bounceAddress: null, mailWebhookSecret: null });
    const set = loadConfig({
      ...base(),
      BOUNCE_ADDRESS: ' bounces@acme.example ',
      MAIL_WEBHOOK_SECRET: 'whsec_c2VjcmV0',
    });
    expect(set).toMatchObject({
      bounceAddress: 'bounces@acme.example',
      mailWebhookSecret: 'whsec_c2VjcmV0',
    });
  });

  it.each([
    ['smtp://u:p@mail.example.com:587', 'smtp://u:p@mail.example.com:587?requireTLS=true'],
    [
      'smtp://u:p@mail.example.com:587/?ignoreTLS=true&requireTLS=false&secure=false',
      'smtp://u:p@mail.example.com:587/?requireTLS=true',
    ],
    ['smtps://u:p@mail.example.com:465?secure=false', 'smtps://u:p@mail.example.com:465'],
    // nodemailer's TLS options in the query: no way to drop the certificate check.
    [
      'smtps://u:p@mail.example.com:465?tls.rejectUnauthorized=false&pool=true',
      'smtps://u:p@mail.example.com:465?pool=true',
    ],
    [
      'smtp://u:p@mail.example.com:587?tls.rejectUnauthorized=false',
      'smtp://u:p@mail.example.com:587?requireTLS=true',
    ],
    ['smtps://u:p@mail.example.com:465', 'smtps://u:p@mail.example.com:465'],
    // A relay on this machine: the mail never crosses a network.
    ['smtp://127.0.0.1:25', 'smtp://127.0.0.1:25'],
    ['smtp://localhost:25?ignoreTLS=true', 'smtp://localhost:25?ignoreTLS=true'],
    ['smtp://[::1]:25', 'smtp://[::1]:25'],
  ])('in production requires TLS of SMTP_URL %j unless on loopback: %j', (value, inForce) => {
    const env = { ...base(), NODE_ENV: 'production', SMTP_URL: value };
    expect(loadConfig(env).smtpUrl).toBe(inForce);
    // Outside production a plain test server is fine.
    expect(loadConfig({ ...env, NODE_ENV: 'development' }).smtpUrl).toBe(value);
  });

  it('accepts PORT=0, smtp and smtps URLs and the admin variables', () => {
    const config = loadConfig({
      ...base(),
      PORT: '0',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      ADMIN_USERNAME: 'root',
      ADMIN_PASSWORD: 'a good long password',
      ADMIN_EMAIL: 'root@example.com',
      NODE_ENV: 'production',
      TRUST_PROXY: '1',
    });
    expect(config.port).toBe(0);
    expect(config.smtpUrl).toBe('smtps://user:pass@mail.example.com:465');
    expect(config.initialAdmin).toEqual({
      username: 'root',
      password: 'a good long password',
      email: 'root@example.com',
    });
    expect(config.production).toBe(true);
    expect(config.trustProxy).toBe(true);
  });

  it('accepts the default sender written out, as .env.example lists it', () => {
    expect(loadConfig({ ...base(), MAIL_FROM: 'no-reply@localhost' }).mailFrom).toBe(
      'no-reply@localhost',
    );
  });

  it('generates a session secret once, mode 0600, and reuses it', () => {
    const first = loadConfig(base());
    const file = path.join(dir, 'data', 'session-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.sessionSecret);
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig(base()).sessionSecret).toBe(first.sessionSecret);
  });

  it('prefers SESSION_SECRET and writes no file then', () => {
    const secret = 's'.repeat(40);
    expect(loadConfig({ ...base(), SESSION_SECRET: secret }).sessionSecret).toBe(secret);
    expect(() => statSync(path.join(dir, 'data', 'session-secret'))).toThrow();
  });

  it('uses DATABASE_PATH (its folder created) unless DATABASE_URL names a libSQL server', () => {
    const file = path.join(dir, 'data', 'app.db');
    expect(loadConfig(base()).database).toEqual({ file });
    expect(statSync(path.join(dir, 'data')).isDirectory()).toBe(true);

    const secret = { SESSION_SECRET: 's'.repeat(40) };
    for (const url of [
      'http://127.0.0.1:8080',
      'https://db.example.com',
      'libsql://db.example.com',
    ]) {
      expect(loadConfig({ ...base(), ...secret, DATABASE_URL: url }).database).toEqual({ url });
    }
    expect(
      loadConfig({
        ...secret,
        DATABASE_URL: ' libsql://db.example.com ',
        DATABASE_AUTH_TOKEN: 'tok',
      }).database,
    ).toEqual({ url: 'libsql://db.example.com', authToken: 'tok' });
    // An empty DATABASE_URL is unset: the embedded file again.
    expect(loadConfig({ ...base(), DATABASE_URL: '' }).database).toEqual({ file });
  });

  it('with DATABASE_URL creates no folder and no secret file: every instance shares SESSION_SECRET', () => {
    const secret = 's'.repeat(40);
    const config = loadConfig({
      ...base(),
      DATABASE_URL: 'http://127.0.0.1:8080',
      SESSION_SECRET: secret,
    });
    expect(config.sessionSecret).toBe(secret);
    expect(() => statSync(path.join(dir, 'data'))).toThrow();
  });

  it('names DATABASE_PATH when its folder cannot be created', () => {
    const blocker = path.join(dir, 'a-file');
    writeFileSync(blocker, '');
    const error = errorOf({ DATABASE_PATH: path.join(blocker, 'app.db') });
    expect(error.message.startsWith('DATABASE_PATH')).toBe(true);
    expect(error.message).not.toContain('\n');
  });
});
