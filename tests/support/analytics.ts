/** Builders for the analytics tests: visitors with a browser of their own, and the tables. */
import { sql } from 'drizzle-orm';
import type { Db } from '#db';
import { analyticsEvents } from '#db/schema';
import { flushAnalytics } from '#server/analytics/event-buffer';
import { appRouter } from '#server/app/app-router';
import { buildContext } from '#server/http/context';
import { createCallerFactory, type AppDeps } from '#server/http/trpc';

/** Real browsers' user agents, one per device class and family the report tells apart. */
export const AGENTS = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  chromeAndroidPhone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  safariIpad:
    'Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
} as const;

const createCaller = createCallerFactory(appRouter);

export interface VisitorOptions {
  ip: string;
  userAgent?: string;
  /** More request headers (Sec-GPC, DNT, Cookie, Host). */
  headers?: Record<string, string>;
}

/** The procedures as one browser's requests (its address, user agent and headers) reach them. */
export function visitorCaller(deps: AppDeps, opts: VisitorOptions) {
  const headers = new Headers(opts.headers);
  headers.set('user-agent', opts.userAgent ?? AGENTS.chromeWindows);
  return createCaller(buildContext(deps, { headers, ip: opts.ip }));
}

/** The site's page address in the tests (testConfig's SITE_URL is http://localhost). */
export const page = (pathAndQuery = '/') => `http://localhost${pathAndQuery}`;

/** Every event written, after the buffer was flushed, oldest first. */
export async function storedEvents(db: Db) {
  await flushAnalytics(db);
  return db.select().from(analyticsEvents).orderBy(analyticsEvents.id).all();
}

/** Every row of every table, as JSON text: what a search for a personal detail goes through. */
export async function everyTableAsText(db: Db): Promise<string> {
  const tables = await db.all<{ name: string }>(
    sql`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`,
  );
  const dumps: string[] = [];
  for (const { name } of tables) {
    const rows = await db.all(sql`select * from ${sql.identifier(name)}`);
    dumps.push(`${name}: ${JSON.stringify(rows)}`);
  }
  return dumps.join('\n');
}
