/**
 * Erasing a lead erases its testimonials, published or not, with their photos' files
 * (leads/person-data.ts, docs/leads.md "A person's data"); its export lists them.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { mediaFiles, testimonials } from '#db/schema';
import { procedureCallers, type Caller, type TestDeps } from '#tests/support/app';
import { testImage } from '#tests/support/images';
import { storeLeads } from '#tests/support/stored-leads';
import { personData } from '#server/leads/person-data';

let deps: TestDeps;
let admin: Caller;

beforeEach(async () => {
  ({ deps, admin } = await procedureCallers());
});

const CONSENT = { at: '2026-01-10', how: 'e-mail of 10 January' };

describe("a lead's testimonials", () => {
  it('are in its export and erased with it, photos included; nobody else’s', async () => {
    await storeLeads(deps, 2);
    const quoted = async (leadId: number, quote: string) => {
      const { testimonial } = await admin.testimonials.create({
        quote,
        name: `Person ${leadId}`,
        leadId,
        consent: CONSENT,
      });
      await admin.testimonials.uploadPhoto({
        id: testimonial.id,
        file: { name: 'me.png', bytes: new Uint8Array(await testImage('png', 80, 80)) },
        alt: '',
      });
      return testimonial.id;
    };
    const published = await quoted(1, 'Great work.');
    await admin.testimonials.publish({ id: published });
    await quoted(1, 'A draft.');
    const others = await quoted(2, 'Someone else.');

    const exported = await personData(deps.db, 1, deps.clock.now());
    expect(exported?.testimonials.map((t) => [t.quote, t.status, t.consent])).toEqual([
      ['Great work.', 'published', CONSENT],
      ['A draft.', 'draft', CONSENT],
    ]);

    expect(await admin.leads.erase({ id: 1 })).toEqual({
      success: true,
      kept: { invoices: [], proposals: [] },
    });
    expect((await deps.db.select().from(testimonials).all()).map((t) => t.id)).toEqual([others]);
    const slots = new Set((await deps.db.select().from(mediaFiles).all()).map((f) => f.slot));
    expect(slots).toEqual(new Set([`portrait-${others}`]));
  });
});
