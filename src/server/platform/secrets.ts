import type { Config } from './config';

/**
 * The secrets the configuration holds (docs/operations.md, "Logs"): an outside service's error
 * text (the AI provider, SMTP, a calendar feed) may echo one back, and is logged or stored with
 * each of them removed (`withoutSecrets`). A secret shorter than this is not looked for: it
 * would cut ordinary words out of every line, and guards nothing.
 */
const SHORTEST_SECRET = 6;

const REMOVED = '[secret]';

/** A URL's password, as written and decoded (an error may quote either). */
function urlPassword(raw: string | null): string[] {
  if (!raw || !URL.canParse(raw)) return [];
  const { password } = new URL(raw);
  if (!password) return [];
  let decoded = password;
  try {
    decoded = decodeURIComponent(password);
  } catch {
    // A malformed escape: the written form only.
  }
  return [password, decoded];
}

/** The part of the configuration that holds secrets. */
export type SecretsConfig = Pick<
  Config,
  'ai' | 'smtpUrl' | 'imapUrl' | 'database' | 'sessionSecret' | 'mailWebhookSecret' | 'initialAdmin'
> &
  Partial<Pick<Config, 'backups' | 'stripe'>>;

const cache = new WeakMap<SecretsConfig, readonly string[]>();

/**
 * AI_API_KEY, SMTP_URL's, IMAP_URL's and DATABASE_URL's passwords, DATABASE_AUTH_TOKEN,
 * SESSION_SECRET, MAIL_WEBHOOK_SECRET, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and ADMIN_PASSWORD, each also as JSON writes it inside a
 * string (a log line is JSON), longest first so that no part of one is left by a shorter one.
 */
export function configuredSecrets(config: SecretsConfig): readonly string[] {
  let secrets = cache.get(config);
  if (!secrets) {
    const database = config.database;
    const values = [
      config.ai?.apiKey,
      ...urlPassword(config.smtpUrl),
      ...urlPassword(config.imapUrl),
      ...('url' in database ? [...urlPassword(database.url), database.authToken] : []),
      config.sessionSecret,
      config.mailWebhookSecret,
      config.stripe?.secretKey,
      config.stripe?.webhookSecret,
      // AWS_SECRET_ACCESS_KEY of the backups' bucket (docs/operations.md, "Backups").
      config.backups?.s3?.credentials?.secretAccessKey,
      config.initialAdmin?.password,
    ].filter((value): value is string => !!value && value.length >= SHORTEST_SECRET);
    const written = values.flatMap((value) => [value, JSON.stringify(value).slice(1, -1)]);
    secrets = [...new Set(written)].sort((a, b) => b.length - a.length);
    cache.set(config, secrets);
  }
  return secrets;
}

/** `text` with each of `secrets` replaced by `[secret]`. */
export function withoutSecrets(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) {
    if (result.includes(secret)) result = result.replaceAll(secret, REMOVED);
  }
  return result;
}
