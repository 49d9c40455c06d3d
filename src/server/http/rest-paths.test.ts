/**
 * Every documented REST path (docs/api.md) through app.request(): its success status and body
 * shape, 401 signed out, 400 with `issues` for bad input, 404 and 409 where documented, and,
 * once for the adapter (rest.ts) rather than per path, the order in which errors win, the body
 * rules, Set-Cookie and Retry-After. What each procedure does with its input is proven through
 * createCaller in its router.test.ts; the CSV files' rules in leads/exports.test.ts.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { writeTransaction } from '#db';
import {
  aiFactTags,
  leadEvents,
  newsletters,
  subscribers as subscribersTable,
  users,
} from '#db/schema';
import { defaultBookingSettings, type BookingSettings } from '#shared/booking';
import { PASSKEY_MESSAGES } from '#shared/passkeys';
import { defaultSiteContent } from '#shared/site-content-defaults';
import type { ContactInput } from '#shared/contact';
import { MESSAGES } from '#shared/messages';
import { NEWSLETTER_MESSAGES } from '#shared/newsletter';
import { SEQUENCE_MESSAGES } from '#shared/newsletter-sequence';
import { MEDIA_MESSAGES } from '#shared/site-media';
import { createMailer } from '#server/platform/mail';
import { createMemoryLogger } from '#tests/support/logger';
import {
  callerFor,
  createRecordingMailer,
  createTestApp,
  signedInCookie,
  testConfig,
  type RecordingMailer,
  type TestDeps,
} from '#tests/support/app';
import { storeMessages, storeSubscribers } from '#tests/support/leads';
import { storeLeads } from '#tests/support/stored-leads';
import { storeSubscribersAs } from '#tests/support/newsletters';
import { addPasskey, ceremonyCookieFrom, joinCookies } from '#tests/support/passkeys';
import { totpCodeAt } from '#tests/support/totp';
import { softwareAuthenticator } from '#tests/support/webauthn-authenticator';
import { invitationToken } from '#tests/support/invitations';
import { storeConfirmationLink } from '#tests/support/newsletter-links';
import { AGENTS, page, storedEvents } from '#tests/support/analytics';
import { answer, invalid, rest, UNAUTHORIZED, type RestOptions } from '#tests/support/rest';
import { insertUser, PASSWORD, sessionCookieFrom } from '#tests/support/users';
import { auditInsert } from '#server/audit/record';
import { unsubscribeToken } from '#server/newsletter/tokens';
import type { App } from '#server/app/app';
import { MAX_BODY_BYTES } from './middleware';

const any = <T>(type: new (...args: never[]) => T) => expect.any(type) as T;
const ok = { success: true };

/** A fresh app with `alice` (a real password) signed in, and what the rows seed through it. */
async function signedIn(config = testConfig({ trustProxy: true })) {
  const mailer = createRecordingMailer();
  const { app, deps } = await createTestApp({ config, mailer });
  await insertUser(deps, 'alice');
  const cookie = await signedInCookie(deps, 'alice');
  const as = (method: string, path: string, opts: RestOptions = {}) =>
    rest(app, method, path, { cookie, ...opts });
  return { app, deps, mailer, cookie, as };
}
type Env = Awaited<ReturnType<typeof signedIn>>;

const FACT = { factText: 'A true fact about AI', source: 'A source' };
/** Booking on, Mondays 09:00-09:30 only (the test clock is Thursday 15 January 2026). */
const BOOKING_ON = {
  ...defaultBookingSettings('UTC'),
  enabled: true,
  location: 'Phone call',
  weekly: { ...defaultBookingSettings('UTC').weekly, mon: [['09:00', '09:30']] },
} satisfies BookingSettings;
const DRAFT = { subject: 'Spring news', body: 'Hello **readers**.' };
const TOKEN = { name: 'Claude Desktop', scopes: ['leads:read'], days: 7 };
const ENTRY = { kind: 'insight', title: 'Evals first', summary: 'Test first.', body: 'Text' };
const seedEntry = ({ as }: Env) => as('POST', '/api/entries', { json: ENTRY });

/** Seeds one of each: fact 1, tag 1, message 1, subscriber 1, newsletter draft 1. */
async function seed({ as, deps }: Env) {
  expect((await as('POST', '/api/ai-facts', { json: FACT })).status).toBe(201);
  expect((await as('POST', '/api/tags', { json: { name: 'history' } })).status).toBe(201);
  expect((await as('POST', '/api/newsletters', { json: DRAFT })).status).toBe(201);
  await storeMessages(deps, 1);
  await storeSubscribers(deps, 1);
}

interface Row {
  method: string;
  path: string;
  opts?: RestOptions;
  /** Signed out instead of as alice. */
  anonymous?: true;
  status: number;
  body: unknown;
  given?: (env: Env) => Promise<unknown>;
}

const obj = (fields: Record<string, unknown> = {}) => expect.objectContaining(fields) as unknown;
const list = () => any(Array);

