import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { oneLineDiagnostic } from './diagnostic';

/**
 * The mail providers' event webhooks (docs/deliverability.md, "Provider events"): each body is
 * checked the provider's own way on the raw bytes, and only a body that passed is read, into
 * the same events a delivery report gives. `readProviderEvents` is the one way in, so a bad or
 * missing check can never reach a parser. MAIL_WEBHOOK_SECRET is the secret for each.
 */

/** Bodies over this are refused by the route (413) before any check (the API's body limit). */
export const WEBHOOK_BODY_LIMIT = 65_536;

/** How far a signed timestamp may be from now (Mailgun; Resend's library keeps the same). */
export const WEBHOOK_TOLERANCE_MS = 5 * 60_000;

export type Provider = 'postmark' | 'mailgun' | 'resend';

export type ProviderEvent =
  | { kind: 'hard_bounce' | 'soft_bounce' | 'complaint'; email: string; detail: string }
  | { kind: 'ignored'; reason: string };

export interface WebhookRequest {
  /** The body exactly as it arrived. */
  body: string;
  /** A request header by name (any case), or undefined. */
  header(name: string): string | undefined;
}

export interface WebhookDeps {
  /** MAIL_WEBHOOK_SECRET. */
  secret: string;
  /** Milliseconds since the epoch (the app's clock). */
  now: number;
  /**
   * Records a Mailgun `signature.token` and says whether it was new: true the first time,
   * false ever after (a replay). Keep tokens at least WEBHOOK_TOLERANCE_MS; older ones are
   * refused by their timestamp anyway. Called only for a body whose HMAC is right.
   */
  takeOnce(token: string): Promise<boolean>;
}

function sameSecret(given: string, expected: string): boolean {
  // Hashed first: timingSafeEqual wants equal lengths, and the length is no one's business.
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Postmark: HTTP Basic credentials equal to `user:pass`. */
export function verifyPostmark(authorization: string | undefined, secret: string): boolean {
  const match = /^basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
  if (!match?.[1]) return false;
  return sameSecret(Buffer.from(match[1], 'base64').toString('utf8'), secret);
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

function parseJson(body: string): Record<string, unknown> | null {
  try {
    return record(JSON.parse(body));
  } catch {
    return null;
  }
}

/** Mailgun: hex HMAC-SHA256 of timestamp + token with the signing key, fresh, taken once. */
export async function verifyMailgun(body: string, deps: WebhookDeps): Promise<boolean> {
  const signature = record(parseJson(body)?.signature);
  const timestamp = text(signature?.timestamp);
  const token = text(signature?.token);
  const given = text(signature?.signature);
  if (!/^\d{1,12}$/.test(timestamp) || token === '' || !/^[0-9a-f]{64}$/i.test(given)) return false;
  if (Math.abs(deps.now - Number(timestamp) * 1000) > WEBHOOK_TOLERANCE_MS) return false;
  const expected = createHmac('sha256', deps.secret)
    .update(timestamp + token)
    .digest();
  if (!timingSafeEqual(Buffer.from(given, 'hex'), expected)) return false;
  return deps.takeOnce(token);
}

/**
 * Resend: the Svix signature (svix-id, svix-timestamp, svix-signature) with the whsec_ secret,
 * checked by `standardwebhooks`, loaded with the first such request (docs/operations.md,
 * "Start-up time").
 */
export async function verifyResend(request: WebhookRequest, secret: string): Promise<boolean> {
  const id = request.header('svix-id');
  const timestamp = request.header('svix-timestamp');
  const signature = request.header('svix-signature');
  if (!id || !timestamp || !signature) return false;
  const { Webhook } = await import('standardwebhooks');
  try {
    new Webhook(secret).verify(
      request.body,
      { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signature },
      { jsonParse: false },
    );
    return true;
  } catch {
    // A wrong or stale signature, or a secret that is not a whsec_ key at all.
    return false;
  }
}

function event(
  kind: 'hard_bounce' | 'soft_bounce' | 'complaint',
  email: unknown,
  detail: unknown,
): ProviderEvent {
  const address = text(email).trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(address) || address.length > 254) {
    return { kind: 'ignored', reason: 'no recipient address' };
  }
  return { kind, email: address, detail: oneLineDiagnostic(text(detail)) };
}

const POSTMARK_HARD = new Set(['HardBounce', 'BadEmailAddress']);
const POSTMARK_SOFT = new Set(['SoftBounce', 'Transient', 'DnsError']);

function postmarkEvents(body: Record<string, unknown>): ProviderEvent[] {
  const recordType = text(body.RecordType);
  const type = text(body.Type);
  const detail = text(body.Details) || text(body.Description);
  if (recordType === 'SpamComplaint' || type === 'SpamComplaint') {
    return [event('complaint', body.Email, detail || 'spam complaint')];
  }
  if (recordType !== 'Bounce') return [{ kind: 'ignored', reason: `record type ${recordType}` }];
  if (POSTMARK_HARD.has(type)) return [event('hard_bounce', body.Email, detail)];
  if (POSTMARK_SOFT.has(type)) return [event('soft_bounce', body.Email, detail)];
  // Auto-replies, challenge mails, blocks for the sender's content: not about the address.
  return [{ kind: 'ignored', reason: `bounce type ${type}` }];
}

function mailgunEvents(body: Record<string, unknown>): ProviderEvent[] {
  const data = record(body['event-data']);
  const name = text(data?.event);
  if (name === 'complained') return [event('complaint', data?.recipient, 'spam complaint')];
  if (name !== 'failed') return [{ kind: 'ignored', reason: `event ${name}` }];
  const status = record(data?.['delivery-status']);
  const detail = text(status?.message) || text(status?.description) || text(data?.reason);
  const severity = text(data?.severity);
  if (severity === 'permanent') return [event('hard_bounce', data?.recipient, detail)];
  if (severity === 'temporary') return [event('soft_bounce', data?.recipient, detail)];
  return [{ kind: 'ignored', reason: `severity ${severity}` }];
}

function resendEvents(body: Record<string, unknown>): ProviderEvent[] {
  const type = text(body.type);
  const data = record(body.data);
  const to = Array.isArray(data?.to) ? data.to : [data?.to];
  if (type === 'email.complained')
    return to.map((email) => event('complaint', email, 'spam complaint'));
  if (type !== 'email.bounced') return [{ kind: 'ignored', reason: `event ${type}` }];
  const bounce = record(data?.bounce);
  // Permanent: the address is gone; Transient and Undetermined may pass another time.
  const kind = text(bounce?.type) === 'Permanent' ? 'hard_bounce' : 'soft_bounce';
  const detail = text(bounce?.message) || text(bounce?.subType);
  return to.map((email) => event(kind, email, detail));
}

/**
 * The events in a provider's webhook request, or null when its check fails (answer 401 and
 * change nothing). A body that passed but is not JSON gives one ignored event.
 */
export async function readProviderEvents(
  provider: Provider,
  request: WebhookRequest,
  deps: WebhookDeps,
): Promise<ProviderEvent[] | null> {
  const verified =
    provider === 'postmark'
      ? verifyPostmark(request.header('authorization'), deps.secret)
      : provider === 'mailgun'
        ? await verifyMailgun(request.body, deps)
        : await verifyResend(request, deps.secret);
  if (!verified) return null;
  const body = parseJson(request.body);
  if (!body) return [{ kind: 'ignored', reason: 'not a JSON object' }];
  if (provider === 'postmark') return postmarkEvents(body);
  if (provider === 'mailgun') return mailgunEvents(body);
  return resendEvents(body);
}
