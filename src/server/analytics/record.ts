/**
 * What gets recorded, and what never does (docs/analytics.md, "Privacy"). One implementation
 * for the beacon's events (`analytics.record`, POST /api/event) and the conversions the forms
 * record: each hands the buffer a judgement and returns at once; nothing here makes its caller
 * wait for the database or throws into it. The judgement reads the site's address and time
 * zone (one change-counter read), which the buffer waits for before it writes.
 */
import { isbot } from 'isbot';
import { CONVERSION_EVENTS, type EventInput } from '#shared/analytics';
import { readSession } from '#server/identity/sessions/session';
import type { Context } from '#server/http/trpc';
import { loggableError } from '#server/platform/logger';
import { addressGiven, siteSettings } from '#server/site/site-settings';
import type { SiteSettingsView } from '#shared/shapes/site-settings';
import { dayOf } from './days';
import { eventBuffer, type PendingEvent } from './event-buffer';
import type { Credit } from './event-rows';
import { onThisSite, pageFacts, pageUrl, referrerHost, type SiteHosts } from './page-url';
import { browserOf, deviceOf, MAX_AGENT_LENGTH } from '#server/platform/user-agent';
import { visitorIdentity } from './visitor';

export type ConversionEvent = (typeof CONVERSION_EVENTS)[number];

const conversions: ReadonlySet<string> = new Set(CONVERSION_EVENTS);

/**
 * The user agent of a request that may be counted, or null: crawlers and other bots, a
 * request without a user agent (no browser sends none), and anyone who asked not to be
 * tracked (Global Privacy Control, Do Not Track) are never recorded.
 */
function countableAgent(headers: Headers): string | null {
  if (headers.get('sec-gpc')?.trim() === '1' || headers.get('dnt')?.trim() === '1') return null;
  // Real browsers' user agents are well under this; a longer one only costs the patterns
  // (isbot's, the device classifier's) time and the buffer memory.
  const agent = headers.get('user-agent')?.trim().slice(0, MAX_AGENT_LENGTH);
  if (!agent || isbot(agent)) return null;
  return agent;
}

/** The site's address parsed once per value, not once per event. */
const siteUrls = new Map<string, URL>();
function siteUrlOf(site: SiteSettingsView): URL {
  let url = siteUrls.get(site.address);
  if (!url) {
    url = new URL(site.address);
    siteUrls.set(site.address, url);
  }
  return url;
}

/**
 * The hosts a page of this site is served from (docs/analytics.md): the address's host once
 * SITE_URL or the admin gave it, and nothing else, so a request naming another `Host` (which
 * anyone can send) writes nothing. Before that the address is only a guess at where the
 * server listens (a fresh install, development, the browser tests' servers), and the host the
 * request was sent to counts too.
 */
function siteHosts(ctx: Context, site: SiteSettingsView): SiteHosts {
  return {
    siteHost: siteUrlOf(site).host,
    requestHost: addressGiven(site) ? null : (ctx.req.headers.get('host')?.toLowerCase() ?? null),
  };
}

/**
 * Buffers the event `judge` makes from the site's address and time zone, unless it makes none
 * or the request carries a signed-in administrator's session: the owner's own visits are not
 * the audience. The buffer writes no batch before the judgements it admitted are done, and a
 * judgement that fails is logged, never thrown. Only a request with a cookie costs a session
 * read (the request's one, shared with anything else that asks).
 */
function admitEvent(ctx: Context, judge: (site: SiteSettingsView) => PendingEvent | null): void {
  const buffer = eventBuffer(ctx);
  buffer.admit(
    (async () => {
      const event = judge(await siteSettings(ctx));
      if (!event) return;
      if (ctx.req.headers.has('cookie') && (await readSession(ctx)).kind === 'signedIn') return;
      buffer.add(event);
    })(),
  );
}

/** What every event of the request shares: time, day, device, browser, visitor. */
function requestFacts(ctx: Context, site: SiteSettingsView, agent: string, at: Date) {
  return {
    at,
    day: dayOf(at, site.timeZone),
    device: deviceOf(agent),
    browser: browserOf(agent),
    identity: visitorIdentity(siteUrlOf(site).hostname, ctx.req.ip, agent),
  };
}

/**
 * A page's event (its input already valid). Not recorded: the conversions' names (only the
 * server records those), a page of another site, the privacy rules above, and more than
 * EVENTS_PER_MINUTE from one address.
 */
export function recordEvent(ctx: Context, input: EventInput): void {
  if (conversions.has(input.name)) return;
  const url = pageUrl(input.url);
  const agent = countableAgent(ctx.req.headers);
  if (!url || !agent) return;
  const now = ctx.clock.now();
  admitEvent(ctx, (site) => {
    const hosts = siteHosts(ctx, site);
    if (!onThisSite(url, hosts)) return null;
    if (!eventBuffer(ctx).cap.allow(ctx.req.ip, now)) return null;
    return {
      ...requestFacts(ctx, site, agent, now),
      name: input.name,
      ...pageFacts(url),
      referrerHost: referrerHost(input.referrer, hosts),
    };
  });
}

/**
 * What this request's visitor converts with (docs/analytics.md, "Conversions"): the UTM values
 * and referrer host of their first pageview of the day, none for a visitor who read no page
 * (Direct); null when the visit is not counted at all (the privacy rules above, the owner's
 * own session). Asked before a form stores anything, so its lead is credited in the same
 * write (docs/leads.md). Never throws: a failure is logged and counts as not counted.
 */
export async function visitCredit(ctx: Context): Promise<Credit | null> {
  try {
    const agent = countableAgent(ctx.req.headers);
    if (!agent) return null;
    if (ctx.req.headers.has('cookie') && (await readSession(ctx)).kind === 'signedIn') return null;
    const site = await siteSettings(ctx);
    const { day, identity } = requestFacts(ctx, site, agent, ctx.clock.now());
    return (await eventBuffer(ctx).firstPageview(day, identity)) ?? NO_CREDIT;
  } catch (error) {
    ctx.logger.error('analytics.record_failed', { error: loggableError(error) });
    return null;
  }
}

const NO_CREDIT: Credit = Object.freeze({
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  referrerHost: null,
});

/**
 * A form accepted for this request's visitor, with the credit `visitCredit` gave (null: not
 * recorded). Stored with that credit and without the visitor's hash when the buffer writes.
 * Never throws: a form's answer never depends on it.
 */
export function recordConversion(ctx: Context, name: ConversionEvent, credit: Credit | null): void {
  if (!credit) return;
  try {
    const agent = countableAgent(ctx.req.headers);
    if (!agent) return;
    const now = ctx.clock.now();
    admitEvent(ctx, (site) => ({
      ...requestFacts(ctx, site, agent, now),
      name,
      path: null,
      ...credit,
    }));
  } catch (error) {
    ctx.logger.error('analytics.record_failed', { name, error: loggableError(error) });
  }
}