// The success of each documented path: its status and the answer's envelope (docs/api.md).
const SUCCESS: Row[] = [
  {
    method: 'GET',
    path: '/api/ai-facts',
    anonymous: true,
    status: 200,
    body: { success: true, facts: [{ id: 1, ...FACT }] },
  },
  {
    method: 'GET',
    path: '/api/ai-facts/all',
    status: 200,
    body: { success: true, facts: [obj(FACT)] },
  },
  {
    method: 'GET',
    path: '/api/ai-facts/1/with-tags',
    status: 200,
    body: { success: true, fact: obj({ ...FACT, tags: [] }) },
  },
  {
    method: 'POST',
    path: '/api/ai-facts',
    opts: { json: FACT },
    status: 201,
    body: { success: true, fact: obj({ id: 2, ...FACT, order: 2, active: true }) },
  },
  {
    method: 'PATCH',
    path: '/api/ai-facts/1',
    opts: { json: { active: false } },
    status: 200,
    body: { success: true, fact: obj({ id: 1, active: false }) },
  },
  { method: 'DELETE', path: '/api/ai-facts/1', status: 200, body: ok },
  {
    method: 'POST',
    path: '/api/ai-facts/1/move',
    opts: { json: { direction: 'down' } },
    status: 200,
    body: { success: true, facts: [obj({ id: 1 })] },
  },
  { method: 'POST', path: '/api/ai-facts/1/tags/1', status: 200, body: ok },
  { method: 'DELETE', path: '/api/ai-facts/1/tags/1', status: 200, body: ok },
  {
    method: 'GET',
    path: '/api/tags',
    status: 200,
    body: { success: true, tags: [obj({ id: 1, name: 'history' })] },
  },
  {
    method: 'POST',
    path: '/api/tags',
    opts: { json: { name: 'Robotics' } },
    status: 201,
    body: { success: true, tag: obj({ id: 2, name: 'Robotics' }) },
  },
  {
    method: 'GET',
    path: '/api/admin/check',
    anonymous: true,
    status: 200,
    body: {
      authenticated: false,
      username: null,
      awaitingTwoFactor: false,
      pendingMethod: null,
      setupRequired: false,
    },
  },
  {
    method: 'POST',
    path: '/api/admin/login',
    anonymous: true,
    opts: { json: { username: 'alice', password: PASSWORD } },
    status: 200,
    body: { success: true, requiresTwoFactor: false, setupRequired: false },
  },
  { method: 'POST', path: '/api/admin/logout', status: 200, body: ok },
  {
    method: 'GET',
    path: '/api/account',
    status: 200,
    body: {
      success: true,
      user: obj({ username: 'alice', email: null }),
      secondFactor: 'none',
      passkeys: [],
      recoveryCodesLeft: 0,
    },
  },
  {
    method: 'POST',
    path: '/api/account/password',
    opts: { json: { currentPassword: PASSWORD, newPassword: 'a brand new passphrase' } },
    status: 200,
    body: { success: true, endedSessions: 0 },
  },
  {
    method: 'POST',
    path: '/api/account/email',
    opts: { json: { password: PASSWORD, email: 'new@example.com' } },
    status: 200,
    body: { success: true, requiresCode: true },
  },
  {
    method: 'GET',
    path: '/api/account/sessions',
    status: 200,
    body: { success: true, sessions: [obj({ current: true })] },
  },
  {
    method: 'POST',
    path: '/api/account/sessions/end-others',
    status: 200,
    body: { success: true, ended: 0 },
  },
  { method: 'GET', path: '/api/account/tokens', status: 200, body: { success: true, tokens: [] } },
  {
    method: 'POST',
    path: '/api/account/tokens',
    opts: { json: TOKEN },
    status: 201,
    body: { success: true, token: obj({ id: 1, name: TOKEN.name }), secret: any(String) },
  },
  {
    method: 'DELETE',
    path: '/api/account/tokens/1',
    given: ({ as }) => as('POST', '/api/account/tokens', { json: TOKEN }),
    status: 200,
    body: ok,
  },
  {
    method: 'POST',
    path: '/api/account/totp/setup',
    opts: { json: { password: PASSWORD } },
    status: 200,
    body: { success: true, secret: any(String), otpauthUrl: any(String) },
  },
  { method: 'DELETE', path: '/api/account/totp/setup', status: 200, body: ok },
  {
    method: 'POST',
    path: '/api/account/passkeys/options',
    status: 200,
    body: { success: true, options: obj() },
  },
  {
    method: 'POST',
    path: '/api/account/passkeys/proof/options',
    status: 200,
    body: { success: true, options: obj() },
  },
  {
    method: 'POST',
    path: '/api/admin/passkey/options',
    anonymous: true,
    status: 200,
    body: { success: true, options: obj() },
  },
  {
    method: 'POST',
    path: '/api/contact',
    anonymous: true,
    opts: {
      json: {
        name: 'Grace Hopper',
        email: 'grace@example.com',
        company: '',
        subject: 'custom',
        message: 'Could you help us build a model?',
        privacy: true,
      },
    },
    status: 201,
    body: { success: true, message: any(String) },
  },
  {
    method: 'POST',
    path: '/api/subscribe',
    anonymous: true,
    opts: { json: { email: 'reader@example.com' } },
    status: 201,
    body: ok,
  },
  {
    method: 'POST',
    path: '/api/newsletter/unsubscribe',
    anonymous: true,
    opts: { json: { token: unsubscribeToken(testConfig().sessionSecret, 'r@example.com') } },
    status: 200,
    body: ok,
    given: async (env) => {
      await callerFor(env.deps).caller.newsletter.subscribe({ email: 'r@example.com' });
    },
  },
  {
    method: 'GET',
    path: '/api/newsletters',
    status: 200,
    body: { success: true, newsletters: [obj(DRAFT)] },
  },
  {
    method: 'POST',
    path: '/api/newsletters',
    opts: { json: DRAFT },
    status: 201,
    body: { success: true, newsletter: obj({ id: 2, status: 'draft' }) },
  },
  {
    method: 'GET',
    path: '/api/newsletters/1',
    status: 200,
    body: { success: true, newsletter: obj({ id: 1, ...DRAFT }) },
  },
  {
    method: 'PATCH',
    path: '/api/newsletters/1',
    opts: { json: { body: 'New' } },
    status: 200,
    body: { success: true, newsletter: obj({ body: 'New' }) },
  },
  { method: 'DELETE', path: '/api/newsletters/1', status: 200, body: ok },
  {
    method: 'POST',
    path: '/api/newsletters/1/test',
    opts: { json: { email: 'proof@example.com' } },
    status: 200,
    body: ok,
  },
  {
    method: 'POST',
    path: '/api/newsletters/1/send',
    status: 202,
    body: { success: true, newsletter: obj({ status: 'sending', total: 1 }) },
    given: (env) => storeSubscribersAs(env.deps, 'confirmed', ['a@example.com']),
  },
  {
    method: 'GET',
    path: '/api/messages?page=1&q=&subject=',
    status: 200,
    body: { success: true, messages: [obj({ id: 1 })], total: 1, unread: 1, page: 1, pageSize: 25 },
  },
  {
    method: 'PATCH',
    path: '/api/messages/1',
    opts: { json: { read: true } },
    status: 200,
    body: { success: true, message: obj({ id: 1, readAt: any(String) }) },
  },
  { method: 'DELETE', path: '/api/messages/1', status: 200, body: ok },
  {
    method: 'GET',
    path: '/api/leads?status=&q=&page=1',
    status: 200,
    body: {
      success: true,
      leads: [obj({ id: 1 })],
      total: 1,
      counts: obj(),
      page: 1,
      pageSize: 25,
    },
    given: (env) => storeLeads(env.deps, 1),
  },
  {
    method: 'GET',
    path: '/api/leads/attention',
    status: 200,
    body: {
      success: true,
      unanswered: [obj({ id: 1 })],
      answered: [],
      declined: [],
      followUps: [],
      stale: [],
    },
    given: (env) => storeLeads(env.deps, 1),
  },
  {
    method: 'GET',
    path: '/api/leads/1',
    status: 200,
    body: {
      success: true,
      lead: obj({ id: 1, unread: 0 }),
      timeline: [obj({ kind: 'message' })],
      suppressed: null,
      drafts: [],
    },
    given: (env) => storeLeads(env.deps, 1),
  },
  {
    method: 'PATCH',
    path: '/api/leads/1',
    opts: { json: { status: 'won', value: 100 } },
    status: 200,
    body: { success: true, lead: obj({ id: 1, status: 'won', value: 100 }) },
    given: (env) => storeLeads(env.deps, 1),
  },
  {
    method: 'POST',
    path: '/api/leads/1/notes',
    opts: { json: { text: 'A note' } },
    status: 201,
    body: { success: true, event: obj({ kind: 'note', text: 'A note', actor: 'alice' }) },
    given: (env) => storeLeads(env.deps, 1),
  },
  {
    method: 'POST',
    path: '/api/leads/1/replies',
    opts: { json: { text: 'Hello', subject: 'Your pilot' } },
    status: 202,
    body: {
      success: true,
      event: obj({ kind: 'reply_sent', subject: 'Your pilot', delivery: 'sending' }),
    },
    given: (env) => storeLeads(env.deps, 1),
  },
  {
    method: 'POST',
    path: '/api/leads/1/replies/2/retry',
    status: 202,
    body: { success: true, event: obj({ id: 2, kind: 'reply_sent', delivery: 'sending' }) },
    given: async (env) => {
      await storeLeads(env.deps, 1);
      await writeTransaction(env.deps.db, (tx) =>
        tx.insert(leadEvents).values({
          leadId: 1,
          at: env.deps.clock.now(),
          kind: 'reply_sent',
          text: 'Hello',
          subject: 'Re: hello',
          toEmail: 'person1@example.com',
          mailId: 'a@example.com',
          delivery: 'failed',
        }),
      );
    },
  },
  {
    method: 'GET',
    path: '/api/leads/1/export',
    status: 200,
    body: obj({ lead: obj({ id: 1 }), messages: [obj()], bookings: [] }),
    given: (env) => storeLeads(env.deps, 1),
  },
  {
    method: 'DELETE',
    path: '/api/leads/1',
    status: 200,
    body: { ...ok, kept: { invoices: [], proposals: [] } },
    given: (env) => storeLeads(env.deps, 1),
  },
  {
    method: 'GET',
    path: '/api/subscribers?page=1&status=',
    status: 200,
    body: {
      success: true,
      subscribers: [obj({ id: 1, sequence: { step: 0, exited: null } })],
      total: 1,
      counts: obj(),
      page: 1,
      pageSize: 50,
    },
  },
  {
    method: 'GET',
    path: '/api/subscribers?q=READER&status=pending',
    status: 200,
    body: obj({ success: true, subscribers: [obj({ id: 1 })], total: 1 }),
  },
  {
    method: 'POST',
    path: '/api/subscribers',
    opts: { json: { email: 'new@example.com' } },
    status: 201,
    body: { success: true, subscriber: obj({ id: 2, status: 'pending' }) },
  },
  {
    method: 'POST',
    path: '/api/subscribers/import',
    opts: { json: { emails: ['new@example.com'], consent: true } },
    status: 200,
    body: {
      success: true,
      added: 1,
      exists: 0,
      invalid: 0,
      results: [{ email: 'new@example.com', result: 'added' }],
    },
  },
  { method: 'POST', path: '/api/subscribers/1/confirmation', status: 200, body: ok },
  {
    method: 'POST',
    path: '/api/subscribers/confirmations',
    status: 200,
    body: { success: true, queued: 1, heldBack: 0 },
  },
  { method: 'DELETE', path: '/api/subscribers/1', status: 200, body: ok },
  {
    method: 'GET',
    path: '/api/suppressions?q=&page=1',
    status: 200,
    body: { success: true, suppressions: [], total: 0, page: 1 },
  },
  {
    method: 'POST',
    path: '/api/suppressions',
    opts: { json: { email: 'gone@example.com' } },
    status: 201,
    body: { success: true, suppression: obj({ email: 'gone@example.com' }), added: true },
  },
  {
    method: 'DELETE',
    path: '/api/suppressions/gone%40example.com',
    status: 200,
    body: ok,
    given: ({ as }) => as('POST', '/api/suppressions', { json: { email: 'gone@example.com' } }),
  },
  {
    method: 'GET',
    path: '/api/mail/reports/unreadable?page=1',
    status: 200,
    body: { success: true, reports: [], total: 0, page: 1 },
  },
  {
    method: 'GET',
    path: '/api/mail/reports/unverified?page=1',
    status: 200,
    body: { success: true, reports: [], total: 0, page: 1 },
  },
  {
    method: 'POST',
    path: '/api/event',
    anonymous: true,
    opts: { json: { name: 'pageview', url: page('/') } },
    status: 202,
    body: ok,
  },
  {
    method: 'GET',
    path: '/api/analytics?from=2026-01-10&to=2026-01-15',
    status: 200,
    body: obj({ success: true, from: '2026-01-10', to: '2026-01-15', daily: list() }),
  },
  {
    method: 'GET',
    path: '/api/analytics/entries?from=2026-01-10&to=2026-01-15',
    status: 200,
    body: { success: true, entries: [] },
  },
  {
    method: 'GET',
    path: '/api/users',
    status: 200,
    body: { success: true, users: [obj({ username: 'alice', current: true })] },
  },
  {
    method: 'POST',
    path: '/api/users',
    opts: { json: { username: 'erin', email: 'erin@example.com', password: PASSWORD } },
    status: 201,
    body: { success: true, user: obj({ username: 'erin', invited: true }) },
  },
  {
    method: 'GET',
    path: '/api/audit?page=1&action=&actor=',
    status: 200,
    body: { success: true, events: list(), total: any(Number), page: 1, pageSize: 50 },
  },
  {
    method: 'GET',
    path: '/api/content',
    status: 200,
    body: { success: true, content: obj(), version: 0, updatedAt: null, updatedBy: null },
  },
  {
    method: 'GET',
    path: '/api/content/versions?page=1',
    status: 200,
    body: { success: true, versions: [], total: 0, page: 1, pageSize: 50 },
  },
  {
    method: 'POST',
    path: '/api/content/defaults',
    opts: { json: { baseVersion: 0 } },
    status: 200,
    body: { success: true, version: 1 },
  },
  {
    method: 'GET',
    path: '/api/entries?kind=insight&status=&q=&page=1',
    given: seedEntry,
    status: 200,
    body: { success: true, entries: [obj({ id: 1 })], total: 1, page: 1, pageSize: 25 },
  },
  {
    method: 'POST',
    path: '/api/entries',
    opts: { json: ENTRY },
    status: 201,
    body: { success: true, entry: obj({ id: 1, slug: 'evals-first', status: 'draft' }) },
  },
  {
    method: 'GET',
    path: '/api/entries/1',
    given: seedEntry,
    status: 200,
    body: { success: true, entry: obj({ id: 1 }), versions: [obj({ version: 1 })] },
  },
  {
    method: 'PUT',
    path: '/api/entries/1',
    opts: { json: { ...ENTRY, baseVersion: 1 } },
    given: seedEntry,
    status: 200,
    body: { success: true, entry: obj({ id: 1, version: 2 }) },
  },
  {
    method: 'POST',
    path: '/api/entries/1/publish',
    given: seedEntry,
    status: 200,
    body: { success: true, entry: obj({ id: 1, status: 'published' }) },
  },
  {
    method: 'POST',
    path: '/api/entries/1/unpublish',
    given: seedEntry,
    status: 200,
    body: { success: true, entry: obj({ id: 1, status: 'draft' }) },
  },
  { method: 'DELETE', path: '/api/entries/1', given: seedEntry, status: 200, body: ok },
  {
    method: 'GET',
    path: '/api/media',
    status: 200,
    body: { success: true, media: {} },
  },
  {
    method: 'DELETE',
    path: '/api/media/logo',
    status: 200,
    body: { success: true, media: {} },
  },
  {
    method: 'GET',
    path: '/api/newsletter/sequence',
    status: 200,
    body: { success: true, enabled: false, steps: [] },
  },
  {
    method: 'PUT',
    path: '/api/newsletter/sequence',
    opts: { json: { enabled: true, steps: [{ subject: 'Welcome', body: 'Hello.', days: 0 }] } },
    status: 200,
    body: {
      success: true,
      enabled: true,
      steps: [{ subject: 'Welcome', body: 'Hello.', days: 0 }],
    },
  },
  {
    method: 'GET',
    path: '/api/site-settings',
    status: 200,
    body: {
      success: true,
      settings: {
        address: 'http://localhost',
        timeZone: 'UTC',
        saved: { address: null, timeZone: null },
        fromEnvironment: { address: false, timeZone: false },
      },
    },
  },
  {
    method: 'PUT',
    path: '/api/site-settings',
    opts: { json: { address: 'https://www.harbor.example/', timeZone: 'Europe/London' } },
    status: 200,
    body: {
      success: true,
      settings: {
        address: 'https://www.harbor.example',
        timeZone: 'Europe/London',
        saved: { address: 'https://www.harbor.example', timeZone: 'Europe/London' },
        fromEnvironment: { address: false, timeZone: false },
      },
    },
  },
  {
    method: 'GET',
    path: '/api/booking/settings',
    status: 200,
    body: {
      success: true,
      settings: defaultBookingSettings('UTC'),
      feed: { fetchedAt: null, error: null, busy: 0 },
    },
  },
  {
    method: 'PUT',
    path: '/api/booking/settings',
    opts: { json: { settings: BOOKING_ON } },
    status: 200,
    body: { success: true, settings: BOOKING_ON },
  },
  {
    method: 'GET',
    path: '/api/booking/slots?from=2026-01-19&to=2026-01-19',
    anonymous: true,
    given: ({ as }) => as('PUT', '/api/booking/settings', { json: { settings: BOOKING_ON } }),
    status: 200,
    body: {
      success: true,
      timezone: 'UTC',
      meetingMinutes: 30,
      location: 'Phone call',
      slots: [{ start: '2026-01-19T09:00:00.000Z', end: '2026-01-19T09:30:00.000Z' }],
    },
  },
];

