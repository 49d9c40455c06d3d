/**
 * How many requests each public write makes to a libSQL server: the app in process on a sqld
 * of its own, through a proxy that counts the requests (docs/decisions: one round trip per
 * public write). Independent of TEST_DATABASE: this file starts its own sqld.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { closeDatabase, openDatabase, writeTransaction, type Db } from '#db';
import { contacts } from '#db/schema';
import { siteName } from '#server/site/site-brand';
import type { App } from '#server/app/app';
import { mailsSettled } from '#server/platform/mail';
import { outboxJob } from '#server/mail/outbox/outbox-job';
import { queueMail } from '#server/mail/outbox/queue-mail';
import { createTestApp, testConfig, type TestDeps } from '#tests/support/app';
import { contactBody } from '#tests/support/contact';
import { startTestSqld } from '#tests/support/database';
import { rest } from '#tests/support/rest';
import { insertUser } from '#tests/support/users';

let proxy: Server;
let requests = 0;
let db: Db;
let app: App;
let deps: TestDeps;

/** Passes every request on to sqld and counts the ones that carry statements. */
function countingProxy(target: string): Promise<Server> {
  const { hostname, port } = new URL(target);
  const server = createServer((incoming, outgoing) => {
    if (incoming.url?.includes('pipeline')) requests++;
    const forwarded = request(
      { hostname, port, path: incoming.url, method: incoming.method, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  const sqld = await startTestSqld();
  proxy = await countingProxy(sqld.url);
  const { port } = proxy.address() as AddressInfo;
  db = await openDatabase({ url: `http://127.0.0.1:${port}` });
  ({ app, deps } = await createTestApp({ db, config: testConfig({ trustProxy: true }) }));
  await insertUser(deps, 'alice');
}, 60_000);

afterAll(async () => {
  await closeDatabase(db);
  await new Promise((resolve) => proxy.close(resolve));
});

// Mails are built after the answer and read the site's saved name (its content's change
// counter): an earlier test's mail must not land in the next test's count, and the content
// itself is read once here, not by whichever test comes first.
beforeEach(async () => {
  await mailsSettled(deps.mailer);
  await siteName(db);
  requests = 0;
});

const post = (path: string, json: unknown, ip: string) => rest(app, 'POST', path, { json, ip });

it('stores a contact message in one request, and refuses the sixth from its address in one', async () => {
  for (let i = 0; i < 5; i++) {
    expect((await post('/api/contact', contactBody('one trip', i), '198.18.3.1')).status).toBe(201);
  }
  expect(requests).toBe(5);
  requests = 0;
  const refused = await post('/api/contact', contactBody('one trip', 5), '198.18.3.1');
  expect(refused.status).toBe(429);
  expect(refused.headers.get('retry-after')).toBe('600');
  expect(requests).toBe(1);
});

it('answers an invalid contact message with one read', async () => {
  const invalid = await post(
    '/api/contact',
    { ...contactBody('bad', 0), email: 'x' },
    '198.18.3.2',
  );
  expect(invalid.status).toBe(400);
  expect(requests).toBe(1);
});

it('stores a subscription, or takes one already there, in one request', async () => {
  const counts: number[] = [];
  for (const [email, ip] of [
    ['trip@example.com', '198.18.3.3'],
    ['TRIP@example.com', '198.18.3.4'],
  ] as const) {
    requests = 0;
    const answer = await app.request('/api/subscribe', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ email }),
    });
    // Read before anything else runs: the confirmation mail starts after the answer, on a
    // later turn of the event loop, and goes through the outbox (docs/mail.md).
    counts.push(requests);
    expect(answer.status).toBe(201);
    await mailsSettled(deps.mailer);
  }
  // One write each, before the answer.
  expect(counts).toEqual([1, 1]);
});

// The throttle read, the user read, the reservation, and the settle that writes the
// `sign_in_failed` entry: that entry waits until the password is judged wrong (never a
// provisional entry for what may turn out a success), which costs this fourth request.
it('counts a wrong sign-in in one request and records it in one more, besides two reads', async () => {
  const wrong = await post(
    '/api/admin/login',
    { username: 'alice', password: 'not the password' },
    '198.18.3.5',
  );
  expect(wrong.status).toBe(401);
  expect(requests).toBe(4);
}, 30_000);

it('sends the contact messages that wait together in fewer requests than messages', async () => {
  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      post('/api/contact', contactBody('together', i), `198.18.4.${i + 1}`),
    ),
  );
  expect(answers.map((a) => a.status)).toEqual(Array(40).fill(201));
  expect(await db.$count(contacts)).toBeGreaterThanOrEqual(40);
  console.info(`40 contact messages at once: ${requests} requests to sqld`);
  expect(requests).toBeLessThan(40);
});

// docs/mail.md, "Sending, retries and backoff": the head claimed in one statement, the outcome
// in one more.
it('sends a mail to one person in three requests: the read, the claim and the outcome', async () => {
  const message = { to: 'trip@example.com', subject: 'Counted', text: 'Hello' };
  await writeTransaction(db, (tx) => queueMail(tx, { kind: 'notice', message }, deps.clock.now()));
  requests = 0;
  const job = outboxJob(deps, 'counted-sender');
  expect(await job.turn(deps.clock.now())).toEqual({ kind: 'worked' });
  expect(requests).toBe(3);
});
