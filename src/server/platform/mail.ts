import type { Transporter } from 'nodemailer';
import { withMailLogo, type MailLogo } from '#shared/mail/frame';
import type { Logger } from './logger';
import { withoutSecrets } from './secrets';
import { inSpan } from './spans';

export interface MailMessage {
  to: string;
  /** Where a reply goes, when not to the sender (a contact message: the visitor). */
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * Extra header lines, such as a newsletter's List-Unsubscribe. Values are the caller's own
   * text (never a visitor's) and must hold no line break.
   */
  headers?: Record<string, string>;
  /** Threading (a reply to a lead): the Message-ID, the one it answers, the chain. */
  messageId?: string;
  inReplyTo?: string;
  references?: string[];
  /**
   * A calendar invitation (a booking, docs/booking.md): sent as the `text/calendar` part mail
   * programs show as an invitation, with its METHOD in the content type, and as the
   * `invite.ics` file to add by hand where they do not.
   */
  calendar?: { method: 'REQUEST' | 'CANCEL'; ics: string };
  /**
   * Files sent with the mail (an accepted proposal's signed PDF), each its own part of a
   * multipart/mixed message. The bytes are base64 so the message stays JSON in the outbox
   * (mail/outbox/queue-mail.ts), which drops them with the text once the mail is sent.
   */
  attachments?: MailAttachment[];
  /**
   * The envelope's sender (SMTP `MAIL FROM`, which becomes `Return-Path`): bulk mail's VERP
   * address (docs/mail.md), so a bounce names its mail. Unset: MAIL_FROM.
   */
  returnPath?: string;
}

export interface MailAttachment {
  /** The file's name as the reader's mail program shows it. */
  filename: string;
  /** Its MIME type, such as application/pdf. */
  contentType: string;
  /** The bytes, base64. */
  content: string;
}

export interface Mailer {
  /** False when mail cannot leave this machine (production without SMTP_URL). */
  readonly canDeliver: boolean;
  /** Answers the Message-ID the mail went with, when the transport tells it. */
  send(message: MailMessage): Promise<string | void>;
}

/**
 * SMTP when a URL is configured; otherwise, outside production, the message is written to
 * the log so a developer can read the sign-in code. In production without SMTP nothing can
 * be delivered and callers must refuse what depends on mail.
 */
export function createMailer(opts: {
  smtpUrl: string | null;
  /** MAIL_FROM's address. */
  from: string;
  /**
   * The sender's name, read at each mail: MAIL_FROM's own name, else the company's saved name
   * (site/site-brand.ts), so a rename on the Content screen shows in the next mail.
   */
  senderName?: () => Promise<string | null>;
  /**
   * The logo every HTML part carries, read at each mail like the name (site/site-brand.ts):
   * it takes the place shared/mail/frame.ts leaves for it, or the place is emptied.
   */
  logo?: () => Promise<MailLogo | null>;
  production: boolean;
  logger: Logger;
  /**
   * The configuration's secrets (platform/secrets.ts), removed from a failure's text before
   * anyone logs or stores it (the outbox's `last_error`): a server may quote what it refused.
   */
  secrets?: readonly string[];
}): Mailer {
  if (opts.smtpUrl) {
    const smtpUrl = opts.smtpUrl;
    // nodemailer is loaded with the first mail, not at the start (docs/operations.md,
    // "Start-up time"); one transport per mailer, as before.
    let transporter: Promise<Transporter> | null = null;
    const transport = () =>
      (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport(smtpUrl),
      ));
    const secrets = opts.secrets ?? [];
    return {
      canDeliver: true,
      async send({ calendar, returnPath, attachments, ...message }) {
        const name = oneLine((await opts.senderName?.()) ?? '');
        const html =
          message.html === undefined
            ? undefined
            : withMailLogo(message.html, (await opts.logo?.()) ?? null);
        // A span per mail when tracing is on (docs/operations.md): whether bulk, no address.
        const sending = async () =>
          (await transport())
            .sendMail({
              ...message,
              html,
              from: name ? { name, address: opts.from } : opts.from,
              ...(returnPath && { envelope: { from: returnPath, to: message.to } }),
              // nodemailer writes it twice: the text/calendar alternative and the invite.ics file.
              ...(calendar && {
                icalEvent: {
                  method: calendar.method,
                  content: calendar.ics,
                  filename: 'invite.ics',
                },
              }),
              ...(attachments?.length && {
                attachments: attachments.map(({ filename, contentType, content }) => ({
                  filename,
                  contentType,
                  content,
                  encoding: 'base64',
                })),
              }),
            })
            .catch((error: unknown) => {
              throw withoutSecretsIn(error, secrets);
            });
        const info: { messageId?: unknown } = await inSpan(
          'mail.send',
          { 'mail.bulk': returnPath !== undefined },
          sending,
        );
        return typeof info.messageId === 'string' ? info.messageId : undefined;
      },
    };
  }
  if (opts.production) {
    return {
      canDeliver: false,
      async send() {
        throw new Error('No SMTP_URL configured: mail cannot be delivered in production');
      },
    };
  }
  return {
    canDeliver: true,
    async send(message) {
      opts.logger.info('mail.logged', {
        to: message.to,
        replyTo: message.replyTo,
        subject: message.subject,
        headers: message.headers,
        text: message.text,
        // What a developer needs to see that a file went, not its bytes.
        attachments: message.attachments?.map(({ filename, contentType, content }) => ({
          filename,
          contentType,
          bytes: Buffer.byteLength(content, 'base64'),
        })),
      });
    },
  };
}