describe.each(SUCCESS)('$method $path', (row) => {
  it(`answers ${row.status} with the documented body`, async () => {
    const env = await signedIn();
    await seed(env);
    await row.given?.(env);
    const result = await (row.anonymous
      ? rest(env.app, row.method, row.path, row.opts)
      : env.as(row.method, row.path, row.opts));
    expect(result).toEqual(answer(row.status, row.body));
  });
});

// Every admin path, signed out: 401 before the path's id or body is looked at.
const ADMIN_PATHS: [string, string][] = [
  ['GET', '/api/ai/usage'],
  ['GET', '/api/backups/status'],
  ['POST', '/api/leads/1/triage'],
  ['POST', '/api/leads/1/reply-draft'],
  ['POST', '/api/leads/1/proposal-draft'],
  ['POST', '/api/leads/1/call-notes'],
  ['GET', '/api/leads/1/call-notes'],
  ['POST', '/api/leads/1/testimonial-requests'],
  ['POST', '/api/leads/1/case-study-draft'],
  ['DELETE', '/api/engagements/1/files/1'],
  ['GET', '/api/ai-facts/all'],
  ['GET', '/api/ai-facts/1/with-tags'],
  ['POST', '/api/ai-facts'],
  ['PATCH', '/api/ai-facts/1'],
  ['DELETE', '/api/ai-facts/1'],
  ['POST', '/api/ai-facts/1/move'],
  ['POST', '/api/ai-facts/1/tags/1'],
  ['DELETE', '/api/ai-facts/1/tags/1'],
  ['GET', '/api/tags'],
  ['POST', '/api/tags'],
  ['GET', '/api/account'],
  ['POST', '/api/account/password'],
  ['POST', '/api/account/email'],
  ['POST', '/api/account/email/verify'],
  ['GET', '/api/account/sessions'],
  ['DELETE', '/api/account/sessions/0123456789abcdef'],
  ['POST', '/api/account/sessions/end-others'],
  ['GET', '/api/account/tokens'],
  ['POST', '/api/account/tokens'],
  ['DELETE', '/api/account/tokens/1'],
  ['POST', '/api/account/totp/setup'],
  ['POST', '/api/account/totp/enable'],
  ['DELETE', '/api/account/totp/setup'],
  ['POST', '/api/account/totp/disable'],
  ['POST', '/api/account/recovery-codes'],
  ['POST', '/api/account/passkeys/options'],
  ['POST', '/api/account/passkeys'],
  ['PATCH', '/api/account/passkeys/1'],
  ['DELETE', '/api/account/passkeys/1'],
  ['POST', '/api/account/passkeys/proof/options'],
  ['POST', '/api/account/passkeys/proof'],
  ['GET', '/api/newsletters'],
  ['POST', '/api/newsletters'],
  ['GET', '/api/newsletters/1'],
  ['PATCH', '/api/newsletters/1'],
  ['DELETE', '/api/newsletters/1'],
  ['POST', '/api/newsletters/1/test'],
  ['POST', '/api/newsletters/1/send'],
  ['POST', '/api/newsletters/1/retry'],
  ['POST', '/api/newsletters/draft'],
  ['GET', '/api/newsletter/sequence'],
  ['PUT', '/api/newsletter/sequence'],
  ['GET', '/api/assistant/settings'],
  ['PUT', '/api/assistant/settings'],
  ['GET', '/api/messages'],
  ['PATCH', '/api/messages/1'],
  ['DELETE', '/api/messages/1'],
  ['GET', '/api/messages.csv'],
  ['GET', '/api/leads'],
  ['GET', '/api/leads/attention'],
  ['GET', '/api/leads/1'],
  ['PATCH', '/api/leads/1'],
  ['POST', '/api/leads/1/notes'],
  ['POST', '/api/leads/1/replies'],
  ['POST', '/api/leads/1/replies/1/retry'],
  ['GET', '/api/leads/1/export'],
  ['GET', '/api/leads/1/proposals'],
  ['POST', '/api/leads/1/proposals'],
  ['GET', '/api/proposals'],
  ['GET', '/api/proposals/settings'],
  ['PUT', '/api/proposals/settings'],
  ['GET', '/api/proposals/1'],
  ['PATCH', '/api/proposals/1'],
  ['POST', '/api/proposals/1/send'],
  ['POST', '/api/proposals/1/revise'],
  ['POST', '/api/proposals/1/withdraw'],
  ['GET', '/api/proposals/1/pdf'],
  ['POST', '/api/proposals/1/payments'],
  ['POST', '/api/proposals/1/final-invoice'],
  ['GET', '/api/payments/unmatched'],
  ['GET', '/api/invoices/settings'],
  ['PUT', '/api/invoices/settings'],
  ['GET', '/api/invoices'],
  ['GET', '/api/invoices/export.csv'],
  ['GET', '/api/invoices/export.zip'],
  ['POST', '/api/invoices'],
  ['GET', '/api/invoices/1'],
  ['PATCH', '/api/invoices/1'],
  ['DELETE', '/api/invoices/1'],
  ['POST', '/api/invoices/1/issue'],
  ['POST', '/api/invoices/1/credit'],
  ['POST', '/api/invoices/1/payments'],
  ['POST', '/api/invoices/1/send'],
  ['POST', '/api/invoices/1/reminders'],
  ['GET', '/api/invoices/1/pdf'],
  ['GET', '/api/invoices/1/xml'],
  ['DELETE', '/api/leads/1'],
  ['DELETE', '/api/leads/1/drafts/1'],
  ['GET', '/api/bookings'],
  ['POST', '/api/bookings/1/cancel'],
  ['PATCH', '/api/bookings/1'],
  ['GET', '/api/subscribers'],
  ['POST', '/api/subscribers'],
  ['POST', '/api/subscribers/import'],
  ['POST', '/api/subscribers/1/confirmation'],
  ['POST', '/api/subscribers/confirmations'],
  ['DELETE', '/api/subscribers/1'],
  ['GET', '/api/subscribers.csv'],
  ['GET', '/api/suppressions'],
  ['POST', '/api/suppressions'],
  ['DELETE', '/api/suppressions/1'],
  ['GET', '/api/mail/reports/unreadable'],
  ['GET', '/api/mail/reports/unverified'],
  ['GET', '/api/analytics'],
  ['GET', '/api/analytics/entries'],
  ['GET', '/api/analytics.csv'],
  ['GET', '/api/users'],
  ['POST', '/api/users'],
  ['POST', '/api/users/1/invitation'],
  ['DELETE', '/api/users/1'],
  ['POST', '/api/users/1/second-factor/reset'],
  ['POST', '/api/users/1/sessions/end'],
  ['GET', '/api/audit'],
  ['GET', '/api/audit.csv'],
  ['GET', '/api/mail/outbox'],
  ['POST', '/api/mail/outbox/1/retry'],
  ['GET', '/api/content'],
  ['PUT', '/api/content'],
  ['GET', '/api/content/versions'],
  ['POST', '/api/content/versions/1/restore'],
  ['POST', '/api/content/defaults'],
  ['GET', '/api/entries'],
  ['POST', '/api/entries'],
  ['GET', '/api/entries/1'],
  ['PUT', '/api/entries/1'],
  ['POST', '/api/entries/1/publish'],
  ['POST', '/api/entries/1/unpublish'],
  ['DELETE', '/api/entries/1'],
  ['GET', '/api/entries/1/preview'],
  ['POST', '/api/entries/1/cover'],
  ['DELETE', '/api/entries/1/cover'],
  ['GET', '/api/testimonials'],
  ['GET', '/api/testimonials/1'],
  ['POST', '/api/testimonials'],
  ['PUT', '/api/testimonials/1'],
  ['DELETE', '/api/testimonials/1'],
  ['POST', '/api/testimonials/1/publish'],
  ['POST', '/api/testimonials/1/unpublish'],
  ['POST', '/api/testimonials/1/photo'],
  ['DELETE', '/api/testimonials/1/photo'],
  ['GET', '/api/client-logos'],
  ['GET', '/api/client-logos/1'],
  ['POST', '/api/client-logos'],
  ['PUT', '/api/client-logos/1'],
  ['DELETE', '/api/client-logos/1'],
  ['POST', '/api/client-logos/1/publish'],
  ['POST', '/api/client-logos/1/unpublish'],
  ['POST', '/api/client-logos/1/image'],
  ['DELETE', '/api/client-logos/1/image'],
  ['GET', '/api/media'],
  ['POST', '/api/media/1'],
  ['DELETE', '/api/media/1'],
  ['GET', '/api/booking/settings'],
  ['PUT', '/api/booking/settings'],
  ['GET', '/api/site-settings'],
  ['PUT', '/api/site-settings'],
  ['GET', '/api/oauth/requests/1'],
  ['POST', '/api/oauth/requests/1/allow'],
  ['POST', '/api/oauth/requests/1/deny'],
];

