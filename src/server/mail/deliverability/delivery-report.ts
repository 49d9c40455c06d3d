import type { Headers } from '@zone-eu/mailsplit';
import {
  ENHANCED_STATUS,
  enhancedStatus,
  oneLineDiagnostic,
  type BouncedRecipient,
} from './diagnostic';
import { headersOf, splitMessage, type MimePart } from './mime-parts';
import { addressesIn, readVerp } from './verp';

/**
 * What a mail read from the mailbox says about delivery (docs/deliverability.md, "Reports"):
 * an RFC 3464 delivery report (a bounce), an RFC 5965 feedback report (a complaint), a report
 * that cannot be read, or an ordinary mail. Only a `multipart/report` is ever a report: a
 * person's answer, whatever its words, is `other`.
 */

/**
 * `verp`: the outbox id the VERP address it came to names; when set, it says whom.
 * `messageId`: the quoted original's Message-ID (no `<>`), the other proof of a mail the site
 * sent (docs/mail.md, "Whom it is about").
 */
export type DeliveryReport =
  | {
      kind: 'bounce';
      recipients: BouncedRecipient[];
      verp: number | null;
      messageId: string | null;
    }
  /** `email` or `verp` (from the quoted original's Return-Path) is set, often both. */
  | {
      kind: 'complaint';
      email: string | null;
      feedbackType: string;
      verp: number | null;
      messageId: string | null;
    }
  /** A report read whole that asks for nothing: delivered, relayed, a not-spam verdict. */
  | { kind: 'ignored'; reason: string }
  | { kind: 'unreadable'; reason: string }
  | { kind: 'other' };

/** How the VERP address a report came to is checked (mail/deliverability/verp.ts). */
export interface VerpCheck {
  bounceAddress: string;
  key: Buffer;
}

const DELIVERY_STATUS = new Set(['message/delivery-status', 'message/global-delivery-status']);
const ORIGINAL = new Set([
  'message/rfc822',
  'message/global',
  'text/rfc822-headers',
  'message/global-headers',
]);
/** Feedback types that are someone saying "this is unwanted" (RFC 5965 3.1, RFC 6650). */
const COMPLAINTS = new Set(['abuse', 'fraud', 'virus', 'other']);
/** Headers that name the address a report was delivered to. */
const DELIVERED_TO = ['to', 'delivered-to', 'x-original-to', 'envelope-to'];

/** `rfc822; <Someone@Example.com>` → `someone@example.com`; null when no address is there. */
function recipientField(value: string): string | null {
  const address = value.includes(';') ? value.slice(value.indexOf(';') + 1) : value;
  const found = addressesIn(address);
  return found.length === 1 && found[0] ? found[0].toLowerCase() : null;
}

/** Every address in the named headers (their lines carry the name: `To: …`). */
function headerAddresses(headers: Headers | null, name: string): string[] {
  return (headers?.get(name) ?? []).flatMap((line) => addressesIn(line.replace(/^[^:]*:/, '')));
}

function onlyAddress(addresses: string[]): string | null {
  const found = [...new Set(addresses.map((a) => a.toLowerCase()))];
  return found.length === 1 && found[0] ? found[0] : null;
}

function verpOf(addresses: string[], check: VerpCheck | undefined): number | null {
  if (!check) return null;
  for (const address of addresses) {
    const id = readVerp(address, check.bounceAddress, check.key);
    if (id !== null) return id;
  }
  return null;
}

function fieldGroups(part: MimePart): Headers[] {
  return part.body
    .toString('utf8')
    .split(/\r?\n[ \t]*\r?\n/)
    .filter((group) => group.trim() !== '')
    .map((group) => headersOf(group));
}

