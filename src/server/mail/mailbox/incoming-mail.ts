/**
 * A person's mail as the mailbox reader (reader.ts) hands it to the feature that reads such
 * mail (leads' answers: leads/answers/capture.ts): its ids and sender, and its text.
 */

export interface IncomingMail {
  /** Message-ID without angle brackets. */
  mailId: string;
  /** In-Reply-To and References, without brackets. */
  threadIds: string[];
  from: string | null;
  text: string;
}

/** Angle-bracketed ids in a header's text, without their brackets. */
export function messageIds(header: string | string[] | undefined): string[] {
  const text = Array.isArray(header) ? header.join(' ') : (header ?? '');
  return [...text.matchAll(/<([^<>\s]+)>/g)].map((match) => match[1] ?? '').filter(Boolean);
}
