/**
 * Hostile input (issue 8 part 5), generated with fast-check against the whole app through
 * app.request(): every public REST path and tRPC procedure, batched and not, with generated
 * bodies, headers, paths and content types. Whatever arrives, the answer is a 2xx or a 4xx
 * with the documented body, never a 5xx or a stack trace, nothing is stored for a refused
 * input, and accepted text is stored byte for byte.
 *
 * FUZZ_RUNS sets the runs per property (default 40, 10 on libSQL); `FUZZ_RUNS=400` is the large run.
 */
import fc from 'fast-check';
import { gt } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { contacts, sessions, subscribers, twoFactorChallenges } from '#db/schema';
import { createTestApp, testConfig } from '#tests/support/app';
import { TEST_DATABASE } from '#tests/support/database';
import {
  aroundLimits,
  bodyText,
  contentType,
  deepJson,
  FRAGMENTS,
  hostileObject,
  hostileString,
  hostileValue,
  loneSurrogate,
} from '#tests/support/hostile';
import { ANALYTICS_LIMITS } from '#shared/analytics';
import { LIMITS } from '#shared/constants';
import { contactSubjectValues } from '#shared/contact';
import { loginInput } from '#shared/auth';
import { MESSAGES } from '#shared/messages';
import { NOT_ONE_LINE } from '#shared/validation';
import { contactMail } from '#server/contact/notify';
import { honeypotFilled } from '#server/http/public-form';

/**
 * Runs per property: FUZZ_RUNS, else 40 on the embedded file and 10 on a libSQL server, where
 * every stored row costs round trips (about 35 s more for the file). The breadth is the
 * embedded run's; the libSQL run shows the same properties hold through the other driver.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? (TEST_DATABASE === 'sqld' ? 10 : 40));
const TIMEOUT_MS = 60_000 + RUNS * 500;

const STACK_TRACE = /\n\s+at |node_modules|SqliteError|LibsqlError|DrizzleQueryError|\.ts:\d+/;

async function fuzzApp() {
  return await createTestApp({ config: testConfig({ trustProxy: true }) });
}
type Fuzz = Awaited<ReturnType<typeof fuzzApp>>;

/** How often each status was answered: printed after the large run (FUZZ_RUNS set). */
const statuses = new Map<number, number>();
afterAll(() => {
  if (!process.env.FUZZ_RUNS) return;
  const counts = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
  console.log(`hostile input, ${RUNS} runs per property; answers by status: ${counts.join(', ')}`);
});

/** Each request from its own address, so the per-address throttles do not hide validation. */
let address = 0;
function nextAddress(): string {
  address++;
  return `2001:db8:${(address >> 16) & 0xffff}:${address & 0xffff}::1`;
}

async function send(
  fuzz: Fuzz,
  method: string,
  path: string,
  opts: { body?: string; type?: string; headers?: Record<string, string> } = {},
) {
  const headers = new Headers(opts.headers);
  headers.set('x-forwarded-for', nextAddress());
  if (opts.type !== undefined) headers.set('content-type', opts.type);
  const res = await fuzz.app.request(path, { method, headers, body: opts.body });
  const text = await res.text();
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  return { status: res.status, headers: res.headers, text };
}
type Answer = Awaited<ReturnType<typeof send>>;

/** The invariants of every answer under /api; returns the parsed body. */
function expectJsonAnswer(answer: Answer): unknown {
  expect(answer.status, answer.text).toBeLessThan(500);
  expect(
    // 202: an analytics event, answered the same whether recorded or not.
    [200, 201, 202, 207].includes(answer.status) || answer.status >= 400,
  ).toBe(true);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  expect(answer.text).not.toMatch(STACK_TRACE);
  if (answer.status === 429) expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
  return JSON.parse(answer.text) as unknown;
}

