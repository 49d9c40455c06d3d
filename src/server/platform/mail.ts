import nodemailer from 'nodemailer';
import type { Logger } from './logger';

export interface MailMessage {
  to: string;
  /** Where a reply goes, when not to the sender (a contact message: the visitor). */
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
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
  from: string;
  production: boolean;
  logger: Logger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      canDeliver: true,
      async send(message) {
        await transport.sendMail({ from: opts.from, ...message });
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
        text: message.text,
      });
    },
  };
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
