/**
 * GET and POST /api/tags over HTTP: statuses, bodies and the REST-only rules of docs/api.md.
 * Sorting, trimming, letter case and the field rules are proven in tags-router.test.ts.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages';
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

describe('GET /api/tags', () => {
  it('answers 200 with the tags', async () => {
    await asAdmin('POST', '/api/tags', { json: { name: 'ethics' } });
    expect(await asAdmin('GET', '/api/tags')).toEqual(
      answer(200, {
        success: true,
        tags: [{ id: 1, name: 'ethics', createdAt: deps.clock.now().toISOString() }],
      }),
    );
  });

  it('answers 401 without a session', async () => {
    expect(await rest(app, 'GET', '/api/tags')).toEqual(answer(401, UNAUTHORIZED));
  });
});

describe('POST /api/tags', () => {
  it('answers 201 with the created tag', async () => {
    expect(await asAdmin('POST', '/api/tags', { json: { name: 'Robotics' } })).toEqual(
      answer(201, {
        success: true,
        tag: { id: 1, name: 'Robotics', createdAt: deps.clock.now().toISOString() },
      }),
    );
  });

  it('answers 409 for a name that exists', async () => {
    await asAdmin('POST', '/api/tags', { json: { name: 'Robotics' } });
    expect(await asAdmin('POST', '/api/tags', { json: { name: 'Robotics' } })).toEqual(
      answer(409, { success: false, message: 'A tag named "Robotics" already exists' }),
    );
  });

  it('answers 400 with the issue named', async () => {
    expect(await asAdmin('POST', '/api/tags', { json: { name: '  ' } })).toEqual(
      answer(400, invalid([{ path: 'name', message: MESSAGES.tagName }])),
    );
  });

  it('answers 400 for an empty JSON body and 401 before it without a session', async () => {
    expect(await asAdmin('POST', '/api/tags', { raw: '' })).toEqual(
      answer(400, { success: false, message: 'Request body must be JSON' }),
    );
    expect(await rest(app, 'POST', '/api/tags', { raw: '' })).toEqual(answer(401, UNAUTHORIZED));
    expect(await rest(app, 'POST', '/api/tags', { json: { name: 'x' } })).toEqual(
      answer(401, UNAUTHORIZED),
    );
  });
});
