/**
 * The rules of an engagement's link (docs/engagements.md, "The link"), through app.request():
 * unknown 404, replaced or revoked 410, closed within 90 days read-only, closed longer 410.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { DAY_MS } from '#shared/calendar-days';
import { ENGAGEMENT_MESSAGES as M } from '#shared/engagements/texts';
import type { App } from '#server/app/app';
import { newToken } from '#server/platform/tokens';
import { createTestApp, type TestDeps } from '#tests/support/app';
import { closeStored, storeEngagement, type StoredEngagement } from '#tests/support/engagements';
import { endLinks, mintLink } from './engagement-links';
import { engagementOfToken, writableEngagement } from './link';

let app: App;
let deps: TestDeps;
let engagement: StoredEngagement;

beforeEach(async () => {
  ({ app, deps } = await createTestApp());
  engagement = await storeEngagement(deps);
});

const lookup = (token: string) =>
  engagementOfToken({ db: deps.db, clock: deps.clock, req: { ip: '203.0.113.7' } }, token);

/** The status of the page and of its JSON for a token. */
async function statuses(token: string) {
  const page = await app.request(`/e/${token}`);
  const json = await app.request(`/api/e/${token}`);
  return [page.status, json.status];
}

describe('engagementOfToken', () => {
  it('resolves the working link to the engagement the parts receive', async () => {
    expect(await lookup(engagement.token)).toEqual({
      id: engagement.id,
      leadId: engagement.leadId,
      status: 'active',
      clientUploads: false,
    });
    expect(await statuses(engagement.token)).toEqual([200, 200]);
  });

  it('answers an unknown token 404, and a token that cannot be one too', async () => {
    await expect(lookup(newToken())).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: M.notFound,
    });
    expect(await statuses(newToken())).toEqual([404, 404]);
    expect(await statuses('not-a-token')).toEqual([404, 404]);
  });

  it('answers a replaced link 410 at once, and the new one works', async () => {
    const fresh = await writeTransaction(deps.db, (tx) =>
      mintLink(tx, engagement.id, deps.clock.now()),
    );
    expect(await statuses(engagement.token)).toEqual([410, 410]);
    const json = await app.request(`/api/e/${engagement.token}`);
    expect(await json.json()).toEqual({ success: false, message: M.gone });
    expect(await statuses(fresh)).toEqual([200, 200]);
  });

  it('answers a revoked link 410', async () => {
    await writeTransaction(deps.db, (tx) =>
      endLinks(tx, engagement.id, 'revoked', deps.clock.now()),
    );
    expect(await statuses(engagement.token)).toEqual([410, 410]);
    const page = await app.request(`/e/${engagement.token}`);
    expect(await page.text()).toContain('href="/e/link"');
  });

  it('keeps a closed engagement readable, not writable, for 90 days, then 410', async () => {
    await closeStored(deps, engagement.id);
    const ref = await lookup(engagement.token);
    expect(ref.status).toBe('closed');
    expect(() => writableEngagement(ref)).toThrow(M.readOnly);
    const body = (await (await app.request(`/api/e/${engagement.token}`)).json()) as {
      engagement: { readOnly: boolean; messagePath: string | null };
    };
    expect(body.engagement).toMatchObject({ readOnly: true, messagePath: null });

    deps.clock.advance(90 * DAY_MS);
    expect(await statuses(engagement.token)).toEqual([200, 200]);
    deps.clock.advance(1);
    expect(await statuses(engagement.token)).toEqual([410, 410]);
  });

  it('lets an active engagement be written to', async () => {
    const ref = await lookup(engagement.token);
    expect(writableEngagement(ref)).toBe(ref);
  });
});
