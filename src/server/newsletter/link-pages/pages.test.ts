import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { subscriberConfirmations, subscribers } from '#db/schema';
import { createApp, type App } from '#server/app/app';
import { CONFIRMATION_TTL_MS, newConfirmationToken } from '../tokens';
import { escapeHtml } from '#shared/escape-html';
import { createTestDeps, type TestDeps } from '#tests/support/app';
import { storeConfirmationLink, storeUnsubscribeLink } from '#tests/support/newsletter-links';
import { INVALID_LINK_TEXTS, LINK_PAGE_TEXTS, LINK_PAGE_UNAVAILABLE } from './texts';

/** A client folder as the build leaves it, as far as these pages look: the home manifest. */
const clientDir = mkdtempSync(path.join(tmpdir(), 'link-pages-'));
mkdirSync(path.join(clientDir, '.vite'));
writeFileSync(
  path.join(clientDir, '.vite', 'manifest-home.json'),
  JSON.stringify({
    'index.html': { file: 'assets/index-abc.js', isEntry: true },
    'src/client/newsletter-link-main.ts': { file: 'assets/newsletter-link-def.js', isEntry: true },
    'style.css': { file: 'assets/style-123.css', src: 'style.css' },
  }),
);
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

let deps: TestDeps;
let app: App;

beforeEach(async () => {
  deps = await createTestDeps();
  app = createApp(deps, { clientDir });
});

async function get(url: string) {
  const response = await app.request(url);
  return { response, html: await response.text() };
}

const all = (html: string, pattern: RegExp) => [...html.matchAll(pattern)];
const buttons = (html: string) => all(html, /<button\b[^>]*>([^<]*)<\/button>/g);
const heading = (html: string) => all(html, /<h1\b[^>]*>([^<]*)<\/h1>/g).map((m) => m[1]);

/** Everything stored about subscribers and their confirmation mails. */
async function stored() {
  return {
    subscribers: await deps.db.select().from(subscribers).all(),
    confirmations: await deps.db.select().from(subscriberConfirmations).all(),
  };
}

function expectPageHeaders(response: Response) {
  expect(response.headers.get('content-type')).toBe('text/html; charset=UTF-8');
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  const csp = (response.headers.get('content-security-policy') ?? '').split('; ');
  const scriptSrc = csp.find((directive) => directive.startsWith('script-src '));
  // Files of the site and the build's own inline scripts by hash; nothing else inline.
  expect(scriptSrc).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')*$/);
  expect(csp).toContain("object-src 'none'");
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
}

/** No inline script: each <script> loads a file the CSP's 'self' allows. */
function scriptsOf(html: string): string[] {
  return all(html, /<script\b([^>]*)>([\s\S]*?)<\/script>/g).map(([, attributes, body]) => {
    expect(body).toBe('');
    return attributes!.trim();
  });
}

describe.each([
  {
    kind: 'confirm' as const,
    store: () => storeConfirmationLink(deps),
  },
  {
    kind: 'unsubscribe' as const,
    store: () => storeUnsubscribeLink(deps),
  },
])('GET /newsletter/$kind with a usable link', ({ kind, store }) => {
  const texts = LINK_PAGE_TEXTS[kind];

  it('answers 200 HTML with one heading, one sentence and one button, and no inline script', async () => {
    const { token } = await store();
    const { response, html } = await get(`/newsletter/${kind}?token=${token}`);
    expect(response.status).toBe(200);
    expectPageHeaders(response);
    expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(heading(html)).toEqual([texts.heading]);
    expect(html).toContain(`<title>${texts.heading} | Acme AI Engineering</title>`);
    expect(all(html, /<p data-prompt\b[^>]*>([^<]*)<\/p>/g).map((m) => m[1])).toEqual([
      escapeHtml(texts.prompt('Acme AI Engineering')),
    ]);
    expect(buttons(html).map((m) => m[1])).toEqual([texts.button]);
    const [button] = buttons(html);
    expect(button![0]).toContain(`data-endpoint="${texts.endpoint}"`);
    expect(button![0]).toContain(`data-token="${token}"`);
    // The site's brand links home; the theme script and the built assets load as files.
    expect(html).toMatch(/<a href="\/" aria-label="Acme AI Engineering, home"/);
    expect(scriptsOf(html)).toEqual([
      'src="/boot.js"',
      'type="module" src="/assets/newsletter-link-def.js"',
    ]);
    expect(html).toContain('<link rel="stylesheet" href="/assets/style-123.css">');
    expect(html).toContain(`<noscript><p class="mt-4 text-sm text-muted">`);
    // The live region the answer goes into is there from the start, empty.
    expect(html).toMatch(/<p data-result role="status" tabindex="-1" [^>]*><\/p>/);
  });

  it('changes nothing, however often it is opened', async () => {
    const { token } = await store();
    const before = await stored();
    for (let i = 0; i < 3; i++) {
      expect((await get(`/newsletter/${kind}?token=${token}`)).response.status).toBe(200);
    }
    expect(await stored()).toEqual(before);
  });
});

