import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { outbox, subscriberConfirmations, subscribers, throttleEvents } from '#db/schema';
import { MESSAGES } from '#shared/messages';
import { NEWSLETTER_MESSAGES } from '#shared/newsletter';
import {
  callerFor,
  createRecordingMailer,
  createTestDeps,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import { ThrottledError } from '#server/platform/errors';
import { mailsSettled } from '#server/platform/mail';
import { failure, issuesOf } from '#tests/support/trpc-errors';
import { tokenHash, unsubscribeToken } from './tokens';

let deps: TestDeps;
let mailer: RecordingMailer;

beforeEach(async () => {
  mailer = createRecordingMailer();
  deps = await createTestDeps({ mailer });
});

const caller = (ip = '192.0.2.10') => callerFor(deps, { ip }).caller.newsletter;
const subscribe = (email: string, ip = '192.0.2.10', website?: string) =>
  caller(ip).subscribe({ email, website });
const stored = async () => await deps.db.select().from(subscribers).all();
const statusOf = async () => (await stored()).map((s) => [s.email, s.status]);

/** The mails sent so far (after the ones still on their way have gone). */
async function mails() {
  await mailsSettled(mailer);
  return mailer.sent;
}

/** The token in the confirmation link of the last mail to `to`. */
async function confirmationToken(to: string): Promise<string> {
  const mail = (await mails()).findLast((m) => m.to === to);
  const link = /https?:\/\/\S+\/newsletter\/confirm\?token=([\w-]+)/.exec(mail?.text ?? '');
  if (!link?.[1]) throw new Error(`no confirmation link mailed to ${to}`);
  return link[1];
}

const unsubscribeTokenOf = (email: string) => unsubscribeToken(deps.config.sessionSecret, email);

describe('newsletter.subscribe', () => {
  it('stores the trimmed address as pending and mails it a confirmation link', async () => {
    deps.clock.set(new Date('2026-05-05T05:05:05Z'));
    expect(await subscribe('  reader@example.com ')).toEqual({ success: true });
    expect(await stored()).toEqual([
      {
        id: 1,
        email: 'reader@example.com',
        createdAt: new Date('2026-05-05T05:05:05Z'),
        status: 'pending',
        confirmedAt: null,
        unsubscribedAt: null,
        unsubscribeTokenHash: tokenHash(unsubscribeTokenOf('reader@example.com')),
        // A visitor's own sign-up mails its confirmation at once: nothing queued or resent.
        confirmationQueuedAt: null,
        confirmationResentAt: null,
        // Not confirmed yet: no welcome mail was given, and none stopped.
        sequenceStep: 0,
        sequenceExited: null,
      },
    ]);
    const [mail] = await mails();
    expect(mail?.to).toBe('reader@example.com');
    expect(mail?.subject).toContain('Confirm');
    const token = await confirmationToken('reader@example.com');
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(mail?.html).toContain(`http://localhost/newsletter/confirm?token=${token}`);
    // Only the token's hash is kept.
    const [row] = await deps.db.select().from(subscriberConfirmations).all();
    expect(row?.tokenHash).toBe(tokenHash(token));
    expect(row?.expiresAt).toEqual(new Date('2026-05-12T05:05:05Z'));
  });

  it('answers an address already on the list, in any case and any state, the same', async () => {
    await subscribe('Reader@Example.com');
    await caller().confirm({ token: await confirmationToken('Reader@Example.com') });
    expect(await subscribe('reader@example.COM', '192.0.2.99')).toEqual({ success: true });
    expect(await statusOf()).toEqual([['Reader@Example.com', 'confirmed']]);
    // A confirmed address is sent nothing more.
    expect(await mails()).toHaveLength(1);
  });

  it('sends a pending address its link again, at most 3 mails in 24 hours', async () => {
    for (let i = 0; i < 3; i++) {
      await subscribe('reader@example.com', `192.0.2.${i}`);
      deps.clock.advance(60_000);
    }
    expect(await mails()).toHaveLength(3);
    await subscribe('reader@example.com', '192.0.2.50');
    expect(await mails()).toHaveLength(3);
    // The first mail's 24 hours end: room for one more.
    deps.clock.advance(24 * 60 * 60_000 - 3 * 60_000 + 1);
    await subscribe('reader@example.com', '192.0.2.51');
    expect(await mails()).toHaveLength(4);
    // Every link mailed works: a later mail does not void an earlier one.
    const tokens = new Set((await mails()).map((m) => /token=([\w-]+)/.exec(m.text)?.[1]));
    expect(tokens.size).toBe(4);
  });

  it('makes an unsubscribed address pending again and mails it a new link', async () => {
    await subscribe('reader@example.com');
    await caller().unsubscribe({ token: unsubscribeTokenOf('reader@example.com') });
    await subscribe('READER@example.com', '192.0.2.11');
    expect(await stored()).toMatchObject([
      { status: 'pending', confirmedAt: null, unsubscribedAt: null },
    ]);
    expect(await mails()).toHaveLength(2);
  });

  it('starts the mail only after the answer, so the answer takes as long with a mail as without', async () => {
    await subscribe('reader@example.com');
    // The procedure has answered: not even nodemailer's set-up has run yet.
    expect(mailer.sent).toHaveLength(0);
    expect(await mails()).toHaveLength(1);
  });

  it('answers 201 and keeps the address pending when the mail cannot go', async () => {
    mailer.failNext = true;
    expect(await subscribe('reader@example.com')).toEqual({ success: true });
    expect(await mails()).toEqual([]);
    expect(deps.logger.lines.filter((l) => l.includes('"mail.failed"'))).toHaveLength(1);
    expect(await deps.db.select().from(outbox).all()).toMatchObject([
      { kind: 'confirmation', status: 'failed' },
    ]);
    expect(await statusOf()).toEqual([['reader@example.com', 'pending']]);
    await subscribe('reader@example.com');
    expect(await mails()).toHaveLength(1);
  });

  it.each([
    ['not an address', MESSAGES.email],
    ['', MESSAGES.email],
    [`${'a'.repeat(243)}@example.com`, MESSAGES.email],
  ])('refuses %j', async (email, message) => {
    expect(await issuesOf(subscribe(email))).toEqual([{ path: 'email', message }]);
    expect(await stored()).toEqual([]);
  });

  it('accepts an address of 254 characters', async () => {
    const email = `${'a'.repeat(242)}@example.com`;
    expect(email).toHaveLength(254);
    await subscribe(email);
    expect(await stored()).toHaveLength(1);
  });

  it('answers a filled honeypot as a success and keeps and sends nothing', async () => {
    expect(await subscribe('bot@example.com', undefined, 'filled')).toEqual({ success: true });
    expect(await stored()).toEqual([]);
    expect(await deps.db.select().from(throttleEvents).all()).toEqual([]);
    expect(await mails()).toEqual([]);
  });
});

describe('newsletter.subscribe throttle', () => {
  it('refuses a sixth sign-up from one address in 10 minutes', async () => {
    for (let i = 0; i < 5; i++) await subscribe(`reader${i}@example.com`);
    const error = await failure(subscribe('reader5@example.com'));
    expect(error).toBeInstanceOf(ThrottledError);
    expect((error as ThrottledError).retryAfterSeconds).toBe(600);
    expect(error.message).toBe('Too many sign-ups from your address. Try again in 10 minutes.');
    expect(await stored()).toHaveLength(5);
    expect(await subscribe('reader5@example.com', '192.0.2.11')).toEqual({ success: true });
    deps.clock.advance(10 * 60_000);
    expect(await subscribe('reader6@example.com')).toEqual({ success: true });
  });

  it('counts an address already on the list like a new one, so the room left tells nothing', async () => {
    await subscribe('known@example.com', '192.0.2.99');
    for (let i = 0; i < 4; i++) await subscribe(`new${i}@example.com`);
    await subscribe('known@example.com');
    expect((await failure(subscribe('fifth@example.com'))).code).toBe('TOO_MANY_REQUESTS');
  });

  it('does not count refused submissions, and a throttled one stores and sends nothing', async () => {
    for (let i = 0; i < 6; i++) await failure(subscribe('nope'));
    for (let i = 0; i < 5; i++) await subscribe(`reader${i}@example.com`);
    await failure(subscribe('late@example.com'));
    expect(await stored()).toHaveLength(5);
    expect(await mails()).toHaveLength(5);
  });

  it('holds for twenty sign-ups sent at once: five stored, five mails', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => subscribe(`burst${i}@example.com`)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(await stored()).toHaveLength(5);
    expect(await mails()).toHaveLength(5);
  });

  it('answers 429 before looking at the input', async () => {
    for (let i = 0; i < 5; i++) await subscribe(`reader${i}@example.com`);
    expect((await failure(subscribe('nope'))).code).toBe('TOO_MANY_REQUESTS');
  });
});