/**
 * nodemailer's error with `secrets` out of its texts: `message`, the server's `response`, and
 * those of each refused recipient (`rejectedErrors`).
 */
function withoutSecretsIn(error: unknown, secrets: readonly string[]): unknown {
  if (!(error instanceof Error)) return error;
  const reply = error as Error & { response?: unknown; rejectedErrors?: unknown };
  reply.message = withoutSecrets(reply.message, secrets);
  if (typeof reply.response === 'string') reply.response = withoutSecrets(reply.response, secrets);
  if (Array.isArray(reply.rejectedErrors)) {
    for (const each of reply.rejectedErrors) withoutSecretsIn(each, secrets);
  }
  return error;
}

/** The owner's own text in a header: kept to one line, never a header of its own. */
const oneLine = (text: string) => text.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim();

/**
 * The text with every e-mail address in it replaced: SMTP replies often quote the
 * recipient, and the log and the stored failures keep no address.
 */
export function withoutAddresses(text: string): string {
  return text.replace(/[^\s<>"'():;,]+@[^\s<>"'():;,]+/g, '(address)');
}

/**
 * Mails being written into the outbox in the background, per mailer (one mailer per app
 * instance), and what to do once they are (mail/outbox/send-mail.ts), so tests and a
 * graceful shutdown can wait for them without a global registry.
 */
const inFlight = new WeakMap<Mailer, Set<Promise<void>>>();
const drains = new WeakMap<Mailer, () => Promise<void>>();

/** Counts a mail in flight on this mailer until it settles. */
export function trackMail(mailer: Mailer, delivery: Promise<void>): void {
  let pending = inFlight.get(mailer);
  if (!pending) inFlight.set(mailer, (pending = new Set()));
  const set = pending;
  set.add(delivery);
  const forget = () => void set.delete(delivery);
  void delivery.then(forget, forget);
}

/** What `mailsSettled` runs once nothing is in flight: the outbox's drain. */
export function afterMails(mailer: Mailer, drain: () => Promise<void>): void {
  drains.set(mailer, drain);
}

/**
 * Resolves once every mail queued in the background on this mailer is in the outbox and what
 * was due there has gone or failed (sent by the running sender, or, with none running, by
 * this mailer: mail/outbox/send-mail.ts).
 */
export async function mailsSettled(mailer: Mailer): Promise<void> {
  const pending = inFlight.get(mailer);
  while (pending && pending.size > 0) await Promise.all([...pending]);
  await drains.get(mailer)?.();
}
