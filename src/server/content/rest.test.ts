import { beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../app/app';
import {
  answer,
  rest,
  signedInRestApp,
  UNAUTHORIZED,
  type AdminRest,
} from '../../../tests/support/rest';
import { CONTENT_MESSAGES } from '../../shared/site-content';
import { defaultSiteContent } from '../../shared/site-content-defaults';

let app: App;
let asAdmin: AdminRest;

beforeEach(async () => {
  ({ app, asAdmin } = await signedInRestApp());
});

const withHeadline = (headlineStart: string) => ({
  ...defaultSiteContent,
  hero: { ...defaultSiteContent.hero, headlineStart },
});

describe('/api/content', () => {
  it('answers the defaults, saves, refuses a stale base with 409, lists and restores', async () => {
    expect(await asAdmin('GET', '/api/content')).toEqual(
      answer(200, {
        success: true,
        content: defaultSiteContent,
        version: 0,
        updatedAt: null,
        updatedBy: null,
      }),
    );
    const saved = await asAdmin('PUT', '/api/content', {
      json: { content: withHeadline('First'), baseVersion: 0 },
    });
    expect(saved).toEqual(answer(200, { success: true, version: 1 }));
    expect(
      await asAdmin('PUT', '/api/content', {
        json: { content: withHeadline('Late'), baseVersion: 0 },
      }),
    ).toEqual(answer(409, { success: false, message: CONTENT_MESSAGES.stale }));
    await asAdmin('PUT', '/api/content', {
      json: { content: withHeadline('Second'), baseVersion: 1 },
    });
    const versions = await asAdmin('GET', '/api/content/versions?page=1');
    expect(versions.status).toBe(200);
    expect(versions.body).toMatchObject({ success: true, total: 2, page: 1, pageSize: 50 });
    expect(
      (versions.body as { versions: { version: number }[] }).versions.map((v) => v.version),
    ).toEqual([2, 1]);
    expect(await asAdmin('POST', '/api/content/versions/1/restore')).toEqual(
      answer(200, { success: true, version: 3 }),
    );
    const now = await asAdmin('GET', '/api/content');
    expect(now.body).toMatchObject({ version: 3, updatedBy: 'admin' });
    expect((now.body as { content: typeof defaultSiteContent }).content.hero.headlineStart).toBe(
      'First',
    );
  });

  it('restores the defaults with POST /api/content/defaults; a stale base is 409', async () => {
    await asAdmin('PUT', '/api/content', {
      json: { content: withHeadline('Mine'), baseVersion: 0 },
    });
    expect(await asAdmin('POST', '/api/content/defaults', { json: { baseVersion: 0 } })).toEqual(
      answer(409, { success: false, message: CONTENT_MESSAGES.stale }),
    );
    expect(await asAdmin('POST', '/api/content/defaults', { json: { baseVersion: 1 } })).toEqual(
      answer(200, { success: true, version: 2 }),
    );
    expect((await asAdmin('GET', '/api/content')).body).toMatchObject({
      content: defaultSiteContent,
      version: 2,
    });
    for (const raw of ['', '{}', '{"baseVersion":"1"}']) {
      const refused = await asAdmin('POST', '/api/content/defaults', { raw });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ success: false, message: expect.any(String) });
    }
  });

  it('restores only over the version the screen showed when it names one; 409 otherwise', async () => {
    for (const [headline, baseVersion] of [
      ['First', 0],
      ['Second', 1],
    ] as const) {
      await asAdmin('PUT', '/api/content', {
        json: { content: withHeadline(headline), baseVersion },
      });
    }
    expect(
      await asAdmin('POST', '/api/content/versions/1/restore', { json: { baseVersion: 1 } }),
    ).toEqual(answer(409, { success: false, message: CONTENT_MESSAGES.stale }));
    expect((await asAdmin('GET', '/api/content')).body).toMatchObject({ version: 2 });
    expect(
      await asAdmin('POST', '/api/content/versions/1/restore', { json: { baseVersion: 2 } }),
    ).toEqual(answer(200, { success: true, version: 3 }));
    // Without a body (or with one that names no base), as before: over whatever is newest.
    expect(await asAdmin('POST', '/api/content/versions/2/restore')).toEqual(
      answer(200, { success: true, version: 4 }),
    );
    expect(await asAdmin('POST', '/api/content/versions/1/restore', { json: {} })).toEqual(
      answer(200, { success: true, version: 5 }),
    );
    for (const raw of ['{"baseVersion":"5"}', '{"baseVersion":-1}', '[]', '5', 'null', '{']) {
      const refused = await asAdmin('POST', '/api/content/versions/1/restore', { raw });
      expect(refused.status, raw).toBe(400);
      expect(refused.body).toMatchObject({ success: false, message: expect.any(String) });
    }
    const named = await asAdmin('POST', '/api/content/versions/1/restore', {
      json: { baseVersion: 'five' },
    });
    expect((named.body as { issues: { path: string }[] }).issues.map((i) => i.path)).toEqual([
      'baseVersion',
    ]);
    // The path's version is the path's: a body cannot name another one.
    expect(
      await asAdmin('POST', '/api/content/versions/2/restore', {
        json: { version: 1, baseVersion: 5 },
      }),
    ).toEqual(answer(200, { success: true, version: 6 }));
    const now = (await asAdmin('GET', '/api/content')).body as {
      content: typeof defaultSiteContent;
    };
    expect(now.content.hero.headlineStart).toBe('Second');
  });

  it('answers 400 with field paths, 404 for an unknown version, 400 for a bad one', async () => {
    const content = structuredClone(defaultSiteContent);
    content.services[1].features[3] = '';
    content.contact.profileUrl = 'ftp://example.com';
    const refused = await asAdmin('PUT', '/api/content', { json: { content, baseVersion: 0 } });
    expect(refused.status).toBe(400);
    expect((refused.body as { issues: { path: string }[] }).issues.map((i) => i.path)).toEqual([
      'content.contact.profileUrl',
      'content.services.1.features.3',
    ]);
    expect((await asAdmin('POST', '/api/content/versions/7/restore')).status).toBe(404);
    expect((await asAdmin('POST', '/api/content/versions/1.5/restore')).status).toBe(400);
    expect((await asAdmin('GET', '/api/content/versions?page=0')).status).toBe(400);
  });

  it('refuses malformed, mistyped and oversized bodies with a plain error, never a 500', async () => {
    for (const raw of ['', '{', '[]', 'null', '{"content":1,"baseVersion":"0"}']) {
      const answer = await asAdmin('PUT', '/api/content', { raw });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, message: expect.any(String) });
    }
    const deep = '{"content":'.repeat(2000) + '1' + '}'.repeat(2000);
    expect((await asAdmin('PUT', '/api/content', { raw: deep })).status).toBe(400);
    const big = structuredClone(defaultSiteContent);
    big.legal.terms = 'x'.repeat(70_000);
    expect(
      (await asAdmin('PUT', '/api/content', { json: { content: big, baseVersion: 0 } })).status,
    ).toBe(413);
    const long = structuredClone(defaultSiteContent);
    long.legal.terms = 'x'.repeat(12_001);
    const refused = await asAdmin('PUT', '/api/content', {
      json: { content: long, baseVersion: 0 },
    });
    expect(refused.status).toBe(400);
    expect((refused.body as { issues: { path: string }[] }).issues[0]?.path).toBe(
      'content.legal.terms',
    );
  });

  it('is for signed-in administrators only', async () => {
    expect(await rest(app, 'GET', '/api/content')).toEqual(answer(401, UNAUTHORIZED));
    expect(
      await rest(app, 'PUT', '/api/content', {
        json: { content: defaultSiteContent, baseVersion: 0 },
      }),
    ).toEqual(answer(401, UNAUTHORIZED));
    expect(await rest(app, 'GET', '/api/content/versions')).toEqual(answer(401, UNAUTHORIZED));
    expect(await rest(app, 'POST', '/api/content/versions/1/restore')).toEqual(
      answer(401, UNAUTHORIZED),
    );
    expect(
      await rest(app, 'POST', '/api/content/versions/1/restore', { json: { baseVersion: 0 } }),
    ).toEqual(answer(401, UNAUTHORIZED));
    expect(await rest(app, 'POST', '/api/content/defaults', { json: { baseVersion: 0 } })).toEqual(
      answer(401, UNAUTHORIZED),
    );
  });
});