describe('signed out', () => {
  let app: App;
  beforeAll(async () => {
    ({ app } = await createTestApp());
  });

  it.each(ADMIN_PATHS)('%s %s answers 401, before its id, query or body', async (method, path) => {
    expect(await rest(app, method, path, method === 'GET' ? {} : { json: {} })).toEqual(
      answer(401, UNAUTHORIZED),
    );
    const badId = path.replace(/\/1(\/|$)/, '/abc$1');
    const broken =
      method === 'GET'
        ? { path: `${badId}?page=0&subject=gossip&status=gone&action=nope&from=x` }
        : { path: badId, opts: { raw: '{' } };
    expect(await rest(app, method, broken.path, 'opts' in broken ? broken.opts : {})).toEqual(
      answer(401, UNAUTHORIZED),
    );
  });

  it('covers every admin path docs/api.md lists', () => {
    const text = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');
    const documented = [
      ...text.matchAll(/^\| (GET|POST|PUT|PATCH|DELETE) `([^`?]+)[^|]*\| admin /gm),
    ];
    // As this table writes them: ids as 1, a session's id as 16 hex digits.
    const concrete = documented.map(([, method, path]) => [
      method,
      (path ?? '').replace('sessions/:id', 'sessions/0123456789abcdef').replace(/:\w+/g, '1'),
    ]);
    expect(new Set(ADMIN_PATHS.map((row) => row.join(' ')))).toEqual(
      new Set(concrete.map((row) => row.join(' '))),
    );
  });
});

const issue = (path: string, message: string) => answer(400, invalid([{ path, message }]));
const issueAt = (path: string) =>
  answer(400, {
    success: false,
    message: any(String),
    issues: expect.arrayContaining([expect.objectContaining({ path })]) as unknown,
  });

// Bad input as a signed-in administrator: 400 with the field named as the client sent it.
const BAD_INPUT: [string, string, RestOptions, ReturnType<typeof answer>][] = [
  ['GET', '/api/ai-facts/abc/with-tags', {}, issue('id', MESSAGES.id)],
  ['POST', '/api/ai-facts', { json: { factText: 'abc', source: 'x' } }, issueAt('factText')],
  ['PATCH', '/api/ai-facts/1', { json: { source: 'x' } }, issue('source', MESSAGES.source)],
  ['PATCH', '/api/ai-facts/1e3', { json: { active: false } }, issue('id', MESSAGES.id)],
  ['DELETE', '/api/ai-facts/1.5', {}, issue('id', MESSAGES.id)],
  ['POST', '/api/ai-facts/1/move', { json: { direction: 'sideways' } }, issueAt('direction')],
  ['POST', '/api/ai-facts/x/tags/1', {}, issue('factId', MESSAGES.id)],
  ['DELETE', '/api/ai-facts/1/tags/0', {}, issue('tagId', MESSAGES.id)],
  ['POST', '/api/tags', { json: { name: '  ' } }, issue('name', MESSAGES.tagName)],
  [
    'POST',
    '/api/account/password',
    { json: { currentPassword: PASSWORD, newPassword: 'short' } },
    issueAt('newPassword'),
  ],
  ['POST', '/api/account/email', { json: { password: PASSWORD, email: 'nope' } }, issueAt('email')],
  [
    'POST',
    '/api/account/email/verify',
    { json: { code: 'abc' } },
    issue('code', 'Code must be 6 digits'),
  ],
  ['POST', '/api/account/totp/setup', { json: {} }, issueAt('password')],
  ['POST', '/api/account/totp/enable', { json: { code: '12' } }, issueAt('code')],
  ['POST', '/api/account/totp/disable', { json: {} }, issueAt('password')],
  ['POST', '/api/account/recovery-codes', { json: {} }, issueAt('password')],
  ['POST', '/api/account/passkeys', { json: { name: '', response: {} } }, issueAt('name')],
  ['PATCH', '/api/account/passkeys/1', { json: { name: '' } }, issueAt('name')],
  ['POST', '/api/account/tokens', { json: { ...TOKEN, name: '' } }, issueAt('name')],
  ['DELETE', '/api/account/tokens/abc', {}, issue('id', MESSAGES.id)],
  ['POST', '/api/admin/login', { json: { username: '', password: '' } }, issueAt('username')],
  ['POST', '/api/contact', { json: { name: 'G' } }, issueAt('name')],
  ['POST', '/api/subscribe', { json: { email: 'reader' } }, issue('email', MESSAGES.email)],
  ['POST', '/api/newsletter/confirm', { json: { token: 'a' } }, issueAt('token')],
  ['POST', '/api/newsletter/unsubscribe', { json: { token: 'a' } }, issueAt('token')],
  ['POST', '/api/newsletters', { json: { subject: '', body: 'x' } }, issueAt('subject')],
  ['POST', '/api/newsletters/draft', { json: { entryId: 0 } }, issue('entryId', MESSAGES.id)],
  ['GET', '/api/newsletters/0', {}, issue('id', MESSAGES.id)],
  ['PATCH', '/api/newsletters/1', { json: { subject: '' } }, issueAt('subject')],
  ['DELETE', '/api/newsletters/-1', {}, issue('id', MESSAGES.id)],
  ['POST', '/api/newsletters/1/test', { json: { email: 'x' } }, issue('email', MESSAGES.email)],
  ['POST', '/api/newsletters/one/send', {}, issue('id', MESSAGES.id)],
  ['POST', '/api/newsletters/1e3/retry', {}, issue('id', MESSAGES.id)],
  [
    'PUT',
    '/api/newsletter/sequence',
    {
      json: {
        enabled: true,
        steps: [{ subject: 'Hello\r\nBcc: x@example.com', body: 'Hi.', days: 0 }],
      },
    },
    issue('steps.0.subject', NEWSLETTER_MESSAGES.subjectOneLine),
  ],
  [
    'PUT',
    '/api/newsletter/sequence',
    { json: { enabled: true, steps: [{ subject: 'Hello', body: 'Hi.', days: 61 }] } },
    issue('steps.0.days', SEQUENCE_MESSAGES.days),
  ],
  ['GET', '/api/messages?page=1.5', {}, issue('page', MESSAGES.page)],
  ['GET', '/api/messages?q=%00abc', {}, issue('q', MESSAGES.searchNul)],
  ['PATCH', '/api/messages/1', { json: { read: 'yes' } }, issue('read', MESSAGES.read)],
  ['DELETE', '/api/messages/abc', {}, issue('id', MESSAGES.id)],
  ['GET', '/api/messages.csv?subject=gossip', {}, issueAt('subject')],
  ['GET', '/api/subscribers?status=active', {}, issueAt('status')],
  ['DELETE', '/api/subscribers/1.5', {}, issue('id', MESSAGES.id)],
  ['GET', '/api/subscribers.csv?status=gone', {}, issueAt('status')],
  ['GET', '/api/subscribers.csv?q=' + 'x'.repeat(201), {}, issue('q', MESSAGES.search)],
  ['POST', '/api/subscribers', { json: { email: 'nope' } }, issue('email', MESSAGES.email)],
  ['POST', '/api/suppressions', { json: { email: 'nope' } }, issue('email', MESSAGES.email)],
  ['GET', '/api/suppressions?page=0', {}, issue('page', MESSAGES.page)],
  ['GET', '/api/mail/reports/unreadable?page=0', {}, issue('page', MESSAGES.page)],
  ['POST', '/api/subscribers/import', { json: { emails: [] } }, issueAt('emails')],
  ['POST', '/api/subscribers/abc/confirmation', {}, issue('id', MESSAGES.id)],
  ['POST', '/api/event', { json: { name: 'Page View', url: page() } }, issueAt('name')],
  ['GET', '/api/analytics?from=2026-1-5', {}, issueAt('from')],
  ['GET', '/api/analytics/entries?to=yesterday', {}, issueAt('to')],
  ['GET', '/api/analytics.csv?to=yesterday', {}, issueAt('to')],
  ['POST', '/api/users', { json: { username: '', email: 'nope' } }, issueAt('username')],
  ['POST', '/api/users/abc/invitation', {}, issue('id', MESSAGES.id)],
  ['DELETE', '/api/users/abc', {}, issue('id', MESSAGES.id)],
  ['POST', '/api/users/2/second-factor/reset', { json: ['password'] }, issueAt('password')],
  [
    'POST',
    '/api/admin/invite',
    { json: { token: 'z'.repeat(43), password: 'short' } },
    issueAt('password'),
  ],
  ['GET', '/api/audit?action=nope', {}, issueAt('action')],
  ['GET', '/api/audit.csv?action=nope', {}, issueAt('action')],
  ['PUT', '/api/content', { json: { content: 1, baseVersion: '0' } }, issueAt('content')],
  ['GET', '/api/content/versions?page=0', {}, issueAt('page')],
  ['POST', '/api/content/versions/1.5/restore', {}, issueAt('version')],
  [
    'POST',
    '/api/content/versions/1/restore',
    { json: { baseVersion: 'five' } },
    issueAt('baseVersion'),
  ],
  ['POST', '/api/content/defaults', { json: {} }, issueAt('baseVersion')],
  ['GET', '/api/entries?kind=post', {}, issueAt('kind')],
  ['POST', '/api/entries', { json: { ...ENTRY, slug: 'Evals' } }, issueAt('slug')],
  ['PUT', '/api/entries/1', { json: { ...ENTRY, baseVersion: 1, title: '' } }, issueAt('title')],
  ['POST', '/api/entries/x/publish', {}, issueAt('id')],
  ['POST', '/api/media/banner', { json: {} }, issueAt('slot')],
  ['POST', '/api/media/logo', { json: {} }, issue('file', MEDIA_MESSAGES.noFile)],
  ['DELETE', '/api/media/banner', {}, issueAt('slot')],
  ['PUT', '/api/site-settings', { json: { address: 'nope', timeZone: null } }, issueAt('address')],
  [
    'PUT',
    '/api/booking/settings',
    {
      json: {
        settings: { ...BOOKING_ON, weekly: { ...BOOKING_ON.weekly, tue: [['17:00', '09:00']] } },
      },
    },
    issueAt('settings.weekly.tue.0'),
  ],
  ['GET', '/api/booking/slots?from=2026-02-30', {}, issueAt('from')],
];