describe('GET /newsletter/confirm, /newsletter/unsubscribe with a dead link', () => {
  const deadLinkPage = async (url: string, kind: 'confirm' | 'unsubscribe') => {
    const { response, html } = await get(url);
    expect(response.status).toBe(404);
    expectPageHeaders(response);
    expect(heading(html)).toEqual([INVALID_LINK_TEXTS[kind].heading]);
    expect(heading(html)).toEqual(['This link is invalid or has expired.']);
    expect(html).toContain(INVALID_LINK_TEXTS[kind].prompt);
    expect(buttons(html)).toEqual([]);
    // Nothing to press, so no script beyond the theme's.
    expect(scriptsOf(html)).toEqual(['src="/boot.js"']);
    return html;
  };

  it.each(['confirm', 'unsubscribe'] as const)(
    '%s: an unknown token is the friendly page, status 404',
    async (kind) => {
      await deadLinkPage(`/newsletter/${kind}?token=${newConfirmationToken()}`, kind);
    },
  );

  it.each([
    ['no token', ''],
    ['an empty token', '?token='],
    ['a token cut short', `?token=${newConfirmationToken().slice(0, 30)}`],
    ['a token one character too long', `?token=${newConfirmationToken()}A`],
    ['a token with a character outside base64url', `?token=${newConfirmationToken().slice(1)}+`],
    ['markup', `?token=${encodeURIComponent('"><script>alert(1)</script>')}`],
  ])('a malformed link (%s) is the same page', async (_name, query) => {
    const html = await deadLinkPage(`/newsletter/confirm${query}`, 'confirm');
    expect(html).not.toContain('alert(1)');
    await deadLinkPage(`/newsletter/unsubscribe${query}`, 'unsubscribe');
  });

  it('a confirmation link past its 7 days is dead, and stays stored as it was', async () => {
    const { token } = await storeConfirmationLink(deps);
    deps.clock.advance(CONFIRMATION_TTL_MS - 1000);
    expect((await get(`/newsletter/confirm?token=${token}`)).response.status).toBe(200);
    deps.clock.advance(1000);
    const before = await stored();
    await deadLinkPage(`/newsletter/confirm?token=${token}`, 'confirm');
    expect(await stored()).toEqual(before);
  });

  it('a token of one kind does not open the other page', async () => {
    const confirm = await storeConfirmationLink(deps, 'one@example.com');
    const unsubscribe = await storeUnsubscribeLink(deps, 'two@example.com');
    await deadLinkPage(`/newsletter/unsubscribe?token=${confirm.token}`, 'unsubscribe');
    await deadLinkPage(`/newsletter/confirm?token=${unsubscribe.token}`, 'confirm');
  });

  it('a removed subscriber’s links are dead', async () => {
    const confirm = await storeConfirmationLink(deps, 'one@example.com');
    const unsubscribe = await storeUnsubscribeLink(deps, 'two@example.com');
    const ids = [confirm.subscriber.id, unsubscribe.subscriber.id];
    await writeTransaction(deps.db, (tx) =>
      tx.delete(subscribers).where(inArray(subscribers.id, ids)),
    );
    await deadLinkPage(`/newsletter/confirm?token=${confirm.token}`, 'confirm');
    await deadLinkPage(`/newsletter/unsubscribe?token=${unsubscribe.token}`, 'unsubscribe');
  });
});

describe('the link pages without a build, and with the database away', () => {
  it('still answer the page, without script or stylesheet, when no client is built', async () => {
    const bare = createApp(deps);
    const { token } = await storeConfirmationLink(deps);
    const response = await bare.request(`/newsletter/confirm?token=${token}`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(buttons(html)).toHaveLength(1);
    expect(scriptsOf(html)).toEqual(['src="/boot.js"']);
    expect(html).not.toContain('rel="stylesheet"');
  });

  it('answers a 503 page, not JSON, with Retry-After, when the database is busy', async () => {
    const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    const db = Object.assign(Object.create(deps.db) as Db, {
      select: () => {
        throw busy;
      },
    });
    const down = createApp({ ...deps, db }, { clientDir });
    const response = await down.request(`/newsletter/confirm?token=${newConfirmationToken()}`);
    const html = await response.text();
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(heading(html)).toEqual([LINK_PAGE_UNAVAILABLE.heading]);
    expect(buttons(html)).toEqual([]);
  });
});
