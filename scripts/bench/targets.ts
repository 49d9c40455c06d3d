/** What `npm run bench` measures: the public hot paths, as a browser would send them. */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** A read: held to the p99 target. */
  read: boolean;
  /** The ratio to bare Node this target should reach. */
  goal: number;
  /** Each request from an address of its own (the contact throttle is per address). */
  ownAddress?: boolean;
  /** A write: the table each 2xx answer adds a row to, counted after the runs. */
  stores?: 'contacts' | 'analytics_events';
  /** A latency goal at a fixed arrival rate (an open load), measured after the table. */
  atRate?: { perSecond: number; p99Ms: number };
}

const CONTACT = JSON.stringify({
  name: 'Bench Visitor',
  email: 'bench@example.com',
  subject: 'other',
  message: 'A benchmark message of reasonable length.',
  privacy: true,
});

/** The site's address in the bench (benchEnv's SITE_URL): events of its pages are recorded. */
export const BENCH_SITE = 'https://bench.example';

/** A beacon's pageview from a campaign link, with a referrer. */
const EVENT = JSON.stringify({
  name: 'pageview',
  url: `${BENCH_SITE}/?utm_source=bench&utm_medium=load&utm_campaign=spring`,
  referrer: 'https://www.example.org/some/article',
});

/** A browser's user agent: the endpoint records nothing for bots and scripts. */
const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** The hashed entry script the home page loads (the first /assets/*.js index.html names). */
export function entryAsset(clientDir: string): string {
  const html = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  const match = /\/assets\/[^"'\s]+\.js/.exec(html);
  if (!match) throw new Error('index.html names no /assets/*.js');
  return match[0];
}

export function benchTargets(clientDir: string): Target[] {
  const compressed = { 'accept-encoding': 'br, gzip' };
  return [
    {
      name: 'GET /api/ai-facts',
      method: 'GET',
      path: '/api/ai-facts',
      headers: {},
      read: true,
      goal: 0.8,
    },
    {
      name: 'GET /api/trpc/facts.listPublic',
      method: 'GET',
      path: '/api/trpc/facts.listPublic',
      headers: {},
      read: true,
      goal: 0.8,
    },
    { name: 'GET / (br)', method: 'GET', path: '/', headers: compressed, read: true, goal: 0.9 },
    {
      name: 'GET hashed asset (br)',
      method: 'GET',
      path: entryAsset(clientDir),
      headers: compressed,
      read: true,
      goal: 0.9,
    },
    {
      name: 'POST /api/contact',
      method: 'POST',
      path: '/api/contact',
      headers: { 'content-type': 'application/json' },
      body: CONTACT,
      read: false,
      goal: 0,
      ownAddress: true,
      stores: 'contacts',
      atRate: { perSecond: 1000, p99Ms: 100 },
    },
    {
      // Each event from an address of its own: one address is recorded 120 times a minute.
      name: 'POST /api/event',
      method: 'POST',
      path: '/api/event',
      headers: { 'content-type': 'application/json', 'user-agent': BROWSER },
      body: EVENT,
      read: false,
      goal: 0,
      ownAddress: true,
      stores: 'analytics_events',
    },
  ];
}