describe('newsletter.confirm', () => {
  it('confirms the address, idempotently, and dates it', async () => {
    await subscribe('reader@example.com');
    const token = await confirmationToken('reader@example.com');
    deps.clock.advance(60_000);
    expect(await caller().confirm({ token })).toEqual({ success: true });
    deps.clock.advance(60_000);
    expect(await caller().confirm({ token })).toEqual({ success: true });
    expect(await stored()).toMatchObject([
      { status: 'confirmed', confirmedAt: new Date('2026-01-15T10:01:00Z') },
    ]);
  });

  it('refuses an unknown or expired link with 404, and a malformed one with 400', async () => {
    await subscribe('reader@example.com');
    const token = await confirmationToken('reader@example.com');
    const unknown = await failure(caller().confirm({ token: 'x'.repeat(43) }));
    expect([unknown.code, unknown.message]).toEqual(['NOT_FOUND', NEWSLETTER_MESSAGES.invalidLink]);
    deps.clock.advance(7 * 24 * 60 * 60_000);
    expect((await failure(caller().confirm({ token }))).code).toBe('NOT_FOUND');
    expect(await statusOf()).toEqual([['reader@example.com', 'pending']]);
    expect(await issuesOf(caller().confirm({ token: 'short' }))).toEqual([
      { path: 'token', message: NEWSLETTER_MESSAGES.token },
    ]);
  });

  it('never brings back an address that unsubscribed after its confirmation mail', async () => {
    await subscribe('reader@example.com');
    const token = await confirmationToken('reader@example.com');
    await caller().unsubscribe({ token: unsubscribeTokenOf('reader@example.com') });
    expect((await failure(caller().confirm({ token }))).code).toBe('NOT_FOUND');
    expect(await statusOf()).toEqual([['reader@example.com', 'unsubscribed']]);
  });
});

