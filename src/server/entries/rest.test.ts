/** The entries' REST paths (docs/api.md, "Entries") through the whole app. */
import { beforeEach, describe, expect, it } from 'vitest';
import { entries } from '#db/schema';
import { ENTRY_MESSAGES } from '#shared/entries';
import { MESSAGES } from '#shared/messages';
import type { App } from '#server/app/app';
import type { TestDeps } from '#tests/support/app';
import {
  answer,
  invalid,
  rest,
  signedInRestApp,
  UNAUTHORIZED,
  type AdminRest,
} from '#tests/support/rest';

let app: App;
let deps: TestDeps;
let asAdmin: AdminRest;

beforeEach(async () => {
  ({ app, deps, asAdmin } = await signedInRestApp());
});

const NEW = {
  kind: 'insight',
  title: 'Why evals come first',
  summary: 'Test before you ship.',
  body: 'Evals **first**.',
};
const NOW = '2026-01-15T10:00:00.000Z';
const DRAFT = {
  id: 1,
  kind: 'insight',
  slug: 'why-evals-come-first',
  title: NEW.title,
  summary: NEW.summary,
  body: NEW.body,
  client: null,
  industry: null,
  results: [],
  coverImage: null,
  tags: [],
  status: 'draft',
  publishedAt: null,
  updatedAt: NOW,
  version: 1,
};
const stored = async () => (await deps.db.select().from(entries).all()).length;
const LISTED = Object.fromEntries(Object.entries(DRAFT).filter(([key]) => key !== 'body'));

