/** Booked calls and the analytics summary (docs/mcp.md, "Tools"), read as the admin reads them. */
import { z } from 'zod/mini';
import { bookingScopeValues } from '#shared/address-values';
import { tool } from '../tool';
import { pageArg } from './args';

/** The rows of the report's lists a summary keeps: what a person would glance at. */
const TOP_ROWS = 10;

const dayArg = (which: string) =>
  z.optional(z.string().check(z.describe(`${which} day, YYYY-MM-DD in the site's time zone.`)));

export const businessTools = [
  tool({
    name: 'bookings_list',
    title: 'List booked calls',
    description:
      'Booked calls: upcoming ones soonest first, or past ones latest first, 50 a page, with who booked and why.',
    scope: 'bookings:read',
    readOnly: true,
    idempotent: true,
    input: z.object({
      scope: z.optional(z.enum(bookingScopeValues)),
      page: pageArg,
    }),
    run: (input, { caller }) => caller.bookings.list(input),
  }),
  tool({
    name: 'analytics_summary',
    title: 'Analytics summary',
    description: `Visitors, page views, enquiries, sign-ups and bookings for a range of days (the last 30 by default) against the range before, with the top ${TOP_ROWS} pages and sources and the visitors of the last 5 minutes.`,
    scope: 'analytics:read',
    readOnly: true,
    idempotent: true,
    input: z.object({ from: dayArg('First'), to: dayArg('Last') }),
    async run(input, { caller }) {
      const report = await caller.analytics.report(input);
      return {
        from: report.from,
        to: report.to,
        totals: report.totals,
        previous: report.previous,
        pages: report.pages.slice(0, TOP_ROWS),
        sources: report.sources.slice(0, TOP_ROWS),
        live: report.live,
      };
    },
  }),
];
