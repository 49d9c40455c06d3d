import { SMTPServer } from 'smtp-server';
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
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          ...parseMessage(raw),
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
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

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  // Folded header lines continue with leading whitespace.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

function decodeQuotedPrintable(input: string): string {
  const bytes = input
    .replace(/=\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`)
    .replace(/%(?![0-9A-F]{2})/gi, '%25');
  try {
    return decodeURIComponent(bytes);
  } catch {
    return input.replace(/=\n/g, '');
  }
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) as nodemailer writes them. */
function decodeHeader(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([QBqb])\?([^?]*)\?=\s*/g,
    (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

function findTextPart(part: Part): Part | null {
  const type = part.headers.get('content-type') ?? 'text/plain';
  if (/^multipart\//i.test(type)) {
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (!boundary) return null;
    const pieces = part.body.split(`--${boundary}`).slice(1);
    for (const piece of pieces) {
      if (piece.startsWith('--')) break;
      const found = findTextPart(splitPart(piece.replace(/^\n/, '')));
      if (found) return found;
    }
    return null;
  }
  return /^text\/plain/i.test(type) ? part : null;
}

function parseMessage(raw: string): { subject: string; text: string } {
  const message = splitPart(raw);
  const textPart = findTextPart(message);
  return {
    subject: decodeHeader(message.headers.get('subject') ?? ''),
    text: textPart ? decodeBody(textPart).trim() : '',
  };
}