describe('the entries paths', () => {
  it('POST /api/entries answers 201 { success, entry } as a draft; a taken slug 409 naming `slug`', async () => {
    expect(await asAdmin('POST', '/api/entries', { json: NEW })).toEqual(
      answer(201, { success: true, entry: DRAFT }),
    );
    expect(
      await asAdmin('POST', '/api/entries', { json: { ...NEW, slug: 'why-evals-come-first' } }),
    ).toEqual(
      answer(409, {
        success: false,
        message: ENTRY_MESSAGES.slugTaken,
        issues: [{ path: 'slug', message: ENTRY_MESSAGES.slugTaken }],
      }),
    );
    expect(await stored()).toBe(1);
  });

  it('answers bad input 400 with issue paths, and stores nothing', async () => {
    const bad = {
      ...NEW,
      slug: 'Capital-Letters',
      title: 'T'.repeat(121),
      results: Array.from({ length: 7 }, () => ({ label: 'Cost', value: '-1 %' })),
    };
    expect(await asAdmin('POST', '/api/entries', { json: bad })).toEqual(
      answer(
        400,
        invalid([
          { path: 'slug', message: ENTRY_MESSAGES.slug },
          { path: 'title', message: ENTRY_MESSAGES.titleMax },
          { path: 'results', message: ENTRY_MESSAGES.results },
        ]),
      ),
    );
    expect(await asAdmin('POST', '/api/entries', { raw: '' })).toMatchObject({ status: 400 });
    expect(await stored()).toBe(0);
  });

  it('GET /api/entries answers { success, entries, total, page, pageSize: 25 } with its filters', async () => {
    await asAdmin('POST', '/api/entries', { json: NEW });
    expect(await asAdmin('GET', '/api/entries?kind=insight&status=draft&q=EVALS&page=1')).toEqual(
      answer(200, { success: true, entries: [LISTED], total: 1, page: 1, pageSize: 25 }),
    );
    expect(await asAdmin('GET', '/api/entries?kind=&status=&q=&page=')).toMatchObject({
      status: 200,
      body: { total: 1 },
    });
    expect(await asAdmin('GET', '/api/entries?kind=case_study')).toMatchObject({
      body: { entries: [], total: 0 },
    });
    expect(await asAdmin('GET', '/api/entries?status=gone&page=0')).toEqual(
      answer(
        400,
        invalid([
          { path: 'status', message: ENTRY_MESSAGES.status },
          { path: 'page', message: MESSAGES.page },
        ]),
      ),
    );
  });

  it('GET /api/entries/:id answers { success, entry, versions }; 404 unknown, 400 a bad id', async () => {
    await asAdmin('POST', '/api/entries', { json: NEW });
    expect(await asAdmin('GET', '/api/entries/1')).toEqual(
      answer(200, {
        success: true,
        entry: DRAFT,
        versions: [{ version: 1, at: NOW, by: 'admin' }],
      }),
    );
    expect(await asAdmin('GET', '/api/entries/2')).toEqual(
      answer(404, { success: false, message: ENTRY_MESSAGES.notFound }),
    );
    expect(await asAdmin('GET', '/api/entries/1.5')).toEqual(
      answer(400, invalid([{ path: 'id', message: MESSAGES.id }])),
    );
  });

  it('PUT /api/entries/:id saves over baseVersion (200), refuses a stale one (409)', async () => {
    await asAdmin('POST', '/api/entries', { json: NEW });
    const save = { ...NEW, title: 'Evals first', slug: 'evals-first', baseVersion: 1 };
    expect(await asAdmin('PUT', '/api/entries/1', { json: save })).toEqual(
      answer(200, {
        success: true,
        entry: { ...DRAFT, title: 'Evals first', slug: 'evals-first', version: 2 },
      }),
    );
    expect(await asAdmin('PUT', '/api/entries/1', { json: save })).toEqual(
      answer(409, { success: false, message: ENTRY_MESSAGES.stale }),
    );
    expect(await asAdmin('PUT', '/api/entries/1', { json: { ...NEW } })).toEqual(
      answer(400, invalid([{ path: 'baseVersion', message: ENTRY_MESSAGES.baseVersion }])),
    );
  });

  it('of several PUTs on the same version at once, one answers 200 and the others 409', async () => {
    await asAdmin('POST', '/api/entries', { json: NEW });
    const statuses = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        asAdmin('PUT', '/api/entries/1', {
          json: { ...NEW, title: `Save ${i}`, baseVersion: 1 },
        }).then((r) => r.status),
      ),
    );
    expect(statuses.sort()).toEqual([200, 409, 409, 409, 409]);
  });

  it('of several POSTs of one slug at once, one answers 201 and the others 409', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 5 }, () =>
        asAdmin('POST', '/api/entries', { json: { ...NEW, slug: 'one-slug' } }).then(
          (r) => r.status,
        ),
      ),
    );
    expect(statuses.sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await stored()).toBe(1);
  });

  it('POST /api/entries/:id/publish and /unpublish answer 200 { success, entry }', async () => {
    await asAdmin('POST', '/api/entries', { json: NEW });
    const published = { ...DRAFT, status: 'published', publishedAt: NOW };
    expect(await asAdmin('POST', '/api/entries/1/publish')).toEqual(
      answer(200, { success: true, entry: published }),
    );
    expect(await asAdmin('POST', '/api/entries/1/unpublish')).toEqual(
      answer(200, { success: true, entry: { ...published, status: 'draft' } }),
    );
    expect(await asAdmin('POST', '/api/entries/7/publish')).toEqual(
      answer(404, { success: false, message: ENTRY_MESSAGES.notFound }),
    );
  });

  it('DELETE /api/entries/:id answers 200 { success: true }; 404 after', async () => {
    await asAdmin('POST', '/api/entries', { json: NEW });
    expect(await asAdmin('DELETE', '/api/entries/1')).toEqual(answer(200, { success: true }));
    expect(await asAdmin('DELETE', '/api/entries/1')).toEqual(
      answer(404, { success: false, message: ENTRY_MESSAGES.notFound }),
    );
  });

  it('answers 401 signed out, before the id or body, and changes nothing', async () => {
    await asAdmin('POST', '/api/entries', { json: NEW });
    const calls: [string, string, object][] = [
      ['GET', '/api/entries', {}],
      ['POST', '/api/entries', { json: NEW }],
      ['GET', '/api/entries/abc', {}],
      ['PUT', '/api/entries/1', { json: { ...NEW, title: 'Mine', baseVersion: 1 } }],
      ['POST', '/api/entries/1/publish', {}],
      ['POST', '/api/entries/1/unpublish', {}],
      ['DELETE', '/api/entries/1', {}],
    ];
    for (const [method, path, opts] of calls) {
      expect(await rest(app, method, path, opts), `${method} ${path}`).toEqual(
        answer(401, UNAUTHORIZED),
      );
    }
    expect(await asAdmin('GET', '/api/entries/1')).toMatchObject({
      body: { entry: { title: NEW.title, status: 'draft', version: 1 } },
    });
  });
});
