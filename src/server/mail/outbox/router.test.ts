import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { writeTransaction } from '#db';
import { outbox } from '#db/schema';
import { OUTBOX_MESSAGES, OUTBOX_PAGE_SIZE } from '#shared/mail-outbox';
import { MESSAGES } from '#shared/messages';
import type { OutboxKind } from '#shared/outbox';
import { queueMail } from '#server/mail/outbox/queue-mail';
import { forgetAddress } from '#server/mail/outbox/forget-address';
import { mailsSettled } from '#server/platform/mail';
import { createRecordingMailer } from '#tests/support/app';
import {
  answer,
  invalid,
  signedInRestApp,
  UNAUTHORIZED,
  rest,
  type AdminRest,
} from '#tests/support/rest';
import type { App } from '#server/app/app';
import type { TestDeps } from '#tests/support/app';
import { adminCaller } from '#tests/support/app';
import { failure } from '#tests/support/trpc-errors';

let app: App;
let deps: TestDeps;
let asAdmin: AdminRest;

beforeEach(async () => {
  ({ app, deps, asAdmin } = await signedInRestApp());
});

async function queued(kind: OutboxKind, to: string, subject: string) {
  return writeTransaction(deps.db, (tx) =>
    queueMail(tx, { kind, message: { to, subject, text: 'Hello' } }, deps.clock.now()),
  );
}

const setRow = (id: number, values: Partial<typeof outbox.$inferInsert>) =>
  writeTransaction(deps.db, (tx) => tx.update(outbox).set(values).where(eq(outbox.id, id)).run());

describe('the Mail screen’s procedures', () => {
  it('lists waiting mail in the order it will go, failed with its error, and sent', async () => {
    const news = await queued('newsletter', 'reader@example.com', 'News');
    const code = await queued('code', 'owner@example.com', 'Your code');
    const failed = await queued('notice', 'gone@example.com', 'A notice');
    await setRow(failed, { status: 'failed', attempts: 6, lastError: '421 Busy' });
    deps.clock.advance(60_000);
    const sent = await queued('booking', 'visitor@example.com', 'Your call');
    await setRow(sent, { status: 'sent', attempts: 1, sentAt: deps.clock.now() });
    const admin = await adminCaller(deps);

    const waiting = await admin.outbox.list({ status: 'queued' });
    expect(waiting.total).toBe(2);
    expect(waiting.mails.map((m) => m.id)).toEqual([code, news]);
    expect(waiting.mails[0]).toEqual({
      id: code,
      kind: 'code',
      to: 'owner@example.com',
      subject: 'Your code',
      status: 'queued',
      attempts: 0,
      lastError: null,
      createdAt: '2026-01-15T10:00:00.000Z',
      sentAt: null,
      bounce: null,
    });
    expect(await admin.outbox.list({ status: 'failed' })).toEqual({
      mails: [expect.objectContaining({ id: failed, attempts: 6, lastError: '421 Busy' })],
      total: 1,
    });
    expect((await admin.outbox.list({ status: 'sent' })).mails).toEqual([
      expect.objectContaining({ id: sent, sentAt: '2026-01-15T10:01:00.000Z' }),
    ]);
    // The default is what waits; a page past the end is empty.
    expect((await admin.outbox.list({})).total).toBe(2);
    expect((await admin.outbox.list({ status: 'queued', page: 2 })).mails).toEqual([]);
  });

  it('pages 50 at a time', async () => {
    for (let i = 0; i < OUTBOX_PAGE_SIZE + 1; i++)
      await queued('newsletter', `r${i}@example.com`, 'N');
    const admin = await adminCaller(deps);
    expect((await admin.outbox.list({ page: 1 })).mails).toHaveLength(OUTBOX_PAGE_SIZE);
    expect((await admin.outbox.list({ page: 2 })).mails).toHaveLength(1);
  });

  it('sends a failed mail again, its attempts kept; refuses one that is not failed', async () => {
    const mailer = createRecordingMailer();
    deps.mailer = mailer;
    const id = await queued('notice', 'owner@example.com', 'A notice');
    await setRow(id, { status: 'failed', attempts: 2, lastError: 'refused', claimedBy: 'x' });
    deps.clock.advance(5_000);
    const caller = await adminCaller(deps);
    expect(await caller.outbox.retry({ id })).toEqual({});
    expect(await deps.db.select().from(outbox).where(eq(outbox.id, id)).get()).toMatchObject({
      status: 'queued',
      attempts: 2,
      nextAttemptAt: deps.clock.now(),
      claimedBy: null,
    });
    const again = await failure(caller.outbox.retry({ id }));
    expect([again.code, again.message]).toEqual(['CONFLICT', OUTBOX_MESSAGES.notFailed]);
    const missing = await failure(caller.outbox.retry({ id: 999 }));
    expect([missing.code, missing.message]).toEqual(['NOT_FOUND', OUTBOX_MESSAGES.notFound]);
    await mailsSettled(mailer);
  });

  it('refuses to send again a failed mail whose person was erased', async () => {
    const id = await queued('notice', 'helen@example.com', 'A notice');
    await setRow(id, { status: 'failed', lastError: 'refused' });
    await writeTransaction(deps.db, (tx) => forgetAddress(tx, 'helen@example.com'));
    const caller = await adminCaller(deps);
    const erased = await failure(caller.outbox.retry({ id }));
    expect([erased.code, erased.message]).toEqual(['CONFLICT', OUTBOX_MESSAGES.erased]);
    expect(await deps.db.select().from(outbox).where(eq(outbox.id, id)).get()).toMatchObject({
      status: 'failed',
    });
  });
});

