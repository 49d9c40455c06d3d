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
import { AI_NOT_SET_UP } from '#server/ai/ask';
import { AI_UNREADABLE } from '#server/ai/drafts';
import { AI_ON, answer, promptOf } from '#tests/support/ai';
import { MockLanguageModelV4 } from 'ai/test';
import { aiUsage } from '#db/schema';
import { entryDraft } from './entry-draft';
import { NEWSLETTER_DRAFT_INSTRUCTIONS } from './entry-draft-ai';

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
    expect(await rest(app, 'POST', path, { cookie, json: { ...json, ai: 'yes' } })).toMatchObject({
      status: 400,
      body: { issues: [{ path: 'ai', message: 'ai must be true or false' }] },
    });
    expect(await written()).toEqual({ newsletters: 1, recipients: 0, mails: 0 });
  });
});

describe('newsletters.fromEntry with ai: true', () => {
  /** The app with AI on, its model answering `texts` in turn, and a published case study. */
  async function withAi(texts: string[]) {
    let call = 0;
    const model = new MockLanguageModelV4({
      modelId: 'mock-model',
      doGenerate: async () => answer(texts[call++] ?? ''),
    });
    ({ app, deps } = await createTestApp({
      config: testConfig({
        ...AI_ON,
        siteUrl: 'https://consult.example',
        siteUrlFromEnvironment: true,
      }),
      aiModel: model,
    }));
    cookie = await signedInCookie(deps, 'alice');
    admin = callerFor(deps, { cookie }).caller;
    const { entry } = await admin.entries.create(CASE);
    await admin.entries.publish({ id: entry.id });
    return { model, entryId: entry.id };
  }

  it("writes the model's subject and text, then the entry's tagged link; nothing sent", async () => {
    const { model, entryId } = await withAi([
      JSON.stringify({ subject: 'Two days to ten minutes', text: 'Support teams **wait less**.' }),
      JSON.stringify({ subject: 'Two\nlines', text: 'Again.' }),
    ]);
    const made = await rest(app, 'POST', '/api/newsletters/draft', {
      cookie,
      json: { entryId, ai: true },
    });
    const link =
      'https://consult.example/case-studies/answers-in-minutes-not-days' +
      '?utm_source=newsletter&utm_medium=email&utm_campaign=answers-in-minutes-not-days';
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      success: true,
      newsletter: {
        status: 'draft',
        subject: 'Two days to ten minutes',
        body: `Support teams **wait less**.\n\n[Read the case study: Answers in minutes \\[not days\\]](${link})\n`,
      },
    });
    const { system, user, tools } = promptOf(model);
    expect(system).toBe(NEWSLETTER_DRAFT_INSTRUCTIONS);
    expect(tools ?? []).toEqual([]);
    expect(JSON.parse(user)).toMatchObject({ title: CASE.title, body: CASE.body, results: [] });
    // A subject that is not one line gives way to the entry's title.
    expect(await admin.newsletters.fromEntry({ entryId, ai: true })).toMatchObject({
      subject: CASE.title,
      body: expect.stringMatching(/^Again\.\n\n\[Read the case study/) as string,
    });
    expect((await deps.db.select().from(aiUsage).all()).map((u) => u.feature)).toEqual([
      'newsletter_draft',
      'newsletter_draft',
    ]);
    expect(await written()).toEqual({ newsletters: 2, recipients: 0, mails: 0 });
  });

  it('an answer without text is 503, without AI_PROVIDER 409, a draft entry 404; nothing written', async () => {
    const { entryId } = await withAi(['{"subject": "No text"}']);
    const unreadable = await failure(admin.newsletters.fromEntry({ entryId, ai: true }));
    expect([unreadable.code, unreadable.message]).toEqual(['SERVICE_UNAVAILABLE', AI_UNREADABLE]);
    const { entry } = await admin.entries.create({ ...CASE, title: 'Not yet' });
    const draft = await failure(admin.newsletters.fromEntry({ entryId: entry.id, ai: true }));
    expect([draft.code, draft.message]).toEqual(['NOT_FOUND', M.entryNotPublished]);
    expect(await written()).toEqual({ newsletters: 0, recipients: 0, mails: 0 });

    const plain = await createTestApp();
    const caller = callerFor(plain.deps, { cookie: await signedInCookie(plain.deps) }).caller;
    const created = await caller.entries.create(CASE);
    await caller.entries.publish({ id: created.entry.id });
    const off = await failure(
      caller.newsletters.fromEntry({ entryId: created.entry.id, ai: true }),
    );
    expect([off.code, off.message]).toEqual(['CONFLICT', AI_NOT_SET_UP]);
    expect(await plain.deps.db.select().from(newsletters).all()).toEqual([]);
  });
});

describe('entryDraft', () => {
  it('names an insight as one', () => {
    const draft = entryDraft({ ...CASE, kind: 'insight', slug: 'a-b-c' }, 'https://x.example');
    expect(draft.body).toContain('[Read the insight: ');
    expect(draft.body).toContain('(https://x.example/insights/a-b-c?utm_source=newsletter&');
  });
});
