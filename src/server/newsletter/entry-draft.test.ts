/**
 * `newsletters.fromEntry`, POST /api/newsletters/draft (docs/api.md): a published entry
 * becomes a newsletter draft in one press, with its title, summary and tagged link; nothing
 * is sent or queued. Bad, unknown and unpublished entries are refused with nothing written.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { newsletterRecipients, newsletters, outbox } from '#db/schema';
import { MESSAGES } from '#shared/messages';
import { NEWSLETTER_ADMIN_MESSAGES as M } from '#shared/newsletter-admin';
import {
  callerFor,
  createTestApp,
  signedInCookie,
  testConfig,
  type Caller,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import { failure, issuesOf } from '#tests/support/trpc-errors';
import { rest } from '#tests/support/rest';
import type { App } from '#server/app/app';
import { entryDraft } from './entry-draft';

let app: App;
let deps: TestDeps;
let admin: Caller;
let cookie: string;

beforeEach(async () => {
  ({ app, deps } = await createTestApp({
    config: testConfig({ siteUrl: 'https://consult.example', siteUrlFromEnvironment: true }),
  }));
  cookie = await signedInCookie(deps, 'alice');
  admin = callerFor(deps, { cookie }).caller;
});

const CASE = {
  kind: 'case_study' as const,
  title: 'Answers in minutes [not days]',
  summary: 'A support team cut its time to answer with a retrieval assistant.',
  body: 'Tickets waited **two days**.',
};

const written = async () => ({
  newsletters: (await deps.db.select().from(newsletters).all()).length,
  recipients: (await deps.db.select().from(newsletterRecipients).all()).length,
  mails: (await deps.db.select().from(outbox).all()).length,
});

describe('newsletters.fromEntry', () => {
  it('makes a draft of a published entry: title, summary, its page tagged for the newsletter; nothing sent', async () => {
    const { entry } = await admin.entries.create(CASE);
    await admin.entries.publish({ id: entry.id });

    const newsletter = await admin.newsletters.fromEntry({ entryId: entry.id });

    const link =
      'https://consult.example/case-studies/answers-in-minutes-not-days' +
      '?utm_source=newsletter&utm_medium=email&utm_campaign=answers-in-minutes-not-days';
    expect(newsletter).toMatchObject({
      status: 'draft',
      subject: CASE.title,
      sentAt: null,
      total: 0,
      body: `# ${CASE.title}\n\n${CASE.summary}\n\n[Read the case study: Answers in minutes \\[not days\\]](${link})\n`,
    });
    expect(await written()).toEqual({ newsletters: 1, recipients: 0, mails: 0 });
    expect((deps.mailer as RecordingMailer).sent).toEqual([]);
  });

  it('404 for an unknown entry and for a draft one (each said), 400 naming entryId; nothing written', async () => {
    const { entry } = await admin.entries.create({ ...CASE, kind: 'insight' });
    const unknown = await failure(admin.newsletters.fromEntry({ entryId: 99 }));
    expect([unknown.code, unknown.message]).toEqual(['NOT_FOUND', M.entryNotFound]);
    const draft = await failure(admin.newsletters.fromEntry({ entryId: entry.id }));
    expect([draft.code, draft.message]).toEqual(['NOT_FOUND', M.entryNotPublished]);
    expect(await issuesOf(admin.newsletters.fromEntry({ entryId: 0 }))).toEqual([
      { path: 'entryId', message: MESSAGES.id },
    ]);
    expect(await written()).toEqual({ newsletters: 0, recipients: 0, mails: 0 });
  });

  it('POST /api/newsletters/draft answers 201 { success, newsletter }; 401 signed out', async () => {
    const { entry } = await admin.entries.create(CASE);
    await admin.entries.publish({ id: entry.id });
    const path = '/api/newsletters/draft';
    const json = { entryId: entry.id };
    expect((await rest(app, 'POST', path, { json })).status).toBe(401);
    const made = await rest(app, 'POST', path, { cookie, json });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      success: true,
      newsletter: { id: 1, status: 'draft', subject: CASE.title },
    });
    expect((await rest(app, 'POST', path, { cookie, json: { entryId: 'x' } })).status).toBe(400);
    expect(await written()).toEqual({ newsletters: 1, recipients: 0, mails: 0 });
  });
});

describe('entryDraft', () => {
  it('names an insight as one', () => {
    const draft = entryDraft({ ...CASE, kind: 'insight', slug: 'a-b-c' }, 'https://x.example');
    expect(draft.body).toContain('[Read the insight: ');
    expect(draft.body).toContain('(https://x.example/insights/a-b-c?utm_source=newsletter&');
  });
});