describe('GET /api/mail/outbox and POST /api/mail/outbox/:id/retry', () => {
  it('answers 401 to a visitor without a session, and changes nothing', async () => {
    const id = await queued('notice', 'owner@example.com', 'A notice');
    await setRow(id, { status: 'failed' });
    expect(await rest(app, 'GET', '/api/mail/outbox')).toEqual(answer(401, UNAUTHORIZED));
    expect(await rest(app, 'POST', `/api/mail/outbox/${id}/retry`)).toEqual(
      answer(401, UNAUTHORIZED),
    );
    expect((await deps.db.select().from(outbox).get())?.status).toBe('failed');
  });

  it('answers the page with success and total; 400 naming a bad status or page', async () => {
    await queued('code', 'owner@example.com', 'Your code');
    expect(await asAdmin('GET', '/api/mail/outbox?status=queued&page=1')).toEqual(
      answer(200, {
        success: true,
        mails: [expect.objectContaining({ kind: 'code', to: 'owner@example.com' })],
        total: 1,
      }),
    );
    expect(await asAdmin('GET', '/api/mail/outbox?status=lost')).toEqual(
      answer(400, invalid([{ path: 'status', message: OUTBOX_MESSAGES.status }])),
    );
    expect(await asAdmin('GET', '/api/mail/outbox?page=0')).toEqual(
      answer(400, invalid([{ path: 'page', message: MESSAGES.page }])),
    );
  });

  it('answers 202 for a failed mail, 409 for one waiting or sent, 404 for an unknown one', async () => {
    const failed = await queued('notice', 'a@example.com', 'A');
    await setRow(failed, { status: 'failed' });
    const waiting = await queued('notice', 'b@example.com', 'B');
    const sent = await queued('notice', 'c@example.com', 'C');
    await setRow(sent, { status: 'sent', sentAt: deps.clock.now() });
    const sending = await queued('notice', 'd@example.com', 'D');
    await setRow(sending, { status: 'sending', claimedBy: 'elsewhere' });
    expect(await asAdmin('POST', `/api/mail/outbox/${failed}/retry`)).toEqual(
      answer(202, { success: true }),
    );
    for (const id of [failed, waiting, sent, sending]) {
      expect(await asAdmin('POST', `/api/mail/outbox/${id}/retry`)).toEqual(
        answer(409, { success: false, message: OUTBOX_MESSAGES.notFailed }),
      );
    }
    expect(await asAdmin('POST', '/api/mail/outbox/999/retry')).toEqual(
      answer(404, { success: false, message: OUTBOX_MESSAGES.notFound }),
    );
    expect(await asAdmin('POST', '/api/mail/outbox/x/retry')).toEqual(
      answer(400, invalid([{ path: 'id', message: MESSAGES.id }])),
    );
  });
});