describe('bad input', () => {
  let env: Env;
  beforeAll(async () => {
    env = await signedIn();
  });

  it.each(BAD_INPUT)('%s %s answers 400 naming the field', async (method, path, opts, refused) => {
    expect(await env.as(method, path, opts)).toEqual(refused);
  });
});

const refusal = (status: number, message: string) => answer(status, { success: false, message });

describe('404 and 409 where documented', () => {
  let env: Env;
  beforeEach(async () => {
    env = await signedIn();
    await seed(env);
  });

  it('facts and tags: an unknown id is 404 naming what is missing, a taken tag name 409', async () => {
    const NO_FACT = refusal(404, 'AI fact not found');
    expect(await env.as('GET', '/api/ai-facts/77/with-tags')).toEqual(NO_FACT);
    expect(await env.as('PATCH', '/api/ai-facts/9', { json: { active: false } })).toEqual(NO_FACT);
    expect(await env.as('DELETE', '/api/ai-facts/9')).toEqual(NO_FACT);
    expect(await env.as('POST', '/api/ai-facts/9/move', { json: { direction: 'up' } })).toEqual(
      NO_FACT,
    );
    for (const method of ['POST', 'DELETE']) {
      expect(await env.as(method, '/api/ai-facts/98/tags/99')).toEqual(
        refusal(404, 'AI fact and tag not found'),
      );
      expect(await env.as(method, '/api/ai-facts/1/tags/99')).toEqual(
        refusal(404, 'Tag not found'),
      );
    }
    expect(await env.as('POST', '/api/tags', { json: { name: 'HISTORY' } })).toEqual(
      refusal(409, 'A tag named "HISTORY" already exists'),
    );
  });

  it('leads: an unknown message or subscriber is 404', async () => {
    expect(await env.as('PATCH', '/api/messages/9', { json: { read: true } })).toEqual(
      refusal(404, 'Message not found'),
    );
    expect(await env.as('DELETE', '/api/messages/9')).toEqual(refusal(404, 'Message not found'));
    expect(await env.as('DELETE', '/api/subscribers/9')).toEqual(
      refusal(404, 'Subscriber not found'),
    );
  });

  it('newsletters: 404 for an unknown id, 409 once not a draft or with nothing to do', async () => {
    for (const [method, path] of [
      ['GET', '/api/newsletters/5'],
      ['PATCH', '/api/newsletters/5'],
      ['DELETE', '/api/newsletters/5'],
      ['POST', '/api/newsletters/5/test'],
      ['POST', '/api/newsletters/5/send'],
      ['POST', '/api/newsletters/5/retry'],
    ] as const) {
      const opts = path.endsWith('test') ? { json: { email: 'a@example.com' } } : { json: {} };
      expect((await env.as(method, path, method === 'GET' ? {} : opts)).status, path).toBe(404);
    }
    expect((await env.as('POST', '/api/newsletters/1/send')).status).toBe(409);
    expect((await env.as('POST', '/api/newsletters/1/retry')).status).toBe(409);
    await storeSubscribersAs(env.deps, 'confirmed', ['a@example.com']);
    expect((await env.as('POST', '/api/newsletters/1/send')).status).toBe(202);
    expect((await env.as('PATCH', '/api/newsletters/1', { json: { subject: 'x' } })).status).toBe(
      409,
    );
    expect((await env.as('DELETE', '/api/newsletters/1')).status).toBe(409);
    expect((await env.as('POST', '/api/newsletters/1/send')).status).toBe(409);
    expect((await env.as('POST', '/api/newsletters/1/retry')).status).toBe(409);
  });

  it('account: an unknown session 404, a code nobody asked for or a set-up never started 409', async () => {
    expect((await env.as('DELETE', '/api/account/sessions/0123456789abcdef')).status).toBe(404);
    expect((await env.as('DELETE', '/api/account/tokens/1')).status).toBe(404);
    expect(
      (await env.as('POST', '/api/account/email/verify', { json: { code: '123456' } })).status,
    ).toBe(409);
    expect(
      (await env.as('POST', '/api/account/totp/enable', { json: { code: '123456' } })).status,
    ).toBe(409);
    expect(
      (await env.as('POST', '/api/account/totp/disable', { json: { password: PASSWORD } })).status,
    ).toBe(409);
    expect((await env.as('PATCH', '/api/account/passkeys/2', { json: { name: 'x' } })).status).toBe(
      404,
    );
    expect((await env.as('DELETE', '/api/account/passkeys/2')).status).toBe(404);
    expect(
      (await env.as('POST', '/api/account/passkeys', { json: { name: 'x', response: {} } })).status,
    ).toBe(409);
  });

  it('users, invitations and content: 404 unknown, 409 as documented', async () => {
    const alice = (await env.deps.db
      .select()
      .from(users)
      .where(eq(users.username, 'alice'))
      .get())!;
    expect((await env.as('POST', '/api/users/999/invitation')).status).toBe(404);
    expect((await env.as('POST', `/api/users/${alice.id}/invitation`)).status).toBe(409);
    expect((await env.as('DELETE', '/api/users/999')).status).toBe(404);
    expect((await env.as('DELETE', `/api/users/${alice.id}`)).status).toBe(409);
    expect(
      (
        await env.as('POST', `/api/users/${alice.id}/second-factor/reset`, {
          json: { password: PASSWORD },
        })
      ).status,
    ).toBe(409);
    expect(
      (await env.as('POST', '/api/users', { json: { username: 'ALICE', email: 'a@example.com' } }))
        .status,
    ).toBe(409);
    const join = { token: 'z'.repeat(43), password: 'a long new password' };
    expect((await rest(env.app, 'POST', '/api/admin/invite', { json: join })).status).toBe(404);
    expect(
      (await rest(env.app, 'POST', '/api/newsletter/confirm', { json: { token: 'a'.repeat(43) } }))
        .status,
    ).toBe(404);
    expect(
      (
        await rest(env.app, 'POST', '/api/newsletter/unsubscribe', {
          json: { token: 'a'.repeat(43) },
        })
      ).status,
    ).toBe(404);
    expect((await env.as('POST', '/api/content/versions/7/restore')).status).toBe(404);
    expect(
      (await env.as('POST', '/api/content/defaults', { json: { baseVersion: 0 } })).status,
    ).toBe(200);
    expect(
      (await env.as('POST', '/api/content/defaults', { json: { baseVersion: 0 } })).status,
    ).toBe(409);
  });

  it('booking: the slots are 404 while booking is off', async () => {
    expect(await rest(env.app, 'GET', '/api/booking/slots')).toEqual(
      refusal(404, 'Booking is not available.'),
    );
  });
});

