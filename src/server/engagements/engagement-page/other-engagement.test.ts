/**
 * Every `/e/` and `/api/e/` path, read from the app's own routes, asked with one engagement's
 * link and another engagement's ids (docs/engagements.md, "Access"): each answers 404 and none
 * of the other's content. A path added later (the thread's, the files') joins the table by
 * itself; one with a parameter this table does not know fails until it is added here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '#server/app/app';
import {
  storeEngagement,
  storePageThings,
  type StoredEngagement,
} from '#tests/support/engagements';
import { invoicing, type Invoicing } from '#tests/support/invoicing';
import { writeTransaction } from '#db';
import { bookings } from '#db/schema';
import { newToken, tokenHash } from '#server/platform/tokens';

let app: App;

/** A call of the other engagement's lead, still to come. */
async function storeCall(deps: Invoicing['deps'], leadId: number): Promise<number> {
  const start = new Date(deps.clock.now().getTime() + 48 * 3_600_000);
  const row = await writeTransaction(deps.db, (tx) =>
    tx
      .insert(bookings)
      .values({
        leadId,
        name: 'Their caller',
        email: 'their-caller@example.com',
        start,
        end: new Date(start.getTime() + 1_800_000),
        location: 'Their secret room',
        tokenHash: tokenHash(newToken()),
        updatedAt: start,
      })
      .returning({ id: bookings.id })
      .get(),
  );
  return row.id;
}
let mine: StoredEngagement;
/** The other engagement's ids, by the path they go in. */
const theirs: Record<string, string> = {};
/** What of the other engagement must never show. */
const THEIR_WORDS = [
  'Their secret project',
  'their-plan.pdf',
  'Their private message',
  'Their secret room',
];

beforeAll(async () => {
  const set = await invoicing();
  app = createApp(set.deps);
  mine = await storeEngagement(set.deps, { title: 'My project' });
  const other = await storeEngagement(set.deps, {
    leadId: set.leadId,
    title: 'Their secret project',
  });
  const invoiceId = await set.draft();
  const { invoice } = await set.admin.invoices.issue({ id: invoiceId });
  THEIR_WORDS.push(invoice.number ?? 'no number');
  const { fileId } = await storePageThings(set.deps, other, {
    file: 'their-plan.pdf',
    clientSays: 'Their private message',
    ownerSays: 'Their private answer',
    note: 'Their note',
  });
  theirs['/invoices/:id'] = String(invoiceId);
  theirs['/calls/:id'] = String(await storeCall(set.deps, set.leadId));
  theirs['/files/:id'] = String(fileId);
  theirs['/messages/:id'] = '1';
});

/** The app's paths under /e/ and /api/e/ that name a link, with their methods. */
function linkRoutes(): { method: string; path: string }[] {
  const seen = new Set<string>();
  return app.routes
    .filter((route) => /^\/(api\/)?e\/:token/.test(route.path) && route.method !== 'ALL')
    .filter((route) => {
      const key = `${route.method} ${route.path}`;
      return !seen.has(key) && seen.add(key);
    })
    .map(({ method, path }) => ({ method, path }));
}

/** The path asked: my token, and the other engagement's id for each other parameter. */
function asked(path: string): string {
  return path.replace(/\/([a-z-]+)\/:(\w+)/g, (whole: string, segment: string, name: string) => {
    if (name === 'token') return `/${segment}/${mine.token}`;
    const id = theirs[`/${segment}/:${name}`];
    if (id === undefined) throw new Error(`${path}: add the other's id for /${segment}/:${name}`);
    return `/${segment}/${id}`;
  });
}

describe("another engagement's objects through my link", () => {
  it('finds the page, its JSON and its PDFs among the routes', () => {
    const paths = linkRoutes().map((r) => `${r.method} ${r.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'GET /api/e/:token',
        'GET /e/:token',
        'GET /e/:token/proposal.pdf',
        'GET /e/:token/invoices/:id/pdf',
        'GET /e/:token/calls/:id',
      ]),
    );
  });

  it('answers each path that names an object 404, with none of its content', async () => {
    const withIds = linkRoutes().filter((r) => r.path.replace(':token', '').includes(':'));
    expect(withIds.length).toBeGreaterThan(0);
    for (const { method, path } of withIds) {
      const body = method === 'GET' ? undefined : new URLSearchParams({ text: 'x' }).toString();
      const response = await app.request(asked(path), {
        method,
        body,
        headers: body ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
      });
      const text = await response.text();
      expect([method, path, response.status]).toEqual([method, path, 404]);
      for (const word of THEIR_WORDS) expect(text, `${method} ${path}`).not.toContain(word);
    }
  });

  it('shows none of the other’s content on my own pages', async () => {
    const own = linkRoutes().filter(
      (r) => r.method === 'GET' && !r.path.replace(':token', '').includes(':'),
    );
    for (const { path } of own) {
      const response = await app.request(asked(path));
      expect(response.status, path).toBe(200);
      const text = Buffer.from(await response.arrayBuffer()).toString('latin1');
      for (const word of THEIR_WORDS) expect(text, path).not.toContain(word);
    }
  });
});
