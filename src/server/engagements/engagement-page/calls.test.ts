/**
 * The client's calls from their engagement page (docs/engagements.md, "Calls"): each call to
 * come links its manage page under the link, which moves and cancels it through the link and
 * the call's id; another lead's call is 404, a change through a closed engagement 409, an ended
 * link 410; the call's mails never carry the page's link.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { bookings, leads } from '#db/schema';
import { createApp, type App } from '#server/app/app';
import { endLinks } from '#server/engagements/engagement-links';
import { mailsSettled } from '#server/platform/mail';
import {
  TUE_10,
  TUE_9,
  book,
  deps,
  mailer,
  setUpBooking,
  visitorCaller,
} from '#tests/support/booking-call-fixtures';
import { closeStored, storeEngagement, type StoredEngagement } from '#tests/support/engagements';
import { failure } from '#tests/support/trpc-errors';

let app: App;
let engagement: StoredEngagement;
let callId: number;

beforeEach(async () => {
  await setUpBooking();
  app = createApp(deps);
  await book();
  const lead = await deps.db.select().from(leads).where(eq(leads.email, 'helen@example.com')).get();
  engagement = await storeEngagement(deps, { leadId: lead!.id });
  callId = (await deps.db.select({ id: bookings.id }).from(bookings).get())!.id;
  await mailsSettled(mailer);
  mailer.sent.length = 0;
});

describe('a call from the engagement page', () => {
  it('is linked from the page, and its manage page works through the link', async () => {
    const base = `/e/${engagement.token}`;
    const list = await (await app.request(base)).text();
    expect(list).toContain(`href="${base}/calls/${callId}"`);
    // Named by its call for a screen reader, as several calls each read "Move or cancel".
    expect(list).toMatch(
      /Move or cancel<span class="sr-only"> the call of [^<]*2 June[^<]*<\/span>/,
    );
    const page = await app.request(`${base}/calls/${callId}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('Cache-Control')).toBe('no-store');
    expect(page.headers.get('Referrer-Policy')).toBe('no-referrer');
    expect(page.headers.get('X-Robots-Tag')).toBe('noindex');
    const html = await page.text();
    expect(html).toContain(`data-token="${engagement.token}" data-call="${callId}"`);
    expect(html).toContain('Move');
  });

  it('moves and cancels it through the link; no mail of the call carries the link', async () => {
    const link = { token: engagement.token, call: callId };
    expect(await visitorCaller().manage(link)).toMatchObject({ start: TUE_9, canChange: true });
    expect(await visitorCaller().reschedule({ ...link, start: TUE_10 })).toMatchObject({
      start: TUE_10,
    });
    expect(await visitorCaller().cancel(link)).toEqual({ success: true });
    expect(await deps.db.select().from(bookings).get()).toMatchObject({
      start: new Date(TUE_10),
      status: 'cancelled',
    });
    await mailsSettled(mailer);
    expect(mailer.sent.map((mail) => mail.subject)).toHaveLength(4);
    for (const mail of mailer.sent) {
      expect(`${mail.text}${mail.html ?? ''}`).not.toContain(engagement.token);
    }
  });

  it("answers another lead's call 404, a change once closed 409, an ended link 410", async () => {
    await book({ email: 'other@example.com', start: TUE_10 });
    const other = await deps.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.email, 'other@example.com'))
      .get();
    const theirs = await failure(
      visitorCaller().cancel({ token: engagement.token, call: other!.id }),
    );
    expect(theirs.code).toBe('NOT_FOUND');
    expect((await deps.db.select().from(bookings).all()).map((b) => b.status)).toEqual([
      'confirmed',
      'confirmed',
    ]);

    await closeStored(deps, engagement.id);
    const link = { token: engagement.token, call: callId };
    expect((await failure(visitorCaller().cancel(link))).code).toBe('CONFLICT');
    expect((await visitorCaller().manage(link)).status).toBe('confirmed');

    await writeTransaction(deps.db, (tx) =>
      endLinks(tx, engagement.id, 'revoked', deps.clock.now()),
    );
    const api = await app.request(
      `/api/booking/manage?token=${engagement.token}&call=${String(callId)}`,
    );
    expect(api.status).toBe(410);
    const page = await app.request(`/e/${engagement.token}/calls/${callId}`);
    expect(page.status).toBe(410);
    expect(await page.text()).not.toContain('data-token');
  });
});
