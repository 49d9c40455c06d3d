/**
 * SIGTERM with work in flight: a request that is still running completes before the process
 * exits 0, and so does a contact notification already on its way to the SMTP server. The mail
 * service is held open deliberately, so "in flight" is a state the test can see, not a guess.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { postContact } from '#tests/support/contact';
import { databaseEnv, freshDatabaseTarget } from '#tests/support/database';
import { startHeldSmtp, type HeldSmtp } from '#tests/support/held-smtp';
import { startServerProcess } from '#tests/support/server-process';

let dir: string;
let smtp: HeldSmtp;

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
    const login = fetch(`${server.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'erin', password: 'a long enough password' }),
    });
    // The request is now inside the login procedure, waiting for the mail service.
    await expect.poll(() => smtp.arrived(), { timeout: 30_000 }).toBe(1);
    server.signal('SIGTERM');
    await server.waitForOutput(/"server\.stopping"/, 30_000);
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