/** docs/api.md's error body, and nothing else. */
function expectErrorBody(body: unknown) {
  const { issues, ...rest } = asRecord(body) ?? {};
  expect(rest).toEqual({ success: false, message: expect.stringMatching(/\S/) });
  if (issues === undefined) return;
  expect(Array.isArray(issues) && issues.length > 0).toBe(true);
  for (const issue of issues as unknown[]) {
    expect(issue).toEqual({ path: expect.any(String), message: expect.any(String) });
  }
}

async function rowsAfter(fuzz: Fuzz, before: { contact: number; subscriber: number }) {
  const db = fuzz.deps.db;
  return {
    contacts: await db.select().from(contacts).where(gt(contacts.id, before.contact)).all(),
    subscribers: await db
      .select()
      .from(subscribers)
      .where(gt(subscribers.id, before.subscriber))
      .all(),
  };
}

async function lastIds(fuzz: Fuzz) {
  const db = fuzz.deps.db;
  return {
    contact: (await db.select().from(contacts).all()).at(-1)?.id ?? 0,
    subscriber: (await db.select().from(subscribers).all()).at(-1)?.id ?? 0,
  };
}

/** Nobody signs in by fuzzing: no session or pending challenge may ever appear. */
async function expectNobodySignedIn(fuzz: Fuzz) {
  expect(await fuzz.deps.db.select().from(sessions).all()).toEqual([]);
  expect(await fuzz.deps.db.select().from(twoFactorChallenges).all()).toEqual([]);
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

const validEmail = fc.oneof(
  fc.constantFrom('visitor@example.com', 'Visitor@Example.COM', ' padded@example.org '),
  aroundLimits(LIMITS.emailMax - 12).map((local) => `${local.trim() || 'a'}@example.com`),
);
const contactFields = {
  name: fc.oneof(
    fc.constantFrom('Ada Lovelace', 'Ab'),
    aroundLimits(LIMITS.nameMin, LIMITS.nameMax),
  ),
  email: validEmail,
  company: fc.oneof(fc.constant('Acme'), aroundLimits(LIMITS.companyMax)),
  subject: fc.constantFrom(...contactSubjectValues, 'Other', ''),
  message: fc.oneof(
    fc.constantFrom('A message long enough to store.'),
    aroundLimits(LIMITS.messageMin, LIMITS.messageMax),
  ),
  privacy: fc.constantFrom(true, 'true', 1),
  website: fc.constantFrom('', 'http://bot.example'),
};

const REST_TARGETS = {
  '/api/contact': hostileObject(contactFields),
  '/api/subscribe': hostileObject({ email: validEmail, website: contactFields.website }),
  '/api/admin/login': hostileObject({
    username: fc.constantFrom('alice', ''),
    password: fc.constantFrom('a long password', ''),
  }),
  '/api/admin/verify-2fa': hostileObject({ code: fc.constantFrom('123456', '12345', '1234567') }),
  '/api/admin/recovery-code': hostileObject({
    code: fc.constantFrom('abcde-fghij', 'ABCDEFGHIJ', 'abcde', ''),
  }),
  '/api/admin/logout': hostileValue,
  // No invitation exists in the fuzzed app: a well-formed token is one read and a 404.
  '/api/admin/invite': hostileObject({
    token: fc.constantFrom('t'.repeat(43), 'short', ''),
    password: fc.constantFrom('a long enough password', 'short', ''),
  }),
  // Booking is off in the fuzzed app (the defaults): a valid request is a documented 404.
  '/api/booking': hostileObject({
    start: fc.constantFrom('2026-06-02T08:00:00.000Z', '2026-06-02T08:00:00+01:00', 'tomorrow', ''),
    name: contactFields.name,
    email: validEmail,
    company: contactFields.company,
    message: fc.oneof(fc.constant(''), aroundLimits(LIMITS.messageMax)),
    privacy: contactFields.privacy,
    website: contactFields.website,
  }),
  '/api/booking/cancel': hostileObject({
    token: fc.constantFrom('t'.repeat(43), 'short', ''),
    reason: fc.oneof(fc.constant(''), aroundLimits(1000)),
  }),
  '/api/booking/reschedule': hostileObject({
    token: fc.constantFrom('t'.repeat(43), 'short', ''),
    start: fc.constantFrom('2026-06-02T08:00:00.000Z', 'tomorrow', ''),
  }),
  '/api/event': hostileObject({
    name: fc.constantFrom('pageview', 'cta_click', 'contact', 'Page View', ''),
    url: fc.oneof(
      fc.constantFrom('http://localhost/', 'https://elsewhere.example/a?b=c', 'javascript:x', '/'),
      aroundLimits(ANALYTICS_LIMITS.urlMax - 17).map((path) => `http://localhost/${path}`),
    ),
    referrer: fc.constantFrom('', null, 'https://search.example/?q=x', 'not an address'),
  }),
} as const;

/** A login that passes validation costs a password hash (0.3-0.6 s here): own property below. */
function reachesPasswordHash(value: unknown): boolean {
  return loginInput.safeParse(value).success;
}

function parsedJson(text: string, type: string | undefined): unknown {
  if (type?.split(';')[0]?.trim().toLowerCase() !== 'application/json') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** What a stored contact must hold for an accepted submission: the text as sent, trimmed. */
function expectStoredContact(row: typeof contacts.$inferSelect, sent: Record<string, unknown>) {
  const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);
  expect(row.name).toBe(trimmed(sent.name));
  expect(row.email).toBe(trimmed(sent.email));
  expect(row.company).toBe(trimmed(sent.company) || null);
  expect(row.subject).toBe(sent.subject);
  expect(row.message).toBe(trimmed(sent.message));
}

/** Checks the rows a request left behind, given which submissions the answers accepted. */
async function expectRowsFor(
  fuzz: Fuzz,
  before: Awaited<ReturnType<typeof lastIds>>,
  accepted: { contacts: Record<string, unknown>[]; subscribers: Record<string, unknown>[] },
) {
  const added = await rowsAfter(fuzz, before);
  const storedContacts = accepted.contacts.filter((c) => !honeypotFilled(c));
  expect(added.contacts).toHaveLength(storedContacts.length);
  added.contacts.forEach((row, i) => expectStoredContact(row, storedContacts[i] ?? {}));
  const storedEmails = accepted.subscribers
    .filter((s) => !honeypotFilled(s))
    .map((s) => String(s.email).trim().toLowerCase());
  for (const row of added.subscribers) expect(storedEmails).toContain(row.email.toLowerCase());
  if (storedEmails.length === 0) expect(added.subscribers).toEqual([]);
  for (const email of storedEmails) {
    const all = await fuzz.deps.db.select().from(subscribers).all();
    expect(all.some((row) => row.email.toLowerCase() === email)).toBe(true);
  }
  await expectNobodySignedIn(fuzz);
}

describe('REST paths with hostile bodies and content types', () => {
  it(
    'answer 2xx or a documented 4xx, store only what they accept',
    async () => {
      const fuzz = await fuzzApp();
      const paths = Object.keys(REST_TARGETS) as (keyof typeof REST_TARGETS)[];
      const request = fc.constantFrom(...paths).chain((path) =>
        fc.record({
          path: fc.constant(path),
          text: bodyText(REST_TARGETS[path]),
          type: contentType,
        }),
      );
      await fc.assert(
        fc.asyncProperty(request, async ({ path, text, type }) => {
          const sent = parsedJson(text, type);
          fc.pre(!(path === '/api/admin/login' && reachesPasswordHash(sent)));
          const before = await lastIds(fuzz);
          const answer = await send(fuzz, 'POST', path, { body: text, type });
          const body = expectJsonAnswer(answer);
          const ok = answer.status < 300;
          if (!ok) expectErrorBody(body);
          const record = asRecord(sent) ?? {};
          await expectRowsFor(fuzz, before, {
            contacts: ok && path === '/api/contact' ? [record] : [],
            subscribers: ok && path === '/api/subscribe' ? [record] : [],
          });
        }),
        { numRuns: RUNS * 4 },
      );
    },
    TIMEOUT_MS,
  );

  it(
    'store valid contacts with hostile text byte for byte, and mail them as text',
    async () => {
      const fuzz = await fuzzApp();
      const legal = fc.oneof(
        fc.constantFrom(...FRAGMENTS),
        fc.string({ unit: 'grapheme', maxLength: 60 }),
      );
      const contact = fc.record({
        name: legal.map((text) => `Name ${text}`),
        email: fc.constant('visitor@example.com'),
        company: legal,
        subject: fc.constantFrom(...contactSubjectValues),
        message: fc
          .array(legal, { minLength: 1, maxLength: 5 })
          .map((parts) => `Message text: ${parts.join(' ')}`),
        privacy: fc.constant(true),
      });
      await fc.assert(
        fc.asyncProperty(contact, async (sent) => {
          fc.pre(sent.name.length <= LIMITS.nameMax && sent.company.length <= LIMITS.companyMax);
          // One-line fields refuse line breaks (their own property below).
          fc.pre(!NOT_ONE_LINE.test(sent.name.trim() + sent.company.trim()));
          const before = await lastIds(fuzz);
          const answer = await send(fuzz, 'POST', '/api/contact', {
            body: JSON.stringify(sent),
            type: 'application/json',
          });
          expect(answer.status, answer.text).toBe(201);
          const rows = (await rowsAfter(fuzz, before)).contacts;
          expect(rows).toHaveLength(1);
          const row = rows[0];
          if (!row) return;
          expectStoredContact(row, sent);
          // The notification's HTML carries the text escaped: no markup from a visitor survives.
          const html =
            contactMail(
              'owner@example.com',
              row,
              { name: 'Acme AI Engineering', url: 'https://acme.example', timeZone: 'UTC' },
              'Direct',
            ).html ?? '';
          expect(html).not.toMatch(/<(script|img|b)\b/);
        }),
        { numRuns: RUNS },
      );
    },
    TIMEOUT_MS,
  );

  it(
    'refuse text with an unpaired surrogate (it has no UTF-8 form) and store nothing',
    async () => {
      const fuzz = await fuzzApp();
      const field = fc.constantFrom('name', 'company', 'message');
      await fc.assert(
        fc.asyncProperty(field, loneSurrogate, async (key, surrogate) => {
          const sent = {
            name: 'Ada Lovelace',
            email: 'visitor@example.com',
            company: 'Acme',
            subject: 'other',
            message: 'A message long enough to store.',
            privacy: true,
            [key]: `Broken ${surrogate} text here`,
          };
          const before = await lastIds(fuzz);
          const answer = await send(fuzz, 'POST', '/api/contact', {
            body: JSON.stringify(sent),
            type: 'application/json',
          });
          expect(answer.status).toBe(400);
          expect(JSON.parse(answer.text)).toEqual({
            success: false,
            message: MESSAGES.text,
            issues: [{ path: key, message: MESSAGES.text }],
          });
          expect((await rowsAfter(fuzz, before)).contacts).toEqual([]);
        }),
        { numRuns: Math.min(RUNS, 12) },
      );
    },
    TIMEOUT_MS,
  );

  it(
    'judge logins with hostile but well-formed credentials as wrong (401), never 5xx',
    async () => {
      const fuzz = await fuzzApp();
      const credential = fc.oneof(fc.constantFrom(...FRAGMENTS), hostileString);
      await fc.assert(
        fc.asyncProperty(credential, credential, async (username, password) => {
          fc.pre(reachesPasswordHash({ username, password }));
          const answer = await send(fuzz, 'POST', '/api/admin/login', {
            body: JSON.stringify({ username, password }),
            type: 'application/json',
          });
          const body = expectJsonAnswer(answer);
          expect([401, 429]).toContain(answer.status);
          expectErrorBody(body);
          await expectNobodySignedIn(fuzz);
        }),
        // Each run costs a password hash: a handful in CI, ten times more in the large run.
        { numRuns: Math.max(3, Math.round(RUNS / 10)) },
      );
    },
    TIMEOUT_MS,
  );
});

const PUBLIC_PROCEDURES = {
  'contact.send': REST_TARGETS['/api/contact'],
  'newsletter.subscribe': REST_TARGETS['/api/subscribe'],
  'admin.login': REST_TARGETS['/api/admin/login'],
  'admin.verifyCode': REST_TARGETS['/api/admin/verify-2fa'],
  'admin.recoveryCode': REST_TARGETS['/api/admin/recovery-code'],
  'admin.logout': hostileValue,
  'admin.check': hostileValue,
  'facts.listPublic': hostileValue,
  'analytics.record': REST_TARGETS['/api/event'],
  'invitation.check': REST_TARGETS['/api/admin/invite'],
  'invitation.accept': REST_TARGETS['/api/admin/invite'],
} as const;
type Procedure = keyof typeof PUBLIC_PROCEDURES;
const procedureNames = Object.keys(PUBLIC_PROCEDURES) as Procedure[];

const procedureName = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...procedureNames) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'facts.create',
      'tags.list',
      'nope.nothing',
      '__proto__.x',
      'admin',
      '',
    ),
  },
);

