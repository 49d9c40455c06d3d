/**
 * SIGTERM with work in flight: a request that is still running completes before the process
 * exits 0, and so does a contact notification already on its way to the SMTP server. The mail
 * service is held open deliberately, so "in flight" is a state the test can see, not a guess.
 * Meanwhile /readyz answers 503, so a load balancer sends no one new (docs/operations.md).
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { postContact } from '#tests/support/contact';
import { databaseEnv, freshDatabaseTarget } from '#tests/support/database';
import { startHeldSmtp, type HeldSmtp } from '#tests/support/held-smtp';
import { startServerProcess } from '#tests/support/server-process';

let dir: string;
let smtp: HeldSmtp;

/**
 * A request to /readyz begun now (its first header lines sent: the server counts the
 * connection as busy, and a shutdown does not drop it) and finished by `finish()`, which
 * answers the response's status line and body.
 */
async function begunReadyz(url: string) {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  await once(socket, 'connect');
  let response = '';
  socket.on('data', (chunk: Buffer) => (response += chunk.toString('utf8')));
  const ended = once(socket, 'close');
  socket.write(`GET /readyz HTTP/1.1\r\nHost: ${hostname}\r\n`);
  return {
    async finish() {
      socket.end('Connection: close\r\n\r\n');
      await ended;
      return { statusLine: response.split('\r\n')[0], body: response.split('\r\n\r\n')[1] };
    },
  };
}

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'shutdown-'));
  smtp = await startHeldSmtp('hold');
});

afterEach(async () => {
  smtp.release();
  await smtp.close();
  rmSync(dir, { recursive: true, force: true });
});

it('a login waiting on its code e-mail completes after SIGTERM, then the exit is 0', async () => {
  const server = await startServerProcess(path.join(dir, 'app.db'), {
    ...databaseEnv(await freshDatabaseTarget()),
    SMTP_URL: smtp.url,
    ADMIN_USERNAME: 'erin',
    ADMIN_PASSWORD: 'a long enough password',
    ADMIN_EMAIL: 'erin@example.com',
  });
  try {
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    const readyz = await begunReadyz(server.url);
    const login = fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'erin', password: 'a long enough password' }),
    });
    // The request is now inside the login procedure, waiting for the mail service.
    await expect.poll(() => smtp.arrived(), { timeout: 30_000 }).toBe(1);
    server.signal('SIGTERM');
    await server.waitForOutput(/"server\.stopping"/, 30_000);
    // The login is still held: the drain is under way, and the instance says it is not ready.
    expect(smtp.delivered()).toBe(0);
    expect(await readyz.finish()).toEqual({
      statusLine: expect.stringMatching(/^HTTP\/1\.1 503 /),
      body: expect.stringContaining('{"status":"unready","failing":[],"stopping":true}'),
    });
    smtp.release();

    const res = await login;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, requiresTwoFactor: true, method: 'email' });
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('"server.stopped"');
  } finally {
    server.signal('SIGKILL');
  }
}, 90_000);

it('shutdown waits for a contact notification still on its way', async () => {
  const server = await startServerProcess(path.join(dir, 'app.db'), {
    ...databaseEnv(await freshDatabaseTarget()),
    SMTP_URL: smtp.url,
    CONTACT_NOTIFY_TO: 'owner@example.com',
  });
  try {
    expect(await postContact(server.url, 'shutdown', 1)).toBe(201);
    await expect.poll(() => smtp.arrived(), { timeout: 30_000 }).toBe(1);
    server.signal('SIGTERM');
    await server.waitForOutput(/"server\.stopping"/, 30_000);
    smtp.release();

    expect(await server.exited).toBe(0);
    expect(smtp.delivered()).toBe(1);
    const output = server.output();
    // The notice goes through the outbox (docs/mail.md): its sender settles it before the end.
    expect(output).toContain('"mail.sent","id":1,"kind":"notice"');
    expect(output.indexOf('"mail.sent"')).toBeLessThan(output.indexOf('"server.stopped"'));
  } finally {
    server.signal('SIGKILL');
  }
}, 90_000);

it('SHUTDOWN_SECONDS bounds the wait: a request still held past it is cut off, the exit is 0', async () => {
  const server = await startServerProcess(path.join(dir, 'app.db'), {
    ...databaseEnv(await freshDatabaseTarget()),
    SMTP_URL: smtp.url,
    SHUTDOWN_SECONDS: '1',
    ADMIN_USERNAME: 'erin',
    ADMIN_PASSWORD: 'a long enough password',
    ADMIN_EMAIL: 'erin@example.com',
  });
  try {
    const login = fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'erin', password: 'a long enough password' }),
    }).then(
      (res) => res.status,
      () => 'cut off',
    );
    await expect.poll(() => smtp.arrived(), { timeout: 30_000 }).toBe(1);
    const signalled = Date.now();
    server.signal('SIGTERM');
    // The mail service never answers: only the grace period's end lets the process go.
    expect(await login).toBe('cut off');
    expect(await server.exited).toBe(0);
    // Well before the default 10 seconds: the variable set the bound.
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(server.output()).toContain('"server.stopped"');
  } finally {
    server.signal('SIGKILL');
  }
}, 90_000);