// The paths whose success needs a step before it: each flow walks them over HTTP, with the
// cookies a browser would carry.
describe('flows', { timeout: 30_000 }, () => {
  let env: Env;
  beforeEach(async () => {
    env = await signedIn();
  });

  it('sign-in: login sets the session cookie, an e-mailed code signs in, logout clears it', async () => {
    const { app, deps, mailer } = env;
    const wrong = await rest(app, 'POST', '/api/admin/login', {
      json: { username: 'alice', password: 'wrong password' },
    });
    expect(wrong).toEqual(refusal(401, 'Invalid username or password'));
    expect(wrong.headers.get('set-cookie')).toBeNull();
    const login = await rest(app, 'POST', '/api/admin/login', {
      json: { username: 'alice', password: PASSWORD },
    });
    const setCookie = login.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^admin_session=[^;]+;/);
    for (const attribute of [/Max-Age=43200/, /Path=\//, /HttpOnly/, /SameSite=Lax/]) {
      expect(setCookie).toMatch(attribute);
    }
    expect(setCookie).not.toMatch(/Secure/);

    await insertUser(deps, 'erin', 'erin@example.com');
    const pending = await rest(app, 'POST', '/api/admin/login', {
      json: { username: 'erin', password: PASSWORD },
    });
    expect(pending).toEqual(
      answer(200, { success: true, requiresTwoFactor: true, method: 'email' }),
    );
    const cookie = sessionCookieFrom(pending.headers) ?? '';
    const code = /\b(\d{6})\b/.exec(mailer.sent.at(-1)?.text ?? '')?.[1] ?? '';
    const verified = await rest(app, 'POST', '/api/admin/verify-2fa', { json: { code }, cookie });
    expect(verified).toEqual(answer(200, ok));
    const session = sessionCookieFrom(verified.headers) ?? '';
    expect((await rest(app, 'GET', '/api/admin/check', { cookie: session })).body).toMatchObject({
      authenticated: true,
      username: 'erin',
    });
    const out = await rest(app, 'POST', '/api/admin/logout', { cookie: session });
    expect(out).toEqual(answer(200, ok));
    expect(out.headers.get('set-cookie')).toMatch(/^admin_session=;.*Max-Age=0/);
  });

  it('the authenticator app: set-up, enable, a recovery code at sign-in, new codes, off', async () => {
    const { app, deps, cookie, as } = env;
    const { secret } = (
      await as('POST', '/api/account/totp/setup', { json: { password: PASSWORD } })
    ).body as { secret: string };
    const enabled = await as('POST', '/api/account/totp/enable', {
      json: { code: await totpCodeAt(secret, deps.clock.now()) },
    });
    expect(enabled).toEqual(answer(200, { success: true, recoveryCodes: any(Array) }));
    const { recoveryCodes } = enabled.body as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);

    const login = await rest(app, 'POST', '/api/admin/login', {
      json: { username: 'alice', password: PASSWORD },
    });
    expect(login.body).toEqual({ success: true, requiresTwoFactor: true, method: 'totp' });
    const recovered = await rest(app, 'POST', '/api/admin/recovery-code', {
      json: { code: recoveryCodes[0] },
      cookie: sessionCookieFrom(login.headers) ?? '',
    });
    expect(recovered).toEqual(answer(200, { success: true, recoveryCodesLeft: 9 }));
    expect(sessionCookieFrom(recovered.headers)).toMatch(/^admin_session=/);

    const renewed = await rest(app, 'POST', '/api/account/recovery-codes', {
      json: { password: PASSWORD, code: recoveryCodes[1] },
      cookie,
    });
    expect(renewed).toEqual(answer(200, { success: true, recoveryCodes: any(Array) }));
    const [fresh] = (renewed.body as { recoveryCodes: string[] }).recoveryCodes;
    expect(
      await as('POST', '/api/account/totp/disable', { json: { password: PASSWORD, code: fresh } }),
    ).toEqual(answer(200, ok));
  });

  it('passkeys: options set the ceremony cookie, register (201), rename, prove, remove, sign in', async () => {
    const { app, deps, cookie, as } = env;
    const authenticator = softwareAuthenticator(deps.config.siteUrl);
    const options = await as('POST', '/api/account/passkeys/options');
    const setCookie = options.headers.getSetCookie().find((c) => c.startsWith('admin_webauthn='));
    for (const attribute of [/HttpOnly/i, /SameSite=Strict/i, /Max-Age=300/]) {
      expect(setCookie).toMatch(attribute);
    }
    const { options: creation } = options.body as {
      options: Parameters<typeof authenticator.register>[0];
    };
    const added = await rest(app, 'POST', '/api/account/passkeys', {
      cookie: joinCookies(cookie, ceremonyCookieFrom(options.headers)),
      json: { name: 'Laptop', response: authenticator.register(creation) },
    });
    expect(added).toEqual(
      answer(201, {
        success: true,
        passkey: { id: 1, name: 'Laptop', createdAt: any(String), lastUsedAt: null },
      }),
    );
    expect(await as('PATCH', '/api/account/passkeys/1', { json: { name: 'Desk' } })).toEqual(
      answer(200, ok),
    );
    const proofOptions = await as('POST', '/api/account/passkeys/proof/options');
    const { options: request } = proofOptions.body as {
      options: Parameters<typeof authenticator.assert>[0];
    };
    expect(
      await rest(app, 'POST', '/api/account/passkeys/proof', {
        cookie: joinCookies(cookie, ceremonyCookieFrom(proofOptions.headers)),
        json: { response: authenticator.assert(request) },
      }),
    ).toEqual(answer(200, ok));

    const signIn = await rest(app, 'POST', '/api/admin/passkey/options');
    const ceremony = ceremonyCookieFrom(signIn.headers) ?? '';
    // A body that is not JSON is the passkey's refusal (401), as any failed passkey is.
    expect(
      await rest(app, 'POST', '/api/admin/passkey/verify', { cookie: ceremony, raw: '{' }),
    ).toEqual(refusal(401, PASSKEY_MESSAGES.signInFailed));
    const again = await rest(app, 'POST', '/api/admin/passkey/options');
    const { options: assertion } = again.body as {
      options: Parameters<typeof authenticator.assert>[0];
    };
    const verified = await rest(app, 'POST', '/api/admin/passkey/verify', {
      cookie: ceremonyCookieFrom(again.headers) ?? '',
      json: { response: authenticator.assert(assertion) },
    });
    expect(verified).toEqual(answer(200, ok));
    expect(sessionCookieFrom(verified.headers)).toMatch(/^admin_session=/);

    expect(await as('DELETE', '/api/account/passkeys/1')).toEqual(answer(200, ok));
  });

  it('the ceremony cookie in production is __Host- prefixed and Secure, without Domain', async () => {
    const prod = await signedIn(testConfig({ production: true }));
    const options = await prod.as('POST', '/api/account/passkeys/options');
    expect(options.status).toBe(200);
    const setCookie =
      options.headers.getSetCookie().find((c) => c.startsWith('__Host-admin_webauthn=')) ?? '';
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Domain/i);
    expect(options.headers.getSetCookie().some((c) => c.startsWith('admin_webauthn='))).toBe(false);
    // Read back by that name only: without the prefix it is not this site's ceremony.
    const authenticator = softwareAuthenticator(prod.deps.config.siteUrl);
    const { options: creation } = options.body as {
      options: Parameters<typeof authenticator.register>[0];
    };
    const ceremony = ceremonyCookieFrom(options.headers) ?? '';
    const response = authenticator.register(creation);
    const register = (cookie: string) =>
      rest(prod.app, 'POST', '/api/account/passkeys', {
        cookie: joinCookies(prod.cookie, cookie),
        json: { name: 'Laptop', response },
      });
    expect((await register(ceremony.replace(/^__Host-/, ''))).status).toBe(409);
    const added = await register(ceremony);
    expect(added.status).toBe(201);
    const cleared =
      added.headers.getSetCookie().find((c) => c.startsWith('__Host-admin_webauthn=')) ?? '';
    expect(cleared).toMatch(/Max-Age=0/);
    expect(cleared).toMatch(/; Secure/);
  });

  it('account: a new address is verified, a new password renews the cookie, ending this session clears it', async () => {
    const { app, deps, mailer, cookie, as } = env;
    await as('POST', '/api/account/email', {
      json: { password: PASSWORD, email: 'new@example.com' },
    });
    const code = /\b(\d{6})\b/.exec(mailer.sent.at(-1)?.text ?? '')?.[1];
    expect(await as('POST', '/api/account/email/verify', { json: { code } })).toEqual(
      answer(200, { success: true, email: 'new@example.com' }),
    );
    const other = await signedInCookie(deps, 'alice');
    const changed = await as('POST', '/api/account/password', {
      json: { currentPassword: PASSWORD, newPassword: 'a brand new passphrase' },
    });
    expect(changed).toEqual(answer(200, { success: true, endedSessions: 1 }));
    expect((await rest(app, 'GET', '/api/account', { cookie: other })).status).toBe(401);
    expect((await rest(app, 'GET', '/api/account', { cookie })).status).toBe(401);
    const renewed = sessionCookieFrom(changed.headers) ?? '';
    const sessions = await rest(app, 'GET', '/api/account/sessions', { cookie: renewed });
    const [own] = (sessions.body as { sessions: { id: string }[] }).sessions;
    const ended = await rest(app, 'DELETE', `/api/account/sessions/${own?.id}`, {
      cookie: renewed,
    });
    expect(ended).toEqual(answer(200, ok));
    expect(sessionCookieFrom(ended.headers)).toBe('');
  });

  it('administrators: re-invite, join with the session cookie, reset a second factor, remove', async () => {
    const { app, deps, mailer, as } = env;
    const invited = await as('POST', '/api/users', {
      json: { username: 'erin', email: 'erin@example.com', password: PASSWORD },
    });
    const erinId = (invited.body as { user: { id: number } }).user.id;
    expect(
      await as('POST', `/api/users/${erinId}/invitation`, { json: { password: PASSWORD } }),
    ).toEqual(answer(200, { success: true, user: obj({ username: 'erin' }) }));
    const token = await invitationToken(mailer, 'erin@example.com');
    const joined = await rest(app, 'POST', '/api/admin/invite', {
      json: { token, password: 'a long new password' },
    });
    expect(joined).toEqual(answer(200, { success: true, username: 'erin' }));
    const erin = sessionCookieFrom(joined.headers) ?? '';
    expect((await rest(app, 'GET', '/api/admin/check', { cookie: erin })).body).toMatchObject({
      authenticated: true,
      username: 'erin',
    });
    await addPasskey(deps, erin);
    expect(
      await as('POST', `/api/users/${erinId}/second-factor/reset`, {
        json: { password: PASSWORD },
      }),
    ).toEqual(answer(200, { success: true, user: obj({ username: 'erin', passkeys: 0 }) }));
    expect(await as('DELETE', `/api/users/${erinId}`, { json: { password: PASSWORD } })).toEqual(
      answer(200, ok),
    );
    expect((await rest(app, 'GET', '/api/admin/check', { cookie: erin })).body).toMatchObject({
      authenticated: false,
    });
  });

  it('newsletters: confirm a sign-up (200), retry the failed recipients (202)', async () => {
    const { app, deps, as } = env;
    const { token } = await storeConfirmationLink(deps, 'r@example.com');
    expect(await rest(app, 'POST', '/api/newsletter/confirm', { json: { token } })).toEqual(
      answer(200, ok),
    );
    await seed(env);
    expect((await as('POST', '/api/newsletters/1/send')).status).toBe(202);
    await writeTransaction(deps.db, async (tx) => {
      await tx.update(newsletters).set({ status: 'sent', sentAt: deps.clock.now() });
      await tx.run(`update newsletter_recipients set status = 'failed'`);
    });
    expect(await as('POST', '/api/newsletters/1/retry')).toEqual(
      answer(202, { success: true, newsletter: obj({ status: 'sending', total: 1 }) }),
    );
  });

  it('content: save (200 with the version), restore a version (200), the path names the version', async () => {
    const { as } = env;
    const withHeadline = (headlineStart: string) => ({
      ...defaultSiteContent,
      hero: { ...defaultSiteContent.hero, headlineStart },
    });
    expect(
      await as('PUT', '/api/content', { json: { content: withHeadline('First'), baseVersion: 0 } }),
    ).toEqual(answer(200, { success: true, version: 1 }));
    await as('PUT', '/api/content', { json: { content: withHeadline('Second'), baseVersion: 1 } });
    // No body: over whatever is newest; a body naming another version: the path's still.
    expect(await as('POST', '/api/content/versions/1/restore')).toEqual(
      answer(200, { success: true, version: 3 }),
    );
    expect(
      await as('POST', '/api/content/versions/2/restore', { json: { version: 1, baseVersion: 3 } }),
    ).toEqual(answer(200, { success: true, version: 4 }));
    const now = (await as('GET', '/api/content')).body as { content: typeof defaultSiteContent };
    expect(now.content.hero.headlineStart).toBe('Second');
    // A body that is not an object is refused, never read as no body.
    for (const raw of ['[]', '5', 'null', '{']) {
      expect((await as('POST', '/api/content/versions/1/restore', { raw })).status, raw).toBe(400);
    }
  });
});

