/**
 * A failing database write must not copy what it was writing into the log: drizzle's error
 * message lists the bound parameters (a visitor's text and address, a session id).
 */
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { sessions } from '#db/schema';
import type { App } from '#server/app/app';
import { createTestApp, signedInCookie, type TestDeps } from '#tests/support/app';
import { rest } from '#tests/support/rest';

let app: App;
let deps: TestDeps;

beforeEach(async () => {
  ({ app, deps } = await createTestApp());
});

const contact = {
  name: 'Secretive Visitor',
  email: 'secretive.visitor@example.com',
  subject: 'other',
  message: 'A private message that must stay out of the logs',
  privacy: true,
};

function refuseWrites(table: string, operation: 'INSERT' | 'DELETE') {
  return writeTransaction(deps.db, (tx) =>
    tx.run(
      sql.raw(
        `CREATE TRIGGER refuse_${table} BEFORE ${operation} ON ${table}
         BEGIN SELECT RAISE(ABORT, 'refused by test trigger'); END`,
      ),
    ),
  );
}

function expectCleanLog(...secrets: string[]) {
  const log = deps.logger.lines.join('\n');
  expect(log).toContain('refused by test trigger');
  for (const secret of secrets) expect(log).not.toContain(secret);
}

describe('database errors in the log', () => {
  it('leave out the contact texts (REST and tRPC)', async () => {
    await refuseWrites('contacts', 'INSERT');
    const viaRest = await rest(app, 'POST', '/api/contact', { json: contact });
    expect(viaRest.status).toBe(500);
    expect(viaRest.body).toMatchObject({
      success: false,
      message: 'Something went wrong on our side',
    });
    const viaTrpc = await app.request('/api/trpc/contact.send', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(contact),
    });
    expect(viaTrpc.status).toBe(500);
    expect(deps.logger.lines.some((l) => l.includes('"request.failed"'))).toBe(true);
    expect(deps.logger.lines.some((l) => l.includes('"trpc.failed"'))).toBe(true);
    expectCleanLog(contact.name, contact.email, contact.message);
  });

  it('leave out session ids', async () => {
    const cookie = await signedInCookie(deps);
    const sid = (await deps.db.select().from(sessions).get())?.id ?? '';
    // A session id: 32 random bytes in base64url.
    expect(sid).toMatch(/^[\w-]{43}$/);
    await refuseWrites('sessions', 'DELETE');
    const res = await rest(app, 'POST', '/api/admin/logout', { cookie });
    expect(res.status).toBe(500);
    expectCleanLog(sid);
  });
});
