import { describeFailure, isTemporary } from './smtp-failure';
import { enhancedStatus, oneLineDiagnostic, type BouncedRecipient } from './diagnostic';

/**
 * What the SMTP server's answer at send time means for the recipients (docs/deliverability.md,
 * "Inline rejections"). Nodemailer keeps the reply to each refused RCPT TO in `rejectedErrors`
 * (with `recipient`), on the error when every recipient was refused and on the result when only
 * some were. A 5xx there is the receiving side saying "never" for that address: suppress it now,
 * do not retry. Whether to retry the mail at all stays `isTemporary`'s rule (smtp-failure.ts).
 */
export type SmtpRejection =
  /** Every recipient refused for good: no retry; `rejected` to suppress. */
  | { kind: 'rejected'; rejected: BouncedRecipient[]; diagnostic: string }
  /** Try again later (4xx, a connection that failed); `rejected` may still name 5xx recipients. */
  | { kind: 'temporary'; rejected: BouncedRecipient[]; diagnostic: string }
  /** Refused for good, but not for a recipient (the message, the sender, the login). */
  | { kind: 'permanent'; rejected: BouncedRecipient[]; diagnostic: string };

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null && name in value
    ? (value as Record<string, unknown>)[name]
    : undefined;
}

/**
 * The recipients a send error or a send result says were refused with a 5xx at RCPT TO. A 4xx
 * for a recipient is not here: that address may take the next try.
 */
export function rejectedRecipients(errorOrInfo: unknown): BouncedRecipient[] {
  const list = field(errorOrInfo, 'rejectedErrors');
  if (!Array.isArray(list)) return [];
  const rejected: BouncedRecipient[] = [];
  for (const item of list) {
    const code = field(item, 'responseCode');
    const recipient = field(item, 'recipient');
    const response = field(item, 'response');
    if (typeof code !== 'number' || code < 500 || code >= 600 || typeof recipient !== 'string') {
      continue;
    }
    const text = typeof response === 'string' ? response : '';
    const status = enhancedStatus(text);
    rejected.push({
      email: recipient.toLowerCase(),
      status: status?.startsWith('5') ? status : '5.0.0',
      hard: true,
      diagnostic: oneLineDiagnostic(text),
    });
  }
  return rejected;
}

/** Classifies an error from nodemailer's `sendMail`. */
export function smtpRejection(error: unknown): SmtpRejection {
  const rejected = rejectedRecipients(error);
  const diagnostic = describeFailure(error);
  if (isTemporary(error)) return { kind: 'temporary', rejected, diagnostic };
  const code = field(error, 'responseCode');
  const refusedAtRcpt = field(error, 'command') === 'RCPT TO';
  if (refusedAtRcpt && typeof code === 'number' && code >= 500 && rejected.length > 0) {
    return { kind: 'rejected', rejected, diagnostic };
  }
  return { kind: 'permanent', rejected, diagnostic };
}
