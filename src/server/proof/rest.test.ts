/**
 * The testimonials' and client logos' REST paths (docs/api.md, "Testimonials and client
 * logos") through the whole app: statuses, bodies, and bad input answered 400 with issue
 * paths and nothing stored.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { clientLogos, testimonials } from '#db/schema';
import { MESSAGES } from '#shared/messages';
import { PROOF_MESSAGES } from '#shared/proof';
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

const NEW = { quote: 'Answers in minutes.', name: 'Ada Lovelace', company: 'Harbor' };
const CONSENT = { at: '2026-01-10', how: 'e-mail of 10 January' };
const DRAFT = {
  id: 1,
  quote: NEW.quote,
  name: NEW.name,
  role: '',
  company: 'Harbor',
  photo: null,
  entryId: null,
  leadId: null,
  consent: null,
  status: 'draft',
};
const storedTestimonials = async () => (await deps.db.select().from(testimonials).all()).length;

describe('the testimonials paths', () => {
  it('POST 201, PUT 200, GET the list, DELETE 200', async () => {
    expect(await asAdmin('POST', '/api/testimonials', { json: NEW })).toEqual(
      answer(201, { success: true, testimonial: DRAFT }),
    );
    expect(
      await asAdmin('PUT', '/api/testimonials/1', { json: { ...NEW, consent: CONSENT } }),
    ).toEqual(answer(200, { success: true, testimonial: { ...DRAFT, consent: CONSENT } }));
    expect(await asAdmin('GET', '/api/testimonials?status=draft&q=ada&page=1')).toEqual(
      answer(200, {
        success: true,
        testimonials: [{ ...DRAFT, consent: CONSENT }],
        total: 1,
        page: 1,
        pageSize: 25,
      }),
    );
    expect(await asAdmin('DELETE', '/api/testimonials/1')).toEqual(answer(200, { success: true }));
    expect(await asAdmin('DELETE', '/api/testimonials/1')).toEqual(
      answer(404, { success: false, message: PROOF_MESSAGES.testimonialNotFound }),
    );
  });

  it('answers bad input 400 with issue paths, and stores nothing', async () => {
    const bad = { quote: 'q'.repeat(601), name: 'A', consent: { at: 'May 3', how: 'e-mail' } };
    expect(await asAdmin('POST', '/api/testimonials', { json: bad })).toEqual(
      answer(
        400,
        invalid([
          { path: 'quote', message: PROOF_MESSAGES.quoteMax },
          { path: 'name', message: MESSAGES.name },
          { path: 'consent.at', message: PROOF_MESSAGES.consentAt },
        ]),
      ),
    );
    expect(await asAdmin('POST', '/api/testimonials', { json: { ...NEW, entryId: 42 } })).toEqual(
      answer(400, invalid([{ path: 'entryId', message: PROOF_MESSAGES.entryUnknown }])),
    );
    expect(await storedTestimonials()).toBe(0);
  });

  it('publishing without consent is 400 naming `consent`; with it 200, twice at once one audit', async () => {
    await asAdmin('POST', '/api/testimonials', { json: NEW });
    expect(await asAdmin('POST', '/api/testimonials/1/publish')).toEqual(
      answer(400, invalid([{ path: 'consent', message: PROOF_MESSAGES.consentRequired }])),
    );
    await asAdmin('PUT', '/api/testimonials/1', { json: { ...NEW, consent: CONSENT } });
    const both = await Promise.all([
      asAdmin('POST', '/api/testimonials/1/publish'),
      asAdmin('POST', '/api/testimonials/1/publish'),
    ]);
    expect(
      both.map((r) => [
        r.status,
        (r.body as { testimonial: { status: string } }).testimonial.status,
      ]),
    ).toEqual([
      [200, 'published'],
      [200, 'published'],
    ]);
    const audit = await asAdmin('GET', '/api/audit?action=testimonial_published');
    expect((audit.body as { total: number }).total).toBe(1);
    expect(await asAdmin('POST', '/api/testimonials/1/unpublish')).toMatchObject({
      status: 200,
      body: { testimonial: { status: 'draft' } },
    });
  });

  it('answers 401 signed out and 400 for a bad id', async () => {
    expect(await rest(app, 'POST', '/api/testimonials', { json: NEW })).toEqual(
      answer(401, UNAUTHORIZED),
    );
    expect(await asAdmin('POST', '/api/testimonials/abc/publish')).toEqual(
      answer(400, invalid([{ path: 'id', message: MESSAGES.id }])),
    );
    expect(await storedTestimonials()).toBe(0);
  });
});

describe('the client logos paths', () => {
  it('a logo without image is 400 naming `image` on publish; nothing changes', async () => {
    expect(
      await asAdmin('POST', '/api/client-logos', { json: { name: 'Acme', consent: CONSENT } }),
    ).toEqual(
      answer(201, {
        success: true,
        clientLogo: {
          id: 1,
          name: 'Acme',
          image: null,
          url: null,
          consent: CONSENT,
          status: 'draft',
        },
      }),
    );
    expect(await asAdmin('POST', '/api/client-logos/1/publish')).toEqual(
      answer(400, invalid([{ path: 'image', message: PROOF_MESSAGES.imageRequired }])),
    );
    expect(
      await asAdmin('PUT', '/api/client-logos/1', { json: { name: 'Acme', url: 'ftp://x' } }),
    ).toEqual(answer(400, invalid([{ path: 'url', message: PROOF_MESSAGES.url }])));
    expect((await deps.db.select().from(clientLogos).all())[0]).toMatchObject({
      status: 'draft',
      url: null,
    });
    expect(await asAdmin('GET', '/api/client-logos')).toMatchObject({
      status: 200,
      body: { total: 1, pageSize: 25 },
    });
  });
});
