/**
 * What the entry pages' tests share (src/server/entries/pages.test.ts, kept-page-writes.test.ts): a site with a
 * client build of its own (the page template), an administrator, and requests for its pages.
 * `dir`, `deps`, `app` and `cookie` are live bindings, set by `setUpSite`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { EntryCreateInput } from '#shared/entries';
import { createApp, type App } from '#server/app/app';
import { TEMPLATE_FILE } from '#server/content/page-template';
import { createTestDeps, signedInCookie, testConfig, type TestDeps } from '#tests/support/app';
import { rest } from '#tests/support/rest';
import { writeCspHashes } from '../../scripts/csp-hashes';
import { contentPages } from '#server/content/pages';
import { loadEntryRenderer } from '#server/app/page-renderer';
import type { PageFrame } from '#server/platform/page-frame';

export const TEMPLATE = `<!doctype html><html lang="en"><head><!--head-tags--><title>x</title><link rel="stylesheet" href="/assets/site.css" /></head><body><div id="root"></div></body></html>`;
export const APP = `<!doctype html><html><head><title>Acme AI Engineering</title></head><body><div id="root">the app's not-found screen</div></body></html>`;

export let dir: string;
export let deps: TestDeps;
export let app: App;
export let cookie: string;

export function clientDir(): string {
  const made = mkdtempSync(path.join(tmpdir(), 'entry-pages-'));
  mkdirSync(path.join(made, '.render'));
  writeFileSync(path.join(made, TEMPLATE_FILE), TEMPLATE);
  writeFileSync(path.join(made, 'index.html'), '<p>the build of the defaults</p>');
  writeFileSync(path.join(made, 'app.html'), APP);
  writeCspHashes(made);
  return made;
}

/** SITE_URL set: canonical links and uploaded images on the site's address. */
const config = () => testConfig({ siteUrl: 'https://example.com', siteUrlFromEnvironment: true });

/** A site with a client build of its own, an administrator signed in: each test's `beforeEach`. */
export async function setUpSite(): Promise<void> {
  dir = clientDir();
  deps = await createTestDeps({ config: config() });
  app = createApp(deps, { clientDir: dir });
  cookie = await signedInCookie(deps);
}

/** Each test's `afterEach`. */
export function removeClientDir(): void {
  rmSync(dir, { recursive: true, force: true });
}

/** Another instance's administrator (the tests of two instances sign in on one of them). */
export function useCookie(signedIn: string): void {
  cookie = signedIn;
}

export const CASE: EntryCreateInput = {
  kind: 'case_study',
  slug: 'answers-in-minutes',
  title: 'Answers in minutes',
  summary: 'A support team cut its time to answer by 63 %.',
  body: '# The problem\n\nReplies took **two days**.\n\n```ts\nconst x = 1 < 2;\n```',
  client: 'Northwind',
  industry: 'Logistics',
  results: [
    { label: 'Time to answer', value: '-63 %' },
    { label: 'Tickets closed', value: '+40 %' },
  ],
};

export async function admin(on: App, method: string, url: string, json?: unknown) {
  return rest(on, method, url, { cookie, ...(json === undefined ? {} : { json }) });
}

export async function created(input: EntryCreateInput = CASE, on: App = app): Promise<number> {
  const answer = await admin(on, 'POST', '/api/entries', input);
  expect(answer.status).toBe(201);
  return (answer.body as { entry: { id: number } }).entry.id;
}

export async function published(input: EntryCreateInput = CASE, on: App = app): Promise<number> {
  const id = await created(input, on);
  expect((await admin(on, 'POST', `/api/entries/${id}/publish`)).status).toBe(200);
  return id;
}

export async function page(url: string, on: App = app, headers: Record<string, string> = {}) {
  const response = await on.request(url, { headers });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** The site's frame as the app makes it for the pages (content/pages.ts). */
export async function currentFrame(): Promise<PageFrame> {
  const frames = contentPages(deps, dir, loadEntryRenderer).frames;
  if (!frames) throw new Error('no frame without a template');
  return frames.current();
}
