/**
 * A lead's source is the one the analytics credit its first conversion to (docs/leads.md),
 * set in the same write as its first message or booking: read at once, it is already there.
 */
import { describe, expect, it } from 'vitest';
import { adminCaller, createTestDeps } from '#tests/support/app';
import { AGENTS, page, storedEvents, visitorCaller } from '#tests/support/analytics';
import { dayOf } from '#server/analytics/days';
import { visitorIdentity } from '#server/analytics/visitor';
import { contactBody } from '#tests/support/contact';
import { saveBookingSettings } from '#tests/support/booking-settings';
import { eventBuffer } from '#server/analytics/event-buffer';
import { analyticsEvents } from '#db/schema';

const IP = '203.0.113.77';

describe('the source of a lead', () => {
  it('is the utm_source of the pageview its first message is credited to, and stays', async () => {
    const deps = await createTestDeps();
    const visitor = visitorCaller(deps, { ip: IP });
    await visitor.analytics.record({
      name: 'pageview',
      url: page('/?utm_source=newsletter'),
      referrer: 'https://www.google.com/',
    });
    await visitor.contact.send(contactBody('first', 1));
    await storedEvents(deps.db);
    const admin = await adminCaller(deps);
    expect((await admin.leads.list()).leads).toMatchObject([
      { email: 'fault@example.com', source: 'newsletter' },
    ]);

    // A later message from another source joins the lead and leaves its source alone.
    const other = visitorCaller(deps, { ip: '198.51.100.9' });
    await other.analytics.record({ name: 'pageview', url: page('/?utm_source=linkedin') });
    await other.contact.send(contactBody('second', 2));
    await storedEvents(deps.db);
    expect((await admin.leads.list()).leads).toMatchObject([{ source: 'newsletter', unread: 2 }]);
  });

  it('is there as soon as the message is stored, before the analytics are written', async () => {
    const deps = await createTestDeps();
    const visitor = visitorCaller(deps, { ip: IP });
    await visitor.analytics.record({ name: 'pageview', url: page('/?utm_source=newsletter') });
    // The pageview written, as the buffer does every 100 ms; the conversion not yet.
    await storedEvents(deps.db);
    await visitor.contact.send(contactBody('first', 1));
    const admin = await adminCaller(deps);
    expect((await admin.leads.list()).leads).toMatchObject([{ source: 'newsletter' }]);
    // The pageview still waiting in the buffer counts as well.
    const other = visitorCaller(deps, { ip: '198.51.100.9' });
    await other.analytics.record({ name: 'pageview', url: page('/?utm_source=linkedin') });
    await other.contact.send({ ...contactBody('second', 2), email: 'other@example.com' });
    const leads = (await admin.leads.list()).leads;
    expect(leads.map((lead) => [lead.email, lead.source])).toEqual([
      ['other@example.com', 'linkedin'],
      ['fault@example.com', 'newsletter'],
    ]);
    // The conversions, written later, carry the same credit.
    const conversions = (await storedEvents(deps.db)).filter((e) => e.name === 'contact');
    expect(conversions.map((e) => [e.utmSource, e.visitor])).toEqual([
      ['newsletter', ''],
      ['linkedin', ''],
    ]);
  });

  it('credits a pageview the buffer is writing at that moment (out of the buffer, not yet committed)', async () => {
    const deps = await createTestDeps();
    // Another visitor's page written first: the day's salt is known, so nothing else waits.
    await visitorCaller(deps, { ip: '198.51.100.9' }).analytics.record({
      name: 'pageview',
      url: page('/'),
    });
    await storedEvents(deps.db);
    const visitor = visitorCaller(deps, { ip: IP });
    await visitor.analytics.record({ name: 'pageview', url: page('/?utm_source=podcast') });
    const buffer = eventBuffer(deps);
    const writing = buffer.flush();
    // A few turns: the write has taken its events out of the buffer and waits to commit.
    for (let turn = 0; turn < 3 && buffer.size > 0; turn++) await Promise.resolve();
    expect(buffer.size).toBe(0);
    expect(await deps.db.$count(analyticsEvents)).toBe(1);
    const identity = visitorIdentity('localhost', IP, AGENTS.chromeWindows);
    const credit = await buffer.firstPageview(dayOf(deps.clock.now(), 'UTC'), identity);
    expect(credit).toMatchObject({ utmSource: 'podcast' });
    await writing;
  });

  it('is credited in the booking’s own write too', async () => {
    const deps = await createTestDeps();
    await saveBookingSettings(deps.db, {}, deps.clock.now());
    const visitor = visitorCaller(deps, { ip: IP });
    await visitor.analytics.record({ name: 'pageview', url: page('/?utm_source=podcast') });
    const { slots } = await visitor.booking.slots({});
    await visitor.booking.book({
      start: slots[0]!.start,
      name: 'Helen Marsh',
      email: 'helen@example.com',
      privacy: true,
    });
    const admin = await adminCaller(deps);
    expect((await admin.leads.list()).leads).toMatchObject([{ source: 'podcast' }]);
  });

  it('is Direct without a pageview', async () => {
    const deps = await createTestDeps();
    await visitorCaller(deps, { ip: IP }).contact.send(contactBody('direct', 1));
    await storedEvents(deps.db);
    const admin = await adminCaller(deps);
    expect((await admin.leads.list()).leads).toMatchObject([{ source: 'Direct' }]);
    const [lead] = (await admin.leads.list()).leads;
    // Its message links to it in Messages' JSON.
    expect((await admin.messages.list()).messages).toMatchObject([{ leadId: lead!.id }]);
  });
});
