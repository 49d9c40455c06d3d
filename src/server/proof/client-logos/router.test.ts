/**
 * `clientLogos.*` through createCaller: the testimonials' consent rule, and a published logo
 * has its image (publishing without one, or removing a published one's, is 400 on `image`).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { clientLogos } from '#db/schema';
import { PROOF_MESSAGES } from '#shared/proof';
import { adminCaller, createTestDeps, type Caller, type TestDeps } from '#tests/support/app';
import { auditEntries } from '#tests/support/audit';
import { testImage } from '#tests/support/images';
import { failure, issuesOf } from '#tests/support/trpc-errors';
import { toHttpError } from '#server/http/errors';

let deps: TestDeps;
let admin: Caller;

beforeEach(async () => {
  deps = await createTestDeps();
  admin = await adminCaller(deps);
});

const CONSENT = { at: '2026-01-10', how: 'Signed case-study release of 10 January' };
const stored = async () => deps.db.select().from(clientLogos).all();

async function refusal(call: Promise<unknown>) {
  const { status, message, issues } = toHttpError(await failure(call));
  return { status, message, issues };
}

const withImage = async (id: number) =>
  admin.clientLogos.uploadImage({
    id,
    file: { name: 'acme.png', bytes: new Uint8Array(await testImage('png', 400, 100)) },
    alt: 'Acme',
  });

describe('client logos', () => {
  it('stores a draft; the address is optional, http(s) only', async () => {
    const { clientLogo } = await admin.clientLogos.create({ name: ' Acme ', url: '' });
    expect(clientLogo).toEqual({
      id: 1,
      name: 'Acme',
      image: null,
      url: null,
      consent: null,
      status: 'draft',
    });
    for (const url of ['ftp://acme.example', 'javascript:alert(1)', 'acme.example']) {
      expect(await issuesOf(admin.clientLogos.create({ name: 'Acme', url }))).toEqual([
        { path: 'url', message: PROOF_MESSAGES.url },
      ]);
    }
    expect(
      (await admin.clientLogos.create({ name: 'Acme', url: 'https://acme.example/' })).clientLogo
        .url,
    ).toBe('https://acme.example/');
    expect(await issuesOf(admin.clientLogos.create({ name: '' }))).toEqual([
      { path: 'name', message: PROOF_MESSAGES.logoName },
    ]);
    expect(await stored()).toHaveLength(2);
  });

  it('refuses to publish without consent (400 `consent`), then without an image (400 `image`)', async () => {
    const { clientLogo } = await admin.clientLogos.create({ name: 'Acme' });
    expect(await refusal(admin.clientLogos.publish({ id: clientLogo.id }))).toEqual({
      status: 400,
      message: PROOF_MESSAGES.consentRequired,
      issues: [{ path: 'consent', message: PROOF_MESSAGES.consentRequired }],
    });
    await admin.clientLogos.save({ id: clientLogo.id, name: 'Acme', consent: CONSENT });
    expect(await refusal(admin.clientLogos.publish({ id: clientLogo.id }))).toEqual({
      status: 400,
      message: PROOF_MESSAGES.imageRequired,
      issues: [{ path: 'image', message: PROOF_MESSAGES.imageRequired }],
    });
    expect((await stored())[0]?.status).toBe('draft');
    expect(await auditEntries(deps.db)).toEqual([]);
  });

  it('publishes with consent and image, audited once; a published logo keeps its image', async () => {
    const { clientLogo } = await admin.clientLogos.create({ name: 'Acme', consent: CONSENT });
    const { clientLogo: pictured } = await withImage(clientLogo.id);
    expect(pictured.image).toMatchObject({ width: 400, height: 100, alt: 'Acme' });
    await Promise.all([
      admin.clientLogos.publish({ id: clientLogo.id }),
      admin.clientLogos.publish({ id: clientLogo.id }),
    ]);
    expect((await auditEntries(deps.db)).map((e) => [e.action, e.target])).toEqual([
      ['client_logo_published', 'client logo 1 (Acme)'],
    ]);
    expect(await refusal(admin.clientLogos.removeImage({ id: clientLogo.id }))).toEqual({
      status: 400,
      message: PROOF_MESSAGES.imageKept,
      issues: [{ path: 'image', message: PROOF_MESSAGES.imageKept }],
    });
    expect(
      (await refusal(admin.clientLogos.save({ id: clientLogo.id, name: 'Acme', consent: null })))
        .issues,
    ).toEqual([{ path: 'consent', message: PROOF_MESSAGES.consentRequired }]);
    expect((await stored())[0]).toMatchObject({ status: 'published', consentAt: '2026-01-10' });
    await admin.clientLogos.unpublish({ id: clientLogo.id });
    expect(
      (await admin.clientLogos.removeImage({ id: clientLogo.id })).clientLogo.image,
    ).toBeNull();
  });

  it('lists, reads one and deletes; 404 for an unknown logo', async () => {
    await admin.clientLogos.create({ name: 'Acme' });
    await admin.clientLogos.create({ name: 'Globex' });
    expect((await admin.clientLogos.byId({ id: 2 })).clientLogo).toMatchObject({
      id: 2,
      name: 'Globex',
      status: 'draft',
    });
    expect((await admin.clientLogos.list({ q: 'glob' })).clientLogos.map((l) => l.name)).toEqual([
      'Globex',
    ]);
    expect(await admin.clientLogos.remove({ id: 1 })).toEqual({ success: true });
    expect((await failure(admin.clientLogos.remove({ id: 1 }))).code).toBe('NOT_FOUND');
    expect((await failure(admin.clientLogos.publish({ id: 1 }))).code).toBe('NOT_FOUND');
    expect((await failure(admin.clientLogos.byId({ id: 1 }))).code).toBe('NOT_FOUND');
    expect((await admin.clientLogos.list({})).total).toBe(1);
  });
});
