/**
 * A receiving server's words about one recipient, as a report, an inline SMTP refusal or a
 * provider's event gives them (docs/deliverability.md). Apart from delivery-report.ts, which
 * reads a report's MIME tree with `@zone-eu/mailsplit`: sending and the providers' webhooks use
 * these without loading that parser (docs/operations.md, "Start-up time").
 */
import { withoutAddresses } from '#server/platform/mail';

export interface BouncedRecipient {
  /** Lower case; null only when the report names nobody and its VERP address names the mail. */
  email: string | null;
  /** An RFC 3463 status, `5.1.1`; `5.0.0` / `4.0.0` when the report gives none. */
  status: string;
  /** A 5.x.x status on a recipient the server gave up on; everything else is soft. */
  hard: boolean;
  /** The server's words (Diagnostic-Code), one line, without addresses, at most 500 characters. */
  diagnostic: string;
}

/** An RFC 3463 status anywhere in a text. */
export const ENHANCED_STATUS = /\b([245])\.(\d{1,3})\.(\d{1,3})\b/;

/** The RFC 3463 status in a text (`550 5.1.1 …` → `5.1.1`), else one from its reply code. */
export function enhancedStatus(text: string): string | null {
  const enhanced = ENHANCED_STATUS.exec(text);
  if (enhanced) return enhanced[0];
  const code = /\b([245])\d\d\b/.exec(text);
  return code ? `${code[1]}.0.0` : null;
}

export function oneLineDiagnostic(text: string): string {
  return withoutAddresses(text).replace(/\s+/g, ' ').trim().slice(0, 500);
}
