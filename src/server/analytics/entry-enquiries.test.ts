/**
 * "Content that brings enquiries" (`analytics.entryEnquiries`, docs/analytics.md) on scripted
 * visitors, through createCaller: each published entry's readers (visitor-days) and the
 * messages its readers sent the same day, counted when the form is sent into a tally with no
 * visitor hash and no time; sign-ups, list pages, drafts and other days do not count.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { analyticsEntryEnquiries } from '#db/schema';
import { ANALYTICS_MESSAGES } from '#shared/analytics';
import {
  adminCaller,
  createTestDeps,
  procedureCallers,
  type Caller,
  type TestDeps,
} from '#tests/support/app';
import { AGENTS, page, storedEvents, visitorCaller } from '#tests/support/analytics';
import { contactBody } from '#tests/support/contact';
import { failure, issuesOf } from '#tests/support/trpc-errors';
import { entryEnquiryStatements, isEntryPath } from './entry-enquiries';

let deps: TestDeps;
let admin: Caller;
let ids: Record<'alpha' | 'beta', number>;

async function published(kind: 'case_study' | 'insight', slug: string, title: string) {
  const { entry } = await admin.entries.create({ kind, slug, title, summary: 'S', body: 'B' });
  await admin.entries.publish({ id: entry.id });
  return entry.id;
}

/**
 * 2026-01-13: A reads Alpha, the case-study list and Beta, then writes; B reads Alpha twice;
 * C reads Beta and subscribes (no enquiry); D reads a draft's address. 2026-01-14: A (a new
 * visitor that day) writes without reading. 2026-01-15: E reads Alpha and writes twice.
 */
beforeAll(async () => {
  deps = await createTestDeps();
  admin = await adminCaller(deps);
  ids = {
    alpha: await published('case_study', 'alpha', 'Alpha'),
    beta: await published('insight', 'beta', 'Beta'),
  };
  await admin.entries.create({
    kind: 'case_study',
    slug: 'draft',
    title: 'Draft',
    summary: 'S',
    body: 'B',
  });
  const at = (iso: string) => deps.clock.set(new Date(iso));
  const visitor = (ip: string) => visitorCaller(deps, { ip, userAgent: AGENTS.chromeWindows });
  const view = (who: ReturnType<typeof visitor>, path: string) =>
    who.analytics.record({ name: 'pageview', url: page(path) });
  const [a, b, c, d, e] = ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4', '192.0.2.5'].map(
    visitor,
  ) as [ReturnType<typeof visitor>, ...ReturnType<typeof visitor>[]];

  at('2026-01-13T08:00:00Z');
  await view(a, '/case-studies/alpha');
  await view(a, '/case-studies');
  await view(a, '/insights/beta?utm_source=x');
  await a.contact.send(contactBody('a', 1));
  await view(b!, '/case-studies/alpha');
  await view(b!, '/case-studies/alpha');
  await view(c!, '/insights/beta');
  await c!.newsletter.subscribe({ email: 'c@example.com' });
  await view(d!, '/case-studies/draft');
  at('2026-01-14T08:00:00Z');
  await a.contact.send(contactBody('a2', 1));
  at('2026-01-15T08:00:00Z');
  await view(e!, '/case-studies/alpha');
  await e!.contact.send(contactBody('e', 1));
  await e!.contact.send(contactBody('e2', 1));
  await storedEvents(deps.db);
});

describe('analytics.entryEnquiries', () => {
  it('per published entry: its readers and their same-day enquiries, most enquiries first', async () => {
    expect(await admin.analytics.entryEnquiries({ from: '2026-01-13', to: '2026-01-15' })).toEqual([
      {
        id: ids.alpha,
        kind: 'case_study',
        title: 'Alpha',
        url: '/case-studies/alpha',
        readers: 3,
        enquiries: 3,
      },
      {
        id: ids.beta,
        kind: 'insight',
        title: 'Beta',
        url: '/insights/beta',
        readers: 2,
        enquiries: 1,
      },
    ]);
    expect(await admin.analytics.entryEnquiries({ from: '2026-01-14', to: '2026-01-15' })).toEqual([
      {
        id: ids.alpha,
        kind: 'case_study',
        title: 'Alpha',
        url: '/case-studies/alpha',
        readers: 1,
        enquiries: 2,
      },
    ]);
    expect(await admin.analytics.entryEnquiries({ from: '2026-01-16', to: '2026-01-16' })).toEqual(
      [],
    );
  });

  it('keeps a tally per day and page: no visitor hash, no time', async () => {
    const rows = await deps.db.select().from(analyticsEntryEnquiries).all();
    expect(rows).toEqual(
      expect.arrayContaining([
        { day: '2026-01-13', path: '/case-studies/alpha', enquiries: 1 },
        { day: '2026-01-13', path: '/insights/beta', enquiries: 1 },
        { day: '2026-01-15', path: '/case-studies/alpha', enquiries: 2 },
      ]),
    );
    expect(rows).toHaveLength(3);
  });

  it('is for administrators, with the report’s range rule', async () => {
    const { anonymous, admin: other } = await procedureCallers();
    expect((await failure(anonymous.analytics.entryEnquiries({}))).code).toBe('UNAUTHORIZED');
    expect(await issuesOf(other.analytics.entryEnquiries({ from: '2026-1-5' }))).toEqual([
      { path: 'from', message: ANALYTICS_MESSAGES.date },
    ]);
  });
});

describe('what counts', () => {
  it('an entry page, not a list or another page; a message or booking, not a sign-up', () => {
    expect(['/case-studies/alpha', '/insights/a-b-2'].every(isEntryPath)).toBe(true);
    for (const path of ['/case-studies', '/insights/', '/', '/case-studies/a/b', null]) {
      expect(isEntryPath(path)).toBe(false);
    }
    const read = ['/insights/beta'];
    const day = '2026-01-13';
    expect(
      entryEnquiryStatements([
        { name: 'contact', day, entriesRead: read },
        { name: 'booking', day, entriesRead: read },
        { name: 'subscription', day, entriesRead: read },
        { name: 'pageview', day },
      ]).map((statement) => statement.params),
    ).toEqual([
      [day, '/insights/beta'],
      [day, '/insights/beta'],
    ]);
  });
});