const CONTACT: ContactInput = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  company: '',
  subject: 'custom',
  message: 'Could you help us build a model?',
  privacy: true,
};

// The adapter's rules, once for every path (docs/api.md, "Conventions" and "Which error wins").
describe('the adapter', { timeout: 30_000 }, () => {
  let env: Env;
  beforeEach(async () => {
    env = await signedIn();
  });

  it('ranks the errors 413, 415, 403, 429, 401, 400, 404', async () => {
    const { app, deps } = env;
    const send = (
      path: string,
      init: { body?: string; type?: string; origin?: string; ip?: string; cookie?: string },
    ) =>
      app.request(path, {
        method: 'POST',
        headers: {
          ...(init.type ? { 'content-type': init.type } : {}),
          ...(init.origin ? { origin: init.origin } : {}),
          ...(init.cookie ? { cookie: init.cookie } : {}),
          'x-forwarded-for': init.ip ?? '203.0.113.50',
        },
        body: init.body,
      });
    const huge = 'x'.repeat(MAX_BODY_BYTES + 1);
    const evil = 'https://evil.example';
    // Too large, not JSON and cross-site at once: 413.
    expect(
      (await send('/api/ai-facts', { body: huge, type: 'text/plain', origin: evil })).status,
    ).toBe(413);
    // Not JSON and cross-site: 415.
    expect(
      (await send('/api/ai-facts', { body: '{}', type: 'text/plain', origin: evil })).status,
    ).toBe(415);
    // Cross-site and signed out: 403.
    expect(
      (await send('/api/ai-facts', { body: '{}', type: 'application/json', origin: evil })).status,
    ).toBe(403);
    // Throttled with a broken body: 429 with Retry-After, before the body is read.
    for (let i = 0; i < 5; i++) {
      await callerFor(deps, { ip: '203.0.113.50' }).caller.contact.send(CONTACT);
    }
    const throttled = await send('/api/contact', { body: '{', type: 'application/json' });
    expect(throttled.status).toBe(429);
    expect(await throttled.json()).toEqual({
      success: false,
      message: 'Too many messages from your address. Try again in 10 minutes.',
    });
    expect(throttled.headers.get('retry-after')).toBe('600');
    // Signed out with a broken, empty or invalid body, or a bad id: 401.
    for (const [path, body] of [
      ['/api/ai-facts', '{'],
      ['/api/ai-facts', ''],
      ['/api/ai-facts', '{"factText":"x"}'],
      ['/api/ai-facts/abc/move', '{"direction":"up"}'],
    ] as const) {
      const refused = await send(path, { body, type: 'application/json' });
      expect([refused.status, await refused.json()]).toEqual([401, UNAUTHORIZED]);
    }
    // Signed in, an invalid body on an unknown id: 400 before 404.
    expect(await env.as('PATCH', '/api/ai-facts/99', { json: { source: 'x' } })).toEqual(
      issue('source', MESSAGES.source),
    );
    expect(await env.as('PATCH', '/api/ai-facts/99', { json: { active: true } })).toEqual(
      refusal(404, 'AI fact not found'),
    );
  });

  it('reads JSON bodies as docs/api.md says: empty, malformed, absent, optional, ignored', async () => {
    const { as, deps } = env;
    await seed(env);
    expect(await as('POST', '/api/tags', { raw: '' })).toEqual(
      refusal(400, 'Request body must be JSON'),
    );
    expect(await as('POST', '/api/tags', { raw: '{"name":' })).toEqual(
      refusal(400, 'Request body must be valid JSON'),
    );
    // No body and no Content-Type: no input, which the procedure's check refuses.
    expect(await as('POST', '/api/tags')).toEqual(issue('', 'Required'));
    // A path that takes no body still refuses an empty one declared JSON, and changes nothing;
    // a JSON body it is sent is ignored.
    const links = () => deps.db.select().from(aiFactTags).where(eq(aiFactTags.factId, 1)).all();
    expect(await as('POST', '/api/ai-facts/1/tags/1', { raw: '' })).toEqual(
      refusal(400, 'Request body must be JSON'),
    );
    expect(await links()).toHaveLength(0);
    expect(await as('POST', '/api/ai-facts/1/tags/1', { json: { ignored: 1 } })).toEqual(
      answer(200, ok),
    );
    expect(await links()).toHaveLength(1);
    // An optional body may be empty whatever its Content-Type.
    await insertUser(deps, 'bob');
    const bob = (await deps.db.select().from(users).where(eq(users.username, 'bob')).get())!;
    expect(await as('POST', `/api/users/${bob.id}/invitation`, { raw: '' })).toEqual(
      answer(409, { success: false, message: any(String) }),
    );
    // A patch's issues are named as the body has them, not under the procedure's `data`.
    expect(await as('PATCH', '/api/ai-facts/1', { json: { source: 'x', order: -1 } })).toEqual(
      answer(
        400,
        invalid([
          { path: 'source', message: MESSAGES.source },
          { path: 'order', message: MESSAGES.order },
        ]),
      ),
    );
    // A deeply nested or oversized body is a plain 400 or 413, never a 500.
    const deep = '{"content":'.repeat(2000) + '1' + '}'.repeat(2000);
    expect((await as('PUT', '/api/content', { raw: deep })).status).toBe(400);
    const big = structuredClone(defaultSiteContent);
    big.legal.terms = 'x'.repeat(70_000);
    expect(
      (await as('PUT', '/api/content', { json: { content: big, baseVersion: 0 } })).status,
    ).toBe(413);
  });

  it('answers 429 and 503 with Retry-After', async () => {
    const { app, deps } = env;
    // Before the sign-ins below: their failures throttle this address too.
    (deps.mailer as RecordingMailer).failNext = true;
    const failed = await env.as('POST', '/api/account/email', {
      json: { password: PASSWORD, email: 'new@example.com' },
    });
    expect(failed.status).toBe(503);
    expect(failed.headers.get('retry-after')).toBe('5');

    for (let i = 0; i < 5; i++) {
      await rest(app, 'POST', '/api/admin/login', {
        json: { username: 'alice', password: 'wrong password' },
      });
    }
    const throttled = await rest(app, 'POST', '/api/admin/login', {
      json: { username: 'alice', password: PASSWORD },
    });
    expect(throttled).toEqual(
      refusal(429, 'Too many failed sign-in attempts. Try again in 15 minutes.'),
    );
    expect(throttled.headers.get('retry-after')).toBe('900');

    const prod = await createTestApp({
      config: testConfig({ production: true }),
      mailer: createMailer({
        smtpUrl: null,
        from: 'no-reply@example.com',
        production: true,
        logger: createMemoryLogger(),
      }),
    });
    await insertUser(prod.deps, 'erin', 'erin@example.com');
    const unavailable = await rest(prod.app, 'POST', '/api/admin/login', {
      json: { username: 'erin', password: PASSWORD },
    });
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers.get('retry-after')).toBe('5');
    expect(unavailable.headers.get('set-cookie')).toBeNull();
  });

  it('answers the pending sign-in paths 401 without one, before the body', async () => {
    for (const path of ['/api/admin/verify-2fa', '/api/admin/recovery-code']) {
      for (const opts of [{ json: { code: '123456' } }, { raw: '' }, { raw: '{' }]) {
        const refused = await rest(env.app, 'POST', path, opts);
        expect(refused.status).toBe(401);
        expect(refused.body).toMatchObject({ success: false });
      }
    }
  });

  it('keeps the answers of /api out of caches', async () => {
    expect((await env.as('GET', '/api/account')).headers.get('cache-control')).toBe('no-store');
  });

  it('answers GET /api/ai-facts from the ready bytes, with an ETag and 304', async () => {
    await seed(env);
    const first = await env.app.request('/api/ai-facts');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const again = await env.app.request('/api/ai-facts', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });
});

