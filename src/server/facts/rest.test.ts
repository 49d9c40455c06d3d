/**
 * The /api/ai-facts paths over HTTP: statuses, bodies and the REST-only rules of docs/api.md
 * (path ids, JSON bodies, 401 before 400, PATCH issues named as sent). What the procedures do
 * with the input is proven through createCaller in router.test.ts.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { aiFactTags } from '../../../db/schema';
import { MESSAGES } from '../../shared/messages';
import type { Fact, Tag } from './serialize';
import type { App } from '../app/app';
import type { TestDeps } from '../../../tests/support/app';
import {
  answer,
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

// Which ids are refused is the procedures' rule (router.test.ts); here, that a bad path id
// is answered 400 with the error body.
const BAD_IDS = ['abc', '1.5', '1e3'];
const badId = (path = 'id') => invalid([{ path, message: MESSAGES.id }]);
const NO_FACT = { success: false, message: 'AI fact not found' };

describe('GET /api/ai-facts', () => {
  it('answers 200 with the public fields of the facts', async () => {
    const fact = await createFact();
    expect(await rest(app, 'GET', '/api/ai-facts')).toEqual(
      answer(200, {
        success: true,
        facts: [{ id: fact.id, factText: fact.factText, source: fact.source }],
      }),
    );
  });
});

describe('GET /api/ai-facts/all', () => {
  it('answers 200 with every fact', async () => {
    const fact = await createFact();
    expect(await asAdmin('GET', '/api/ai-facts/all')).toEqual(
      answer(200, { success: true, facts: [fact] }),
    );
  });

  it('answers 401 without a session', async () => {
    expect(await rest(app, 'GET', '/api/ai-facts/all')).toEqual(answer(401, UNAUTHORIZED));
  });
});

describe('GET /api/ai-facts/:id/with-tags', () => {
  it('answers the fact with its tags', async () => {
    const fact = await createFact();
    const tag = await createTag('history');
    await asAdmin('POST', `/api/ai-facts/${fact.id}/tags/${tag.id}`);
    expect(await asAdmin('GET', `/api/ai-facts/${fact.id}/with-tags`)).toEqual(
      answer(200, { success: true, fact: { ...fact, tags: [tag] } }),
    );
  });

  it('answers 404 for an unknown id', async () => {
    expect(await asAdmin('GET', '/api/ai-facts/77/with-tags')).toEqual(answer(404, NO_FACT));
  });

  it.each(BAD_IDS)('answers 400 for the id %s', async (id) => {
    expect(await asAdmin('GET', `/api/ai-facts/${id}/with-tags`)).toEqual(answer(400, badId()));
  });

  it('answers 401 before looking at the id', async () => {
    expect(await rest(app, 'GET', '/api/ai-facts/abc/with-tags')).toEqual(
      answer(401, UNAUTHORIZED),
    );
  });
});

describe('POST /api/ai-facts', () => {
  it('answers 201 with the created fact', async () => {
    expect(await asAdmin('POST', '/api/ai-facts', { json: valid })).toEqual(
      answer(201, {
        success: true,
        fact: {
          id: expect.any(Number),
          ...valid,
          order: 1,
          active: true,
          factDate: null,
          createdAt: deps.clock.now().toISOString(),
        },
      }),
    );
  });

  it('answers 400 naming each invalid field', async () => {
    expect(
      await asAdmin('POST', '/api/ai-facts', { json: { factText: 'abc', source: 'x' } }),
    ).toEqual(
      answer(
        400,
        invalid([
          { path: 'factText', message: MESSAGES.factText },
          { path: 'source', message: MESSAGES.source },
        ]),
      ),
    );
  });

  it.each([
    ['', 'Request body must be JSON'],
    ['{"factText":', 'Request body must be valid JSON'],
  ])('answers 400 for the body %j', async (raw, message) => {
    expect(await asAdmin('POST', '/api/ai-facts', { raw })).toEqual(
      answer(400, { success: false, message }),
    );
  });

  it('answers 400 for a POST with no body at all', async () => {
    expect(await asAdmin('POST', '/api/ai-facts')).toEqual(
      answer(400, invalid([{ path: '', message: 'Required' }])),
    );
  });

  it('answers 401 before looking at the body', async () => {
    for (const opts of [{ raw: '' }, { raw: '{' }, { json: {} }, { json: valid }]) {
      expect(await rest(app, 'POST', '/api/ai-facts', opts)).toEqual(answer(401, UNAUTHORIZED));
    }
  });
});

describe('PATCH /api/ai-facts/:id', () => {
  it('answers 200 with the changed fact', async () => {
    const fact = await createFact();
    expect(await asAdmin('PATCH', `/api/ai-facts/${fact.id}`, { json: { active: false } })).toEqual(
      answer(200, { success: true, fact: { ...fact, active: false } }),
    );
  });

  it('names invalid fields as sent, without a wrapper', async () => {
    const fact = await createFact();
    expect(
      await asAdmin('PATCH', `/api/ai-facts/${fact.id}`, { json: { source: 'x', order: -1 } }),
    ).toEqual(
      answer(
        400,
        invalid([
          { path: 'source', message: MESSAGES.source },
          { path: 'order', message: MESSAGES.order },
        ]),
      ),
    );
  });

  it('answers 404 for an unknown id', async () => {
    expect(await asAdmin('PATCH', '/api/ai-facts/9', { json: { active: false } })).toEqual(
      answer(404, NO_FACT),
    );
  });

  it.each(BAD_IDS)('answers 400 for the id %s', async (id) => {
    expect(await asAdmin('PATCH', `/api/ai-facts/${id}`, { json: { active: false } })).toEqual(
      answer(400, badId()),
    );
  });

  it('answers 400 for an empty JSON body, and 401 first without a session', async () => {
    const fact = await createFact();
    expect(await asAdmin('PATCH', `/api/ai-facts/${fact.id}`, { raw: '' })).toEqual(
      answer(400, { success: false, message: 'Request body must be JSON' }),
    );
    expect(await rest(app, 'PATCH', `/api/ai-facts/${fact.id}`, { raw: '' })).toEqual(
      answer(401, UNAUTHORIZED),
    );
    expect(await rest(app, 'PATCH', '/api/ai-facts/abc', { json: {} })).toEqual(
      answer(401, UNAUTHORIZED),
    );
  });
});

describe('DELETE /api/ai-facts/:id', () => {
  it('answers 200, then 404 for the same id', async () => {
    const fact = await createFact();
    expect(await asAdmin('DELETE', `/api/ai-facts/${fact.id}`)).toEqual(
      answer(200, { success: true }),
    );
    expect(await asAdmin('DELETE', `/api/ai-facts/${fact.id}`)).toEqual(answer(404, NO_FACT));
  });

  it('answers 400 for a bad id and 401 without a session, before the id', async () => {
    for (const id of BAD_IDS) {
      expect(await asAdmin('DELETE', `/api/ai-facts/${id}`)).toEqual(answer(400, badId()));
    }
    const fact = await createFact();
    for (const id of [String(fact.id), 'abc']) {
      expect(await rest(app, 'DELETE', `/api/ai-facts/${id}`)).toEqual(answer(401, UNAUTHORIZED));
    }
  });
});

describe('POST /api/ai-facts/:id/move', () => {
  it('takes the direction from the body and answers the whole list', async () => {
    const a = await createFact();
    const b = await createFact();
    expect(
      await asAdmin('POST', `/api/ai-facts/${a.id}/move`, { json: { direction: 'down' } }),
    ).toEqual(
      answer(200, {
        success: true,
        facts: [
          { ...b, order: 1 },
          { ...a, order: 2 },
        ],
      }),
    );
  });

  it('answers 400, 404 and 401 like the other fact paths', async () => {
    expect(
      await asAdmin('POST', '/api/ai-facts/1/move', { json: { direction: 'sideways' } }),
    ).toEqual(answer(400, invalid([{ path: 'direction', message: 'Invalid input' }])));
    expect(await asAdmin('POST', '/api/ai-facts/1/move', { raw: '' })).toEqual(
      answer(400, { success: false, message: 'Request body must be JSON' }),
    );
    expect(await asAdmin('POST', '/api/ai-facts/1/move', { json: { direction: 'up' } })).toEqual(
      answer(404, NO_FACT),
    );
    expect(await asAdmin('POST', '/api/ai-facts/1e3/move', { json: { direction: 'up' } })).toEqual(
      answer(400, badId()),
    );
    expect(await rest(app, 'POST', '/api/ai-facts/1/move', { json: { direction: 'up' } })).toEqual(
      answer(401, UNAUTHORIZED),
    );
  });
});

describe('POST and DELETE /api/ai-facts/:factId/tags/:tagId', () => {
  it('attaches with a bodiless POST and detaches with DELETE', async () => {
    const fact = await createFact();
    const tag = await createTag('vision');
    const path = `/api/ai-facts/${fact.id}/tags/${tag.id}`;
    expect(await asAdmin('POST', path)).toEqual(answer(200, { success: true }));
    expect(await links(fact.id)).toHaveLength(1);
    expect(await asAdmin('DELETE', path)).toEqual(answer(200, { success: true }));
    expect(await links(fact.id)).toHaveLength(0);
  });

  it('accepts a JSON body on the attach, and ignores it', async () => {
    const fact = await createFact();
    const tag = await createTag('vision');
    expect(
      await asAdmin('POST', `/api/ai-facts/${fact.id}/tags/${tag.id}`, { json: { ignored: 1 } }),
    ).toEqual(answer(200, { success: true }));
    expect(await links(fact.id)).toHaveLength(1);
  });

  it('answers 400 for an empty body declared as JSON, and attaches nothing', async () => {
    const fact = await createFact();
    const tag = await createTag('vision');
    expect(await asAdmin('POST', `/api/ai-facts/${fact.id}/tags/${tag.id}`, { raw: '' })).toEqual(
      answer(400, { success: false, message: 'Request body must be JSON' }),
    );
    expect(await links(fact.id)).toHaveLength(0);
  });

  it.each(['POST', 'DELETE'])('%s answers 404 naming what is missing', async (method) => {
    expect(await asAdmin(method, '/api/ai-facts/98/tags/99')).toEqual(
      answer(404, { success: false, message: 'AI fact and tag not found' }),
    );
  });

  it.each(['POST', 'DELETE'])('%s answers 400 for bad ids in either place', async (method) => {
    for (const id of BAD_IDS) {
      expect(await asAdmin(method, `/api/ai-facts/${id}/tags/1`)).toEqual(
        answer(400, badId('factId')),
      );
      expect(await asAdmin(method, `/api/ai-facts/1/tags/${id}`)).toEqual(
        answer(400, badId('tagId')),
      );
    }
  });

  it.each(['POST', 'DELETE'])(
    '%s answers 401 without a session, before the ids',
    async (method) => {
      const fact = await createFact();
      const tag = await createTag('vision');
      for (const path of [`/api/ai-facts/${fact.id}/tags/${tag.id}`, '/api/ai-facts/x/tags/0']) {
        expect(await rest(app, method, path)).toEqual(answer(401, UNAUTHORIZED));
      }
    },
  );
});
