import nodemailer from 'nodemailer';
import { withMailLogo, type MailLogo } from '#shared/mail/frame';
import type { Logger } from './logger';

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
}

export interface Mailer {
  /** False when mail cannot leave this machine (production without SMTP_URL). */
  readonly canDeliver: boolean;
  send(message: MailMessage): Promise<void>;
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
   * (platform/site-brand.ts), so a rename on the Content screen shows in the next mail.
   */
  senderName?: () => Promise<string | null>;
  /**
   * The logo every HTML part carries, read at each mail like the name (platform/site-brand.ts):
   * it takes the place shared/mail/frame.ts leaves for it, or the place is emptied.
   */
  logo?: () => Promise<MailLogo | null>;
  production: boolean;
  logger: Logger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      canDeliver: true,
      async send({ calendar, ...message }) {
        const name = oneLine((await opts.senderName?.()) ?? '');
        const html =
          message.html === undefined
            ? undefined
            : withMailLogo(message.html, (await opts.logo?.()) ?? null);
        await transport.sendMail({
          ...message,
          html,
          from: name ? { name, address: opts.from } : opts.from,
          // nodemailer writes it twice: the text/calendar alternative and the invite.ics file.
          ...(calendar && {
            icalEvent: { method: calendar.method, content: calendar.ics, filename: 'invite.ics' },
          }),
        });
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
      });
    },
  };
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
 * Mails started by `sendInBackground`, per mailer (one mailer per app instance), so tests
 * and a graceful shutdown can wait for them without a global registry.
 */
const inFlight = new WeakMap<Mailer, Set<Promise<void>>>();

/**
 * Sends without making the request wait: SMTP can take seconds (or a connect timeout), what
 * the mail is about is already stored, and a wait that depends on whether a mail goes would
 * tell a visitor something (who is already on the newsletter list). The outcome is logged
 * as `events.sent` or `events.failed` with `fields`, never thrown.
 *
 * `message` may be a function that builds it: it runs after the answer too, so what it reads
 * (the site's saved name, platform/site-brand.ts) costs the request nothing, and its
 * failure is logged like a failed delivery.
 */
export function sendInBackground(
  deps: { mailer: Mailer; logger: Logger },
  message: MailMessage | (() => Promise<MailMessage>),
  events: { sent: string; failed: string; fields: Record<string, unknown> },
): void {
  // A macrotask later: nodemailer's synchronous set-up must not run before the answer is
  // written, or a request that sends a mail would answer measurably later than one that does not.
  const delivery = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => (typeof message === 'function' ? message() : message))
    .then((built) => deps.mailer.send(built))
    .then(
      () => deps.logger.info(events.sent, events.fields),
      (error: unknown) =>
        deps.logger.error(events.failed, {
          ...events.fields,
          error: withoutAddresses(error instanceof Error ? error.message : String(error)),
        }),
    );
  let pending = inFlight.get(deps.mailer);
  if (!pending) inFlight.set(deps.mailer, (pending = new Set()));
  const set = pending;
  set.add(delivery);
  const forget = () => void set.delete(delivery);
  void delivery.then(forget, forget);
}

/** Resolves once every mail `sendInBackground` started on this mailer has gone or failed. */
export async function mailsSettled(mailer: Mailer): Promise<void> {
  const pending = inFlight.get(mailer);
  while (pending && pending.size > 0) await Promise.all([...pending]);
}

export { escapeHtml } from '#shared/escape-html';