describe('the one-click unsubscribe (RFC 8058)', () => {
  let app: App;
  let deps: TestDeps;
  const email = 'reader@example.com';
  const token = () => unsubscribeToken(deps.config.sessionSecret, email);
  const statusOf = async () => (await deps.db.select().from(subscribersTable).get())?.status;
  /** What a mail program sends: a form, from its own servers. */
  const oneClick = async (
    query: string,
    body = 'List-Unsubscribe=One-Click',
    headers: Record<string, string> = {},
  ) => {
    const response = await app.request(`/api/newsletter/unsubscribe${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body,
    });
    return [response.status, (await response.json()) as unknown];
  };

  beforeEach(async () => {
    ({ app, deps } = await createTestApp());
    await callerFor(deps).caller.newsletter.subscribe({ email });
  });

  it('takes the form with the token in the address, idempotently', async () => {
    for (let i = 0; i < 2; i++) expect(await oneClick(`?token=${token()}`)).toEqual([200, ok]);
    expect(await statusOf()).toBe('unsubscribed');
  });

  it('refuses another form (400), an unknown token (404), no token (400), other paths and types (415), another site (403)', async () => {
    expect(await oneClick(`?token=${token()}`, 'List-Unsubscribe=Maybe')).toEqual([
      400,
      { success: false, message: 'A form body must be List-Unsubscribe=One-Click' },
    ]);
    expect((await oneClick(`?token=${'b'.repeat(43)}`))[0]).toBe(404);
    expect((await oneClick(''))[0]).toBe(400);
    expect(
      (
        await oneClick(`?token=${token()}`, 'List-Unsubscribe=One-Click', {
          'content-type': 'text/plain',
        })
      )[0],
    ).toBe(415);
    const elsewhere = await app.request('/api/newsletter/confirm', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'token=x',
    });
    expect(elsewhere.status).toBe(415);
    expect(
      (await oneClick(`?token=${token()}`, undefined, { origin: 'https://evil.example' }))[0],
    ).toBe(403);
    expect(await statusOf()).toBe('pending');
  });
});

describe('the CSV downloads', () => {
  let env: Env;
  beforeEach(async () => {
    env = await signedIn();
  });

  const download = async (path: string) => {
    const response = await env.app.request(path, { headers: { cookie: env.cookie } });
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { response, bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
  };

  it.each([
    ['/api/messages.csv', 'messages', 'id,name,email,company,subject,message,createdAt,readAt'],
    ['/api/subscribers.csv', 'subscribers', 'id,email,status,createdAt,confirmedAt,unsubscribedAt'],
    ['/api/analytics.csv', 'analytics', 'date,visitors,pageviews,contacts,subscriptions,bookings'],
    ['/api/audit.csv', 'audit', 'id,at,actor,action,target,address'],
  ])('%s is a dated UTF-8 attachment with a BOM and a header row', async (path, name, header) => {
    const { response, bytes, text } = await download(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="${name}-2026-01-15.csv"`,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text.split('\r\n')[0]).toBe(`\uFEFF${header}`);
  });

  it('records each download in the audit log before the file is read, with its filters', async () => {
    await writeTransaction(env.deps.db, (tx) =>
      auditInsert(tx, env.deps.clock.now(), {
        action: 'fact_created',
        actor: { id: 2, username: '=bob' },
        target: 'fact 1',
        ip: '2001:db8:1:2::1',
      }),
    );
    await download('/api/messages.csv?q=data%20team&subject=consulting');
    const { text } = await download('/api/audit.csv');
    expect(text).toBe(
      '\uFEFFid,at,actor,action,target,address\r\n' +
        '3,2026-01-15T10:00:00.000Z,alice,export_downloaded,audit.csv,unknown\r\n' +
        '2,2026-01-15T10:00:00.000Z,alice,export_downloaded,"messages.csv q=""data team"" subject=consulting",unknown\r\n' +
        // A name that starts like a formula is neutralised (platform/csv.ts).
        "1,2026-01-15T10:00:00.000Z,'=bob,fact_created,fact 1,2001:db8:1:2::/64\r\n",
    );
    const filtered = await download('/api/audit.csv?actor=%3Dbob');
    expect(filtered.text.trim().split('\r\n')).toHaveLength(2);
  });

  it('records nothing for a refused filter or range', async () => {
    for (const path of ['/api/analytics.csv?from=2026-02-01', '/api/messages.csv?subject=x']) {
      expect((await env.as('GET', path)).status).toBe(400);
    }
    const { caller } = callerFor(env.deps, { cookie: env.cookie });
    expect((await caller.audit.list({})).total).toBe(0);
  });

  it('over tRPC a download answers only its file name and records nothing', async () => {
    const { caller } = callerFor(env.deps, { cookie: env.cookie });
    const file = await caller.messages.exportCsv({});
    expect(JSON.parse(JSON.stringify(file))).toEqual({ filename: 'messages-2026-01-15.csv' });
    expect((await caller.audit.list({})).total).toBe(0);
  });

  it('the analytics file holds exactly the JSON report’s daily rows', async () => {
    const { app, deps } = env;
    const send = (ip: string, path: string) =>
      app.request('/api/event', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': ip,
          'user-agent': AGENTS.chromeWindows,
        },
        body: JSON.stringify({ name: 'pageview', url: page(path) }),
      });
    deps.clock.set(new Date('2026-01-14T12:00:00Z'));
    await send('198.51.100.1', '/');
    await send('198.51.100.2', '/services');
    deps.clock.set(new Date('2026-01-15T12:00:00Z'));
    await send('198.51.100.1', '/');
    await storedEvents(deps.db);
    // Two hours on: that session ended idle; sign in anew.
    env.cookie = await signedInCookie(deps, 'alice');
    const range = 'from=2026-01-10&to=2026-01-16';
    const json = await rest(app, 'GET', `/api/analytics?${range}`, { cookie: env.cookie });
    const { text } = await download(`/api/analytics.csv?${range}`);
    const [, ...lines] = text.slice(1, -2).split('\r\n');
    const fromCsv = lines.map((line) => {
      const [date, ...figures] = line.split(',');
      const [visitors, pageviews, contacts, subscriptions, bookings] = figures.map(Number);
      return { date, visitors, pageviews, contacts, subscriptions, bookings };
    });
    expect(fromCsv).toEqual((json.body as { daily: unknown[] }).daily);
    expect(fromCsv.filter((row) => row.pageviews! > 0).map((row) => row.date)).toEqual([
      '2026-01-14',
      '2026-01-15',
    ]);
  });
});