function callInput(name: string): fc.Arbitrary<unknown> {
  return name in PUBLIC_PROCEDURES ? PUBLIC_PROCEDURES[name as Procedure] : hostileValue;
}

/** The tRPC envelope: a result, or an error carrying the formatted data and no stack. */
function expectTrpcItem(item: unknown) {
  const record = asRecord(item);
  expect(record, JSON.stringify(item)).not.toBeNull();
  // The guards in front of tRPC (413, 415, 403) answer with the REST error body.
  if (record && 'success' in record) {
    expectErrorBody(record);
  } else if (record && 'error' in record) {
    expect(record.error).toMatchObject({
      message: expect.any(String),
      code: expect.any(Number),
      data: { code: expect.any(String), httpStatus: expect.any(Number) },
    });
    expect(JSON.stringify(record.error)).not.toContain('"stack"');
  } else {
    expect(record).toHaveProperty('result');
  }
}

describe('tRPC procedures with hostile input, batched and not', () => {
  it(
    'answer JSON envelopes, never 5xx, and store only accepted submissions',
    async () => {
      const fuzz = await fuzzApp();
      const call = procedureName.chain((name) => fc.tuple(fc.constant(name), callInput(name)));
      const request = fc.record({
        calls: fc.array(call, { minLength: 1, maxLength: 4 }),
        batch: fc.boolean(),
        method: fc.constantFrom('POST', 'GET'),
        type: contentType,
        broken: fc.option(
          fc.oneof(bodyText(hostileValue), fc.constant(deepJson(10_000, 'object'))),
          {
            freq: 5,
          },
        ),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ calls, batch, method, type, broken }) => {
          const used = batch ? calls : calls.slice(0, 1);
          fc.pre(
            !used.some(([name, input]) => name === 'admin.login' && reachesPasswordHash(input)),
          );
          const names = used.map(([name]) => name).join(',');
          const input = batch
            ? Object.fromEntries(used.map(([, value], i) => [String(i), value]))
            : used[0]?.[1];
          const text = broken ?? JSON.stringify(input) ?? '';
          const query = batch ? '?batch=1' : '';
          const before = await lastIds(fuzz);
          const answer =
            method === 'GET'
              ? await send(
                  fuzz,
                  'GET',
                  `/api/trpc/${names}${query}${query ? '&' : '?'}input=${encodeURIComponent(text)}`,
                )
              : await send(fuzz, 'POST', `/api/trpc/${names}${query}`, { body: text, type });
          const body = expectJsonAnswer(answer);
          const items = Array.isArray(body) ? body : [body];
          items.forEach(expectTrpcItem);

          const accepted = {
            contacts: [] as Record<string, unknown>[],
            subscribers: [] as Record<string, unknown>[],
          };
          if (Array.isArray(body) || !batch) {
            items.forEach((item, i) => {
              const [name, value] = used[i] ?? [];
              if (!asRecord(item)?.result || broken !== null) return;
              const record = asRecord(value) ?? {};
              if (name === 'contact.send') accepted.contacts.push(record);
              if (name === 'newsletter.subscribe') accepted.subscribers.push(record);
            });
          }
          await expectRowsFor(fuzz, before, accepted);
        }),
        { numRuns: RUNS * 4 },
      );
    },
    TIMEOUT_MS,
  );
});

