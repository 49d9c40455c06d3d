/**
 * The drawn share image kept in the database (docs/content.md, "Share images"): its PNG bytes
 * stored and sent back the same (a blob is a Buffer from one driver, an ArrayBuffer from the
 * other), drawn once for twenty requests at once, and sent by another instance without
 * drawing. On both drivers (vite.config.ts, SQLD_TESTS); the rest is in share-images.test.ts.
 */
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { shareImages } from '#db/schema';
import { entrySite, entrySitesOnOneDatabase, type EntrySite } from '#tests/support/entry-site';
import { drawn, INSIGHT, pictureOf } from '#tests/support/share-image-fixtures';

describe('one instance', () => {
  let site: EntrySite;

  beforeEach(async () => {
    site = await entrySite();
  });

  afterEach(() => site.close());

  it('gets a 1200×630 PNG, cached a year, drawn once and kept', async () => {
    await site.publish(INSIGHT);
    const path = await pictureOf('/insights/why-evals-first', site);
    const first = await site.app.request(path);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const png = Buffer.from(await first.arrayBuffer());
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    const again = await site.app.request(path);
    expect(Buffer.from(await again.arrayBuffer()).equals(png)).toBe(true);
    expect(drawn(site)).toBe(1);
    const rows = await site.deps.db.select({ path: shareImages.path }).from(shareImages).all();
    expect(rows).toEqual([{ path }]);
  });

  it('is drawn once when twenty requests for it arrive together', async () => {
    await site.publish(INSIGHT);
    const path = await pictureOf('/insights/why-evals-first', site);
    const answers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const response = await site.app.request(path);
        return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.every((a) => a.bytes.equals(answers[0]!.bytes))).toBe(true);
    expect(drawn(site)).toBe(1);
  });
});

describe('two instances on one database', () => {
  let a: EntrySite;
  let b: EntrySite;
  let close: () => Promise<void>;

  beforeEach(async () => {
    ({ a, b, close } = await entrySitesOnOneDatabase());
  });

  afterEach(() => close());

  it('a picture drawn on one is sent by the other without drawing, same bytes', async () => {
    await a.publish(INSIGHT);
    const path = await pictureOf('/insights/why-evals-first', a);
    expect(await pictureOf('/insights/why-evals-first', b)).toBe(path);
    const onA = Buffer.from(await (await a.app.request(path)).arrayBuffer());
    const onB = Buffer.from(await (await b.app.request(path)).arrayBuffer());
    expect(onB.equals(onA)).toBe(true);
    expect([drawn(a), drawn(b)]).toEqual([1, 0]);
  });
});