describe('newsletter.unsubscribe', () => {
  it('unsubscribes, idempotently, keeping the first date', async () => {
    await subscribe('reader@example.com');
    await caller().confirm({ token: await confirmationToken('reader@example.com') });
    const token = unsubscribeTokenOf('reader@example.com');
    deps.clock.advance(60_000);
    expect(await caller().unsubscribe({ token })).toEqual({ success: true });
    deps.clock.advance(60_000);
    expect(await caller().unsubscribe({ token })).toEqual({ success: true });
    expect(await stored()).toMatchObject([
      { status: 'unsubscribed', unsubscribedAt: new Date('2026-01-15T10:01:00Z') },
    ]);
  });

  it('refuses an unknown token with 404 and changes nothing', async () => {
    await subscribe('reader@example.com');
    const error = await failure(caller().unsubscribe({ token: unsubscribeTokenOf('other@x.org') }));
    expect([error.code, error.message]).toEqual(['NOT_FOUND', NEWSLETTER_MESSAGES.invalidLink]);
    expect(await statusOf()).toEqual([['reader@example.com', 'pending']]);
  });

  it('works after SESSION_SECRET changed, once a sign-up stored the new hash', async () => {
    const stale = tokenHash(unsubscribeToken('an-earlier-session-secret-of-32-chars!', 'r@x.org'));
    await writeTransaction(deps.db, (tx) =>
      tx
        .insert(subscribers)
        .values({ email: 'r@x.org', status: 'confirmed', unsubscribeTokenHash: stale }),
    );
    const token = unsubscribeTokenOf('r@x.org');
    expect((await failure(caller().unsubscribe({ token }))).code).toBe('NOT_FOUND');
    await subscribe('r@x.org');
    expect(await caller().unsubscribe({ token })).toEqual({ success: true });
  });

  it('works for an address stored before opt-in existed, once its token hash is set', async () => {
    // Rows from before migration 0004 have no hash until a newsletter is sent to them.
    await writeTransaction(deps.db, (tx) =>
      tx.insert(subscribers).values({ email: 'old@example.com', status: 'confirmed' }),
    );
    const token = unsubscribeTokenOf('old@example.com');
    expect((await failure(caller().unsubscribe({ token }))).code).toBe('NOT_FOUND');
    await subscribe('OLD@example.com');
    expect(await caller().unsubscribe({ token })).toEqual({ success: true });
  });
});

describe('newsletter.linkState', () => {
  it('tells a working link from a dead one without changing anything', async () => {
    await subscribe('reader@example.com');
    const confirm = await confirmationToken('reader@example.com');
    const unsubscribe = unsubscribeTokenOf('reader@example.com');
    const state = (token: string, kind: 'confirm' | 'unsubscribe') =>
      caller().linkState({ token, kind });
    expect(await state(confirm, 'confirm')).toBe('valid');
    expect(await state(unsubscribe, 'unsubscribe')).toBe('valid');
    expect(await state(unsubscribe, 'confirm')).toBe('invalid');
    expect(await state(confirm, 'unsubscribe')).toBe('invalid');
    expect(await statusOf()).toEqual([['reader@example.com', 'pending']]);
    deps.clock.advance(7 * 24 * 60 * 60_000);
    expect(await state(confirm, 'confirm')).toBe('invalid');
  });
});