function readRecipient(group: Headers, fallback: string | null): BouncedRecipient | 'skip' {
  const action =
    group
      .getFirst('action')
      .toLowerCase()
      .split(/[\s(;]/)[0] ?? '';
  const diagnosticCode = group.getFirst('diagnostic-code');
  const diagnosticText = diagnosticCode.replace(/^[\w-]+\s*;/, '');
  const given =
    ENHANCED_STATUS.exec(group.getFirst('status'))?.[0] ?? enhancedStatus(diagnosticText);
  // RFC 3464 2.3.3: only `failed` and `delayed` are failures; a report for mail that went
  // through (delivered, relayed, expanded) asks for nothing.
  const failed = action === 'failed' || (action === '' && given?.startsWith('5') === true);
  const delayed = action === 'delayed' || (action === '' && given?.startsWith('4') === true);
  if (!failed && !delayed) return 'skip';
  const status = given ?? (failed ? '5.0.0' : '4.0.0');
  const email =
    recipientField(group.getFirst('final-recipient')) ??
    recipientField(group.getFirst('original-recipient')) ??
    fallback;
  return {
    email,
    status,
    hard: failed && status.startsWith('5'),
    diagnostic: oneLineDiagnostic(diagnosticText),
  };
}

function originalHeaders(parts: MimePart[]): Headers | null {
  const original = parts.find((part) => ORIGINAL.has(part.contentType));
  return original ? headersOf(original.body) : null;
}

/** The quoted original's Message-ID, without `<>`, or null. */
function originalMessageId(parts: MimePart[]): string | null {
  const value = originalHeaders(parts)?.getFirst('message-id').trim() ?? '';
  const id = /^<?([^<>\s]+@[^<>\s]+)>?$/.exec(value)?.[1];
  return id ?? null;
}

function readBounce(headers: Headers, parts: MimePart[], verp: number | null): DeliveryReport {
  const status = parts.find((part) => DELIVERY_STATUS.has(part.contentType));
  if (!status) return { kind: 'unreadable', reason: 'no delivery-status part' };
  const groups = fieldGroups(status).filter(
    (group) =>
      group.hasHeader('action') ||
      group.hasHeader('final-recipient') ||
      group.hasHeader('original-recipient'),
  );
  if (groups.length === 0)
    return { kind: 'unreadable', reason: 'the delivery status names no recipient' };
  // A recipient the status fields leave out: the one the server says failed, else the one
  // the original was addressed to, each only when there is exactly one.
  const fallback =
    onlyAddress(headerAddresses(headers, 'x-failed-recipients')) ??
    onlyAddress(headerAddresses(originalHeaders(parts), 'to'));
  const messageId = originalMessageId(parts);
  const recipients: BouncedRecipient[] = [];
  for (const group of groups) {
    const recipient = readRecipient(group, fallback);
    if (recipient === 'skip') continue;
    // The mail its VERP token or quoted Message-ID names may still say whom.
    if (recipient.email === null && verp === null && messageId === null) {
      return { kind: 'unreadable', reason: 'a failed recipient without an address' };
    }
    recipients.push(recipient);
  }
  if (recipients.length === 0) return { kind: 'ignored', reason: 'no recipient failed' };
  return { kind: 'bounce', recipients, verp, messageId };
}

function readComplaint(
  parts: MimePart[],
  verp: number | null,
  check: VerpCheck | undefined,
): DeliveryReport {
  const feedback = parts.find((part) => part.contentType === 'message/feedback-report');
  if (!feedback) return { kind: 'unreadable', reason: 'no feedback-report part' };
  const fields = headersOf(feedback.body);
  const feedbackType = fields.getFirst('feedback-type').toLowerCase();
  if (!feedbackType) return { kind: 'unreadable', reason: 'no Feedback-Type' };
  if (!COMPLAINTS.has(feedbackType)) {
    return { kind: 'ignored', reason: `feedback type ${feedbackType}` };
  }
  const original = originalHeaders(parts);
  // Feedback loops often redact the recipient; the quoted original's Return-Path still
  // carries the VERP token the mail went out with.
  const id = verp ?? verpOf(headerAddresses(original, 'return-path'), check);
  const email =
    recipientField(fields.getFirst('original-rcpt-to')) ??
    onlyAddress(headerAddresses(original, 'to'));
  const messageId = originalMessageId(parts);
  if (email === null && id === null && messageId === null) {
    return { kind: 'unreadable', reason: 'the complaint names no recipient' };
  }
  return { kind: 'complaint', email, feedbackType, verp: id, messageId };
}

/** Reads a raw mail (as IMAP gives it) as a delivery report, a complaint, or neither. */
export async function readDeliveryReport(raw: Buffer, check?: VerpCheck): Promise<DeliveryReport> {
  let message;
  try {
    message = await splitMessage(raw);
  } catch (error) {
    // Malformed MIME is only an unreadable report when it said it was one.
    const head = raw.subarray(0, 16_384).toString('latin1');
    return /^content-type:[ \t]*multipart\/report/im.test(head)
      ? { kind: 'unreadable', reason: error instanceof Error ? error.message : String(error) }
      : { kind: 'other' };
  }
  if (message.contentType !== 'multipart/report') return { kind: 'other' };
  const deliveredTo = DELIVERED_TO.flatMap((name) => headerAddresses(message.headers, name));
  const verp = verpOf(deliveredTo, check);
  const kind =
    message.reportType ??
    (message.parts.some((part) => DELIVERY_STATUS.has(part.contentType))
      ? 'delivery-status'
      : message.parts.some((part) => part.contentType === 'message/feedback-report')
        ? 'feedback-report'
        : null);
  if (kind === 'delivery-status') return readBounce(message.headers, message.parts, verp);
  if (kind === 'feedback-report') return readComplaint(message.parts, verp, check);
  if (kind === null) return { kind: 'unreadable', reason: 'a report of no known type' };
  // Read receipts (disposition-notification), TLS reports and the like.
  return { kind: 'ignored', reason: `report type ${kind}` };
}
