/**
 * The home page's reads of the proof (published-proof.ts): only what is published with a
 * recorded consent (a logo with its image too), in the order added whatever is edited later,
 * with a photo's resized files and the published entry a testimonial belongs to; nothing of
 * the consent record or the lead.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { writeTransaction } from '#db';
import { testimonials } from '#db/schema';
import { procedureCallers, type Caller, type TestDeps } from '#tests/support/app';
import { testImage } from '#tests/support/images';
import { publishedClientLogos, publishedTestimonials } from './published-proof';

let deps: TestDeps;
let admin: Caller;

beforeEach(async () => {
  ({ deps, admin } = await procedureCallers());
});

const CONSENT = { at: '2026-01-10', how: 'e-mail of 10 January' };
const png = async (width: number, height: number) => ({
  name: 'a.png',
  bytes: new Uint8Array(await testImage('png', width, height)),
});

describe('published testimonials', () => {
  it('are the published ones with consent, oldest first, with photo sources and a published entry', async () => {
    const { entry } = await admin.entries.create({
      kind: 'case_study',
      slug: 'harbor',
      title: 'Harbor',
      summary: 'S',
      body: 'B',
    });
    for (const name of ['First', 'Second', 'Draft']) {
      const { testimonial } = await admin.testimonials.create({
        quote: `${name} quote`,
        name,
        consent: CONSENT,
        entryId: name === 'First' ? entry.id : null,
      });
      if (name !== 'Draft') await admin.testimonials.publish({ id: testimonial.id });
    }
    await admin.testimonials.uploadPhoto({ id: 2, file: await png(100, 100), alt: 'Second' });
    // Edited later: the order stays.
    deps.clock.advance(1000);
    await admin.testimonials.save({ id: 1, quote: 'First quote', name: 'First' });

    const first = await publishedTestimonials(deps.db);
    expect(first.map((t) => t.name)).toEqual(['First', 'Second']);
    // The entry only while it is published.
    expect(first[0]?.entry).toBeNull();
    await admin.entries.publish({ id: entry.id });
    const shown = await publishedTestimonials(deps.db);
    expect(shown[0]).toEqual({
      id: 1,
      quote: 'First quote',
      name: 'First',
      role: '',
      company: '',
      photo: null,
      entry: { kind: 'case_study', slug: 'harbor', title: 'Harbor' },
    });
    const photo = shown[1]?.photo;
    expect(photo).toMatchObject({ width: 64, height: 64, alt: 'Second' });
    for (const format of ['avif', 'webp', 'jpeg'] as const) {
      expect(photo?.sources[format]).toMatch(
        new RegExp(
          `^/uploads/portrait-2-${format}-1x-\\w+\\.\\w+ 64w, /uploads/portrait-2-${format}-2x-\\w+\\.\\w+ 128w$`,
        ),
      );
    }
    expect(JSON.stringify(shown)).not.toContain('January');

    // A published row without consent (written around the rules) is never shown.
    await writeTransaction(deps.db, (tx) =>
      tx.update(testimonials).set({ consentAt: null, consentHow: null }).run(),
    );
    expect(await publishedTestimonials(deps.db)).toEqual([]);
  });
});

describe('published client logos', () => {
  it('are the published ones, oldest first, with their image', async () => {
    for (const name of ['Acme', 'Globex', 'Initech']) {
      const { clientLogo } = await admin.clientLogos.create({
        name,
        consent: CONSENT,
        url: name === 'Acme' ? 'https://acme.example' : null,
      });
      await admin.clientLogos.uploadImage({
        id: clientLogo.id,
        file: await png(300, 100),
        alt: name,
      });
      if (name !== 'Globex') await admin.clientLogos.publish({ id: clientLogo.id });
    }
    const logos = await publishedClientLogos(deps.db);
    expect(logos.map((l) => [l.name, l.url, l.image.height])).toEqual([
      ['Acme', 'https://acme.example', 100],
      ['Initech', null, 100],
    ]);
  });
});