describe('generated paths, methods and headers under /api', () => {
  it(
    'answer JSON with a 2xx or 4xx status',
    async () => {
      const fuzz = await fuzzApp();
      const segment = fc.oneof(
        fc.constantFrom(
          '1',
          '0',
          '-1',
          '1.5',
          '1e3',
          'abc',
          '%00',
          '%ZZ',
          '%E2%80%AE',
          '..',
          '%2e%2e',
          '99999999999999999999',
          '__proto__',
        ),
        fc.string({ maxLength: 12 }).map(encodeURIComponent),
      );
      const template = fc.constantFrom(
        (s: string) => `/api/${s}`,
        (s: string) => `/api/ai-facts/${s}`,
        (s: string) => `/api/ai-facts/${s}/with-tags`,
        (s: string) => `/api/ai-facts/${s}/tags/${s}`,
        (s: string) => `/api/ai-facts?x=${s}`,
        (s: string) => `/api/admin/${s}`,
        (s: string) => `/api/tags/${s}`,
        (s: string) => `/api/trpc/${s}`,
        () => '/api/ai-facts',
        () => '/api/admin/check',
        () => '/api/tags',
      );
      const header = fc.record(
        {
          origin: fc.constantFrom('http://localhost', 'https://evil.example', 'null', '%', ''),
          'sec-fetch-site': fc.constantFrom('same-origin', 'cross-site', 'same-site', 'none', 'x'),
          cookie: fc.oneof(
            fc.constantFrom('admin_session=', 'admin_session=Fe26.2**garbage', 'admin_session=%ZZ'),
            fc.string({ maxLength: 40 }).map((v) => `admin_session=${encodeURIComponent(v)}`),
          ),
          'content-length': fc.constantFrom('0', '70000'),
        },
        { requiredKeys: [] },
      );
      const request = fc.record({
        method: fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT'),
        path: fc.tuple(template, segment).map(([make, s]) => make(s)),
        headers: header,
        body: fc.option(bodyText(hostileValue), { freq: 2 }),
        type: contentType,
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ method, path, headers, body, type }) => {
          const before = await lastIds(fuzz);
          const withBody = method !== 'GET' && body !== null;
          // A declared length must match the body sent; the 413 guard gets its own header case.
          const { 'content-length': declared, ...rest } = headers;
          const sentHeaders = withBody && declared === '70000' ? headers : rest;
          const answer = await send(fuzz, method, path, {
            headers: sentHeaders,
            ...(withBody ? { body, type } : {}),
          });
          // "/api/.." is "/" once the URL is parsed: outside /api only the status is checked.
          const effective = new URL(path, 'http://localhost').pathname;
          if (!effective.startsWith('/api/')) {
            expect(answer.status).toBeLessThan(500);
            return;
          }
          const parsed = expectJsonAnswer(answer);
          if (answer.status >= 400 && !effective.startsWith('/api/trpc/')) expectErrorBody(parsed);
          await expectRowsFor(fuzz, before, { contacts: [], subscribers: [] });
        }),
        { numRuns: RUNS * 4 },
      );
    },
    TIMEOUT_MS,
  );
});
