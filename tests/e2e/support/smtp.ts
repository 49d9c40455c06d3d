import { SMTPServer } from 'smtp-server';
import { parseMail } from '#tests/support/mime';
import type { AddressInfo } from 'node:net';

export interface CaughtMail {
  /** Envelope recipients, lower case. */
  to: string[];
  subject: string;
  /** The text/plain body, transfer encoding undone. */
  text: string;
  /** The whole message as received. */
  raw: string;
}

export interface SmtpCatcher {
  port: number;
  /** For the server's SMTP_URL; any user and password are accepted. */
  url: string;
  messages: CaughtMail[];
  /**
   * Resolves with the first message not yet handed out (optionally: for that recipient),
   * waiting for one to arrive if needed.
   */
  waitForMail: (options?: { to?: string; timeoutMs?: number }) => Promise<CaughtMail>;
  close: () => Promise<void>;
}

/**
 * A real SMTP server in the test process  that keeps every message.
 * STARTTLS is off because smtp-server's built-in certificate has expired.
 */
export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const messages: CaughtMail[] = [];
  const handedOut = new Set<CaughtMail>();
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'test' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const bytes = Buffer.concat(chunks);
        const { subject, text } = await parseMail(bytes);
        messages.push({
          subject,
          text,
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: bytes.toString('utf8'),
        });
        for (const wake of [...waiters]) wake();
        callback();
      });
    },
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;

  function take(to?: string): CaughtMail | undefined {
    const wanted = to?.toLowerCase();
    const found = messages.find(
      (m) => !handedOut.has(m) && (wanted === undefined || m.to.includes(wanted)),
    );
    if (found) handedOut.add(found);
    return found;
  }

  return {
    port,
    url: `smtp://test:test@127.0.0.1:${port}`,
    messages,
    waitForMail: ({ to, timeoutMs = 15_000 } = {}) =>
      new Promise<CaughtMail>((resolve, reject) => {
        const now = take(to);
        if (now) return resolve(now);
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail${to ? ` to ${to}` : ''} within ${timeoutMs} ms`));
        }, timeoutMs);
        function check() {
          const mail = take(to);
          if (!mail) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(mail);
        }
        waiters.add(check);
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
