import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { aiFactTags } from '../../../db/schema';
import { MESSAGES } from '../../shared/messages';
import type { Fact, Tag } from './serialize';
import type { App } from '../http/app';
import type { TestDeps } from '../../../tests/support/app';
import {
  invalid,
  rest,
  signedInRestApp,
  UNAUTHORIZED,
  type AdminRest,
} from '../../../tests/support/rest';

let app: App;
let deps: TestDeps;
let asAdmin: AdminRest;

beforeEach(async () => {
  ({ app, deps, asAdmin } = await signedInRestApp());
});

const valid = { factText: 'A true fact about AI', source: 'A source' };

async function createFact(fields: Record<string, unknown> = {}): Promise<Fact> {
  const { status, body } = await asAdmin('POST', '/api/ai-facts', {
    json: { ...valid, ...fields },
  });
  expect(status).toBe(201);
  return (body as { fact: Fact }).fact;
}

async function createTag(name: string): Promise<Tag> {
  const { status, body } = await asAdmin('POST', '/api/tags', { json: { name } });
  expect(status).toBe(201);
  return (body as { tag: Tag }).tag;
}

const links = async (factId: number) =>
  await deps.db.select().from(aiFactTags).where(eq(aiFactTags.factId, factId)).all();

const BAD_IDS = ['abc', '1.5', '1e3', '0', '-1', '01'];
const badId = (path = 'id') => invalid([{ path, message: MESSAGES.id }]);

describe('GET /api/ai-facts', () => {
  it('answers active facts with id, text and source only, by order then id', async () => {
    const second = await createFact({ order: 2, factText: 'Second fact' });
    const first = await createFact({ order: 1, factText: 'First fact' });
    await createFact({ order: 1, active: false, factText: 'Hidden fact' });
    const response = await rest(app, 'GET', '/api/ai-facts');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      facts: [first, second].map(({ id, factText, source }) => ({ id, factText, source })),
    });
  });
});

describe('GET /api/ai-facts/all', () => {
  it('answers every fact for an admin', async () => {
    const a = await createFact({ order: 3 });
    const b = await createFact({ order: 1, active: false, factDate: '' });
    const response = await asAdmin('GET', '/api/ai-facts/all');
    expect(response).toMatchObject({ status: 200, body: { success: true, facts: [b, a] } });
    expect(b.factDate).toBeNull();
  });

  it('answers 401 without a session', async () => {
    expect(await rest(app, 'GET', '/api/ai-facts/all')).toMatchObject({
      status: 401,
      body: UNAUTHORIZED,
    });
  });
});

describe('GET /api/ai-facts/:id/with-tags', () => {
  it('answers the fact with its tags', async () => {
    const fact = await createFact();
    const tag = await createTag('history');
    await asAdmin('POST', `/api/ai-facts/${fact.id}/tags/${tag.id}`);
    expect(await asAdmin('GET', `/api/ai-facts/${fact.id}/with-tags`)).toMatchObject({
      status: 200,
      body: { success: true, fact: { ...fact, tags: [tag] } },
    });
  });

  it('answers 404 for an unknown id', async () => {
    expect(await asAdmin('GET', '/api/ai-facts/77/with-tags')).toMatchObject({
      status: 404,
      body: { success: false, message: 'AI fact not found' },
    });
  });

  it.each(BAD_IDS)('answers 400 for the id %s', async (id) => {
    expect(await asAdmin('GET', `/api/ai-facts/${id}/with-tags`)).toMatchObject({
      status: 400,
      body: badId(),
    });
  });

  it('answers 401 before looking at the id', async () => {
    expect(await rest(app, 'GET', '/api/ai-facts/abc/with-tags')).toMatchObject({
      status: 401,
      body: UNAUTHORIZED,
    });
  });
});

