/**
 * A real SMTP server in the test process for the newsletter's sending tests: it keeps each
 * message with its headers and both parts, can answer a recipient with an SMTP error (4xx
 * "later", 5xx "never") decided per address and attempt, and can be slow on purpose (a mail
 * service that takes its time, so a sender is caught mid-send). STARTTLS is off:
 * smtp-server's built-in certificate has expired.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SunkMail {
  /** Envelope recipient, lower case. */
  to: string;
  /** Header names in lower case, folded lines joined, encoded words left as sent. */
  headers: Map<string, string>;
  text: string;
  html: string;
  /** When its data had fully arrived (Date.now()). */
  at: number;
}

/** An SMTP refusal: `{ code: 451 }` for "try later", `{ code: 550 }` for "never". */
export interface Refusal {
  code: number;
  message?: string;
}

export interface SmtpSinkOptions {
  /** Asked at each RCPT TO with the address and how many times it was offered (1 first). */
  refuse?: (address: string, attempt: number) => Refusal | null;
  /** Milliseconds each message is held after its data arrived, before it is accepted. */
  holdMs?: number;
  /** false: count messages without keeping or parsing them (the bench). */
  keep?: boolean;
}

export interface SmtpSink {
  url: string;
  /** Messages whose data fully arrived, in arrival order (empty with keep: false). */
  mails: SunkMail[];
  /** Messages whose data fully arrived, accepted or not yet (a held one counts). */
  arrived(): number;
  accepted(): number;
  /** SMTP connections opened so far. */
  connections(): number;
  /** Messages to this address that fully arrived. */
  to(address: string): SunkMail[];
  /** Changes what later recipients are answered. */
  setRefuse(refuse: SmtpSinkOptions['refuse']): void;
  close(): Promise<void>;
}

export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const mails: SunkMail[] = [];
  const offered = new Map<string, number>();
  let refuse = options.refuse;
  let arrived = 0;
  let accepted = 0;
  let connections = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    // The client's name would be looked up in DNS for every connection: slow, and pointless.
    disableReverseLookup: true,
    // The bench and the two-instance test open many connections at once.
    maxClients: 1000,
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'test' });
    },
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      const attempt = (offered.get(to) ?? 0) + 1;
      offered.set(to, attempt);
      const refusal = refuse?.(to, attempt);
      if (!refusal) return callback();
      const message = refusal.message ?? (refusal.code < 500 ? 'Try again later' : 'No such user');
      callback(Object.assign(new Error(message), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        if (options.keep !== false) chunks.push(chunk);
      });
      stream.on('end', () => {
        arrived++;
        // Kept on arrival: a held message whose sender is killed meanwhile may still reach
        // its reader (the server had it whole), so it counts as received.
        if (options.keep !== false) {
          const raw = Buffer.concat(chunks).toString('utf8');
          const at = Date.now();
          for (const rcpt of session.envelope.rcptTo) {
            mails.push({ ...parse(raw), to: rcpt.address.toLowerCase(), at });
          }
        }
        const accept = () => {
          accepted++;
          callback();
        };
        if (options.holdMs) setTimeout(accept, options.holdMs);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://test:test@127.0.0.1:${port}`,
    mails,
    arrived: () => arrived,
    accepted: () => accepted,
    connections: () => connections,
    to: (address) => mails.filter((mail) => mail.to === address.toLowerCase()),
    setRefuse: (next) => {
      refuse = next;
    },
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
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: end === -1 ? '' : normalized.slice(end + 2) };
}

function decode(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString();
  if (encoding !== 'quoted-printable') return part.body;
  const bytes: number[] = [];
  const text = part.body.replace(/=\n/g, '');
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i]!));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The text/plain and text/html parts, wherever they sit in the multipart tree. */
function leaves(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  if (!/^multipart\//i.test(type)) return [part];
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) return [];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((piece) => !piece.startsWith('--'))
    .flatMap((piece) => leaves(splitPart(piece.replace(/^\n/, ''))));
}

function parse(raw: string): Omit<SunkMail, 'to' | 'at'> {
  const message = splitPart(raw);
  const parts = leaves(message);
  const of = (type: RegExp) => {
    const found = parts.find((p) => type.test(p.headers.get('content-type') ?? 'text/plain'));
    return found ? decode(found).trim() : '';
  };
  return { headers: message.headers, text: of(/^text\/plain/i), html: of(/^text\/html/i) };
}
