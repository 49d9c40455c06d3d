/**
 * A lead's source is the one the analytics credit its first conversion to (docs/leads.md):
 * the contact form's message, through the same write.
 */
import { describe, expect, it } from 'vitest';
import { adminCaller, createTestDeps } from '#tests/support/app';
import { page, storedEvents, visitorCaller } from '#tests/support/analytics';
import { contactBody } from '#tests/support/contact';

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