describe('POST /api/ai-facts', () => {
  it('creates a fact and answers 201 with it', async () => {
    const created = await asAdmin('POST', '/api/ai-facts', {
      json: { ...valid, active: true, factDate: '2017-06-12', createdAt: '2000-01-01' },
    });
    expect(created).toMatchObject({
      status: 201,
      body: {
        success: true,
        fact: {
          id: expect.any(Number),
          ...valid,
          order: 1,
          active: true,
          factDate: '2017-06-12T00:00:00.000Z',
          createdAt: deps.clock.now().toISOString(),
        },
      },
    });
  });

  it('puts a fact with order 0 or none after the highest order', async () => {
    await createFact({ order: 4 });
    expect((await createFact({ order: 0 })).order).toBe(5);
    expect((await createFact({ order: null })).order).toBe(6);
    expect((await createFact()).order).toBe(7);
  });

  it.each(['', 'not a date'])('stores the fact date %j as null', async (factDate) => {
    expect((await createFact({ factDate })).factDate).toBeNull();
  });

  it('answers 400 naming each invalid field', async () => {
    expect(
      await asAdmin('POST', '/api/ai-facts', { json: { factText: 'abc', source: 'x' } }),
    ).toMatchObject({
      status: 400,
      body: invalid([
        { path: 'factText', message: MESSAGES.factText },
        { path: 'source', message: MESSAGES.source },
      ]),
    });
  });

  it('answers 400 for an empty object', async () => {
    expect(await asAdmin('POST', '/api/ai-facts', { json: {} })).toMatchObject({
      status: 400,
      body: invalid([
        { path: 'factText', message: 'Required' },
        { path: 'source', message: 'Required' },
      ]),
    });
  });

  it.each([
    ['', 'Request body must be JSON'],
    ['{"factText":', 'Request body must be valid JSON'],
  ])('answers 400 for the body %j', async (raw, message) => {
    expect(await asAdmin('POST', '/api/ai-facts', { raw })).toEqual({
      status: 400,
      body: { success: false, message },
      headers: expect.any(Headers),
    });
  });

  it('answers 400 for a POST with no body at all', async () => {
    expect(await asAdmin('POST', '/api/ai-facts')).toMatchObject({
      status: 400,
      body: { success: false, message: 'Required', issues: [{ path: '', message: 'Required' }] },
    });
  });

  it('answers 401 before looking at the body', async () => {
    for (const opts of [{ raw: '' }, { raw: '{' }, { json: {} }, { json: valid }]) {
      expect(await rest(app, 'POST', '/api/ai-facts', opts)).toMatchObject({
        status: 401,
        body: UNAUTHORIZED,
      });
    }
    expect((await asAdmin('GET', '/api/ai-facts/all')).body).toEqual({ success: true, facts: [] });
  });
});

describe('PATCH /api/ai-facts/:id', () => {
  it('changes only the fields sent', async () => {
    const fact = await createFact({ factDate: '2020-01-01' });
    expect(
      await asAdmin('PATCH', `/api/ai-facts/${fact.id}`, { json: { active: false } }),
    ).toMatchObject({
      status: 200,
      body: { success: true, fact: { ...fact, active: false } },
    });
    const response = await asAdmin('PATCH', `/api/ai-facts/${fact.id}`, {
      json: { factText: 'Edited fact', factDate: 'not a date' },
    });
    expect(response.body).toEqual({
      success: true,
      fact: { ...fact, active: false, factText: 'Edited fact', factDate: null },
    });
  });

  it('names invalid fields as sent, without a wrapper', async () => {
    const fact = await createFact();
    expect(
      await asAdmin('PATCH', `/api/ai-facts/${fact.id}`, { json: { source: 'x', order: -1 } }),
    ).toMatchObject({
      status: 400,
      body: invalid([
        { path: 'source', message: MESSAGES.source },
        { path: 'order', message: MESSAGES.order },
      ]),
    });
  });

  it('answers 404 for an unknown id', async () => {
    expect(await asAdmin('PATCH', '/api/ai-facts/9', { json: { active: false } })).toMatchObject({
      status: 404,
      body: { success: false, message: 'AI fact not found' },
    });
  });

  it.each(BAD_IDS)('answers 400 for the id %s', async (id) => {
    expect(
      await asAdmin('PATCH', `/api/ai-facts/${id}`, { json: { active: false } }),
    ).toMatchObject({ status: 400, body: badId() });
  });

  it('answers 400 for an empty JSON body, and 401 first without a session', async () => {
    const fact = await createFact();
    expect(await asAdmin('PATCH', `/api/ai-facts/${fact.id}`, { raw: '' })).toMatchObject({
      status: 400,
      body: { success: false, message: 'Request body must be JSON' },
    });
    expect(await rest(app, 'PATCH', `/api/ai-facts/${fact.id}`, { raw: '' })).toMatchObject({
      status: 401,
    });
    expect(await rest(app, 'PATCH', '/api/ai-facts/abc', { json: {} })).toMatchObject({
      status: 401,
      body: UNAUTHORIZED,
    });
  });
});

describe('DELETE /api/ai-facts/:id', () => {
  it('removes the fact and its tag links', async () => {
    const fact = await createFact();
    const tag = await createTag('vision');
    await asAdmin('POST', `/api/ai-facts/${fact.id}/tags/${tag.id}`);
    expect(await links(fact.id)).toHaveLength(1);
    expect(await asAdmin('DELETE', `/api/ai-facts/${fact.id}`)).toMatchObject({
      status: 200,
      body: { success: true },
    });
    expect(await links(fact.id)).toHaveLength(0);
    expect((await asAdmin('GET', '/api/ai-facts/all')).body).toEqual({ success: true, facts: [] });
    expect((await asAdmin('GET', '/api/tags')).body).toEqual({ success: true, tags: [tag] });
  });

  it('answers 404 for an unknown id, 400 for a bad one and 401 without a session', async () => {
    expect(await asAdmin('DELETE', '/api/ai-facts/5')).toMatchObject({ status: 404 });
    for (const id of BAD_IDS) {
      expect(await asAdmin('DELETE', `/api/ai-facts/${id}`)).toMatchObject({
        status: 400,
        body: badId(),
      });
    }
    const fact = await createFact();
    expect(await rest(app, 'DELETE', `/api/ai-facts/${fact.id}`)).toMatchObject({
      status: 401,
      body: UNAUTHORIZED,
    });
    expect(await rest(app, 'DELETE', '/api/ai-facts/abc')).toMatchObject({ status: 401 });
  });
});

