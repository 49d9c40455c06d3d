/**
 * A whole app with a build's page template, for the tests of the pages the server writes from
 * entries (their pages, lists, feeds, share images, sitemap): a client folder of its own, an
 * administrator's cookie, and entries created and published through the REST paths.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { closeDatabase, openDatabase } from '#db';
import type { EntryCreateInput } from '#shared/entries';
import { createApp, type App } from '#server/app/app';
import { TEMPLATE_FILE } from '#server/content/page-template';
import type { AppDeps } from '#server/http/trpc';
import { writeCspHashes } from '../../scripts/csp-hashes';
import { createTestDeps, signedInCookie, testConfig, type TestDeps } from './app';
import { openTestDatabase } from './database';
import { rest } from './rest';

const TEMPLATE = `<!doctype html><html lang="en"><head><!--head-tags--><title>x</title><link rel="stylesheet" href="/assets/site.css" /></head><body><div id="root"></div></body></html>`;

/** A build's folder with the page template; removed by `site.close()`. */
export function entryClientDir(): string {
  const made = mkdtempSync(path.join(tmpdir(), 'entry-site-'));
  mkdirSync(path.join(made, '.render'));
  writeFileSync(path.join(made, TEMPLATE_FILE), TEMPLATE);
  writeFileSync(path.join(made, 'index.html'), '<p>the build of the defaults</p>');
  writeCspHashes(made);
  return made;
}

export interface EntrySite {
  app: App;
  deps: TestDeps;
  /** Creates the entry and publishes it; its id. */
  publish(input: EntryCreateInput): Promise<number>;
  /** An administrator's REST call. */
  admin(method: string, url: string, json?: unknown): ReturnType<typeof rest>;
  close(): void;
}

/** An app on `db` (a fresh database by default), SITE_URL https://example.com. */
export async function entrySite(overrides: Partial<AppDeps> = {}): Promise<EntrySite> {
  const dir = entryClientDir();
  const deps = await createTestDeps({
    config: testConfig({ siteUrl: 'https://example.com', siteUrlFromEnvironment: true }),
    ...overrides,
  });
  const app = createApp(deps, { clientDir: dir });
  // Signed in at the first administrator's call: a second instance on one database needs none.
  let cookie: Promise<string> | null = null;
  const admin = async (method: string, url: string, json?: unknown) =>
    rest(app, method, url, {
      cookie: await (cookie ??= signedInCookie(deps)),
      ...(json === undefined ? {} : { json }),
    });
  return {
    app,
    deps,
    admin,
    async publish(input) {
      const created = await admin('POST', '/api/entries', input);
      expect(created.status).toBe(201);
      const id = (created.body as { entry: { id: number } }).entry.id;
      expect((await admin('POST', `/api/entries/${id}/publish`)).status).toBe(200);
      return id;
    },
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Two instances of the site on one new database: two connections to the file, or two clients
 * of one libSQL server in the `server-sqld` project. `close` ends both.
 */
export async function entrySitesOnOneDatabase(): Promise<{
  a: EntrySite;
  b: EntrySite;
  close(): Promise<void>;
}> {
  const { db, target } = await openTestDatabase();
  await closeDatabase(db);
  const [dbA, dbB] = [await openDatabase(target), await openDatabase(target)];
  const [a, b] = [await entrySite({ db: dbA }), await entrySite({ db: dbB })];
  return {
    a,
    b,
    async close() {
      a.close();
      b.close();
      await closeDatabase(dbA);
      await closeDatabase(dbB);
    },
  };
}
