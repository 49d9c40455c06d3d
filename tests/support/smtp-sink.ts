/**
 * A real SMTP server in the test process for the newsletter's sending tests: it keeps each
 * message with its headers and both parts, can answer a recipient with an SMTP error (4xx
 * "later", 5xx "never") decided per address and attempt, and can be slow on purpose (a mail
 * service that takes its time, so a sender is caught mid-send). STARTTLS is off:
 * smtp-server's built-in certificate has expired.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMail, type ParsedMail } from './mime';

export interface SunkMail {
  /** Envelope recipient, lower case. */
  to: string;
  /** The envelope's sender (MAIL FROM), as given; '' for a null sender. */
  mailFrom: string;
  /** Header names in lower case, folded lines joined, encoded words left as sent. */
  headers: Map<string, string>;
  text: string;
  html: string;
  /** Its calendar parts and files (a booking's invitation). */
  calendars: ParsedMail['calendars'];
  /** Its other files (a signed proposal's PDF). */
  files: ParsedMail['files'];
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
  /** Told of each message whose data fully arrived: its recipients and when (the bench). */
  onArrived?: (recipients: string[], at: number) => void;
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
      stream.on('end', async () => {
        // Kept on arrival, before it is answered: a held message whose sender is killed
        // meanwhile may still reach its reader (the server had it whole), so it counts.
        if (options.keep !== false) {
          const at = Date.now();
          const { headers, text, html, calendars, files } = await parseMail(Buffer.concat(chunks));
          for (const rcpt of session.envelope.rcptTo) {
            const mailFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
            const to = rcpt.address.toLowerCase();
            mails.push({ headers, text, html, calendars, files, to, mailFrom, at });
          }
        }
        arrived++;
        options.onArrived?.(
          session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          Date.now(),
        );
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