describe('POST /api/ai-facts/:id/move', () => {
  it('swaps with the neighbour and answers the list; at an end nothing changes', async () => {
    const a = await createFact();
    const b = await createFact();
    const moved = await asAdmin('POST', `/api/ai-facts/${a.id}/move`, {
      json: { direction: 'down' },
    });
    expect(moved).toMatchObject({
      status: 200,
      body: {
        success: true,
        facts: [
          { ...b, order: 1 },
          { ...a, order: 2 },
        ],
      },
    });
    const again = await asAdmin('POST', `/api/ai-facts/${a.id}/move`, {
      json: { direction: 'down' },
    });
    expect(again.body).toEqual(moved.body);
  });

  it('answers 400, 404 and 401 like the other fact paths', async () => {
    expect(
      await asAdmin('POST', '/api/ai-facts/1/move', { json: { direction: 'sideways' } }),
    ).toMatchObject({
      status: 400,
      body: invalid([{ path: 'direction', message: 'Invalid input' }]),
    });
    expect(await asAdmin('POST', '/api/ai-facts/1/move', { raw: '' })).toMatchObject({
      status: 400,
    });
    expect(
      await asAdmin('POST', '/api/ai-facts/1/move', { json: { direction: 'up' } }),
    ).toMatchObject({ status: 404 });
    expect(
      await asAdmin('POST', '/api/ai-facts/1e3/move', { json: { direction: 'up' } }),
    ).toMatchObject({ status: 400, body: badId() });
    expect(
      await rest(app, 'POST', '/api/ai-facts/1/move', { json: { direction: 'up' } }),
    ).toMatchObject({ status: 401 });
  });
});

describe('POST and DELETE /api/ai-facts/:factId/tags/:tagId', () => {
  it('attaches with a bodiless POST, idempotently, and detaches', async () => {
    const fact = await createFact();
    const tag = await createTag('vision');
    const path = `/api/ai-facts/${fact.id}/tags/${tag.id}`;
    expect(await asAdmin('POST', path)).toMatchObject({ status: 200, body: { success: true } });
    expect(await asAdmin('POST', path, { json: {} })).toMatchObject({ status: 200 });
    expect(await links(fact.id)).toHaveLength(1);
    expect(await asAdmin('DELETE', path)).toMatchObject({ status: 200, body: { success: true } });
    expect(await asAdmin('DELETE', path)).toMatchObject({ status: 200, body: { success: true } });
    expect(await links(fact.id)).toHaveLength(0);
  });

  it('answers 400 for an empty body declared as JSON, and attaches nothing', async () => {
    const fact = await createFact();
    const tag = await createTag('vision');
    expect(
      await asAdmin('POST', `/api/ai-facts/${fact.id}/tags/${tag.id}`, { raw: '' }),
    ).toMatchObject({
      status: 400,
      body: { success: false, message: 'Request body must be JSON' },
    });
    expect(await links(fact.id)).toHaveLength(0);
  });

  it.each(['POST', 'DELETE'])('%s answers 404 naming what is missing', async (method) => {
    const fact = await createFact();
    const tag = await createTag('vision');
    expect(await asAdmin(method, `/api/ai-facts/99/tags/${tag.id}`)).toMatchObject({
      status: 404,
      body: { success: false, message: 'AI fact not found' },
    });
    expect(await asAdmin(method, `/api/ai-facts/${fact.id}/tags/99`)).toMatchObject({
      status: 404,
      body: { success: false, message: 'Tag not found' },
    });
    expect(await asAdmin(method, '/api/ai-facts/98/tags/99')).toMatchObject({
      status: 404,
      body: { success: false, message: 'AI fact and tag not found' },
    });
  });

  it.each(['POST', 'DELETE'])('%s answers 400 for bad ids in either place', async (method) => {
    for (const id of BAD_IDS) {
      expect(await asAdmin(method, `/api/ai-facts/${id}/tags/1`)).toMatchObject({
        status: 400,
        body: badId('factId'),
      });
      expect(await asAdmin(method, `/api/ai-facts/1/tags/${id}`)).toMatchObject({
        status: 400,
        body: badId('tagId'),
      });
    }
  });

  it.each(['POST', 'DELETE'])(
    '%s answers 401 without a session, before the ids',
    async (method) => {
      const fact = await createFact();
      const tag = await createTag('vision');
      for (const path of [`/api/ai-facts/${fact.id}/tags/${tag.id}`, '/api/ai-facts/x/tags/0']) {
        expect(await rest(app, method, path)).toMatchObject({ status: 401, body: UNAUTHORIZED });
      }
      expect(await links(fact.id)).toHaveLength(0);
    },
  );
});
