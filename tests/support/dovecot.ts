/**
 * A real IMAP server for the tests of leads' answers (docs/testing.md, "IMAP"): Debian's
 * Dovecot, run from a config in a temp folder, on 127.0.0.1 and a free port, without TLS
 * (allowed by the product only to a loopback host), one user `owner` with password `secret`.
 * Run as root (CI), its login and mail processes run as `nobody`, so the folder is open to it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';

export interface Dovecot {
  /** IMAP_URL for the product. */
  url: string;
  port: number;
  /** A connected client for the test's own reads and appends (logged out by stop). */
  client(): Promise<ImapFlow>;
  /** Puts a raw message into INBOX, as an answer arrives. */
  append(raw: string): Promise<void>;
  stop(): Promise<void>;
}

const DOVECOT = '/usr/sbin/dovecot';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startDovecot(): Promise<Dovecot> {
  const dir = await mkdtemp(path.join(tmpdir(), 'dovecot-'));
  const port = await freePort();
  const root = process.getuid?.() === 0;
  const uid = root ? 65534 : (process.getuid?.() ?? 0);
  const gid = root ? 65534 : (process.getgid?.() ?? 0);
  for (const sub of ['run', 'state', 'mail']) await mkdir(path.join(dir, sub));
  await writeFile(
    path.join(dir, 'passwd'),
    `owner:{PLAIN}secret:${uid}:${gid}::${path.join(dir, 'mail', 'owner')}\n`,
  );
  const user = root
    ? 'default_login_user = nobody\ndefault_internal_user = root\ndefault_internal_group = root\n'
    : `default_login_user = ${process.env.USER ?? 'nobody'}\ndefault_internal_user = ${process.env.USER ?? 'nobody'}\n`;
  await writeFile(
    path.join(dir, 'dovecot.conf'),
    `protocols = imap
listen = 127.0.0.1
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/log
info_log_path = ${dir}/log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
${user}mail_location = maildir:${dir}/mail/%u
first_valid_uid = 1
passdb {
  driver = passwd-file
  args = ${dir}/passwd
}
userdb {
  driver = passwd-file
  args = ${dir}/passwd
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
  chroot =
}
service anvil {
  chroot =
}
`,
  );
  // nobody must reach the mail folders and the sockets under the temp folder.
  await chmod(dir, 0o777);
  for (const sub of ['run', 'state', 'mail']) await chmod(path.join(dir, sub), 0o777);
  const child: ChildProcess = spawn(DOVECOT, ['-F', '-c', path.join(dir, 'dovecot.conf')], {
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 20_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
      throw new Error(
        `Dovecot did not start on port ${port} (see ${DOVECOT}, exit ${child.exitCode})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const clients: ImapFlow[] = [];
  async function client(): Promise<ImapFlow> {
    const c = new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: false,
      doSTARTTLS: false,
      auth: { user: 'owner', pass: 'secret' },
      logger: false,
    });
    await c.connect();
    clients.push(c);
    return c;
  }
  return {
    url: `imap://owner:secret@127.0.0.1:${port}/INBOX`,
    port,
    client,
    async append(raw) {
      // Its own connection, closed after: Dovecot allows 10 a user from one address at once.
      const c = await client();
      try {
        await c.append('INBOX', raw);
      } finally {
        clients.splice(clients.indexOf(c), 1);
        await c.logout().catch(() => c.close());
      }
    },
    async stop() {
      for (const c of clients) await c.logout().catch(() => c.close());
      child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
