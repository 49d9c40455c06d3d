/**
 * A real SMTP server in the test process that misbehaves on purpose: it holds every message
 * until released (a slow mail service), or refuses every sender (a mail service saying no).
 * STARTTLS is off: smtp-server's built-in certificate has expired.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface HeldSmtp {
  /** For SMTP_URL or createMailer; any user and password are accepted. */
  url: string;
  /** Messages whose data has fully arrived (held or not). */
  arrived(): number;
  /** Lets every held message through, and every later one at once. */
  release(): void;
  /** Messages accepted after release. */
  delivered(): number;
  close(): Promise<void>;
}

export async function startHeldSmtp(mode: 'hold' | 'refuse'): Promise<HeldSmtp> {
  let arrived = 0;
  let delivered = 0;
  let released = false;
  const held: (() => void)[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'test' });
    },
    onMailFrom(_address, _session, callback) {
      if (mode === 'hold') return callback();
      callback(Object.assign(new Error('Mail service refuses all senders'), { responseCode: 550 }));
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        arrived++;
        const accept = () => {
          delivered++;
          callback();
        };
        if (released) accept();
        else held.push(accept);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://test:test@127.0.0.1:${port}`,
    arrived: () => arrived,
    release: () => {
      released = true;
      held.splice(0).forEach((accept) => accept());
    },
    delivered: () => delivered,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
