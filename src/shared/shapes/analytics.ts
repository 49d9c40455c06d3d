/**
 * The answers of the `analytics` procedures, as the `.output(...)` schema of each procedure: tRPC checks
 * every answer against it (an unknown key is an error, not dropped), and the OpenAPI document
 * describes the REST answers with it (docs/api.md, "OpenAPI").
 */
import { z } from 'zod/mini';
import { deviceValues } from '../analytics';
import { entryKindValues } from '../entries';
import { fileDownloadOutput } from './file-download';

const periodTotalsOutput = z.strictObject({
  visitors: z.number(),
  pageviews: z.number(),
  contacts: z.number(),
  subscriptions: z.number(),
  bookings: z.number(),
  conversionRate: z.number(),
  medianFirstReplyMinutes: z.nullable(z.number()),
});

const dailyRowOutput = z.strictObject({
  date: z.string(),
  visitors: z.number(),
  pageviews: z.number(),
  contacts: z.number(),
  subscriptions: z.number(),
  bookings: z.number(),
});

const sourceRowOutput = z.strictObject({
  source: z.string(),
  visitors: z.number(),
  contacts: z.number(),
  bookings: z.number(),
  leads: z.number(),
  won: z.number(),
  wonValue: z.number(),
});

export const outputs = {
  record: z.strictObject({ success: z.literal(true) }),
  entryEnquiries: z.array(
    z.strictObject({
      id: z.number(),
      kind: z.enum(entryKindValues),
      title: z.string(),
      url: z.string(),
      readers: z.number(),
      enquiries: z.number(),
    }),
  ),
  report: z.strictObject({
    from: z.string(),
    to: z.string(),
    totals: periodTotalsOutput,
    previous: periodTotalsOutput,
    daily: z.array(dailyRowOutput),
    pages: z.array(
      z.strictObject({ path: z.string(), visitors: z.number(), pageviews: z.number() }),
    ),
    sources: z.array(sourceRowOutput),
    campaigns: z.array(
      z.strictObject({
        source: z.string(),
        medium: z.nullable(z.string()),
        campaign: z.string(),
        visitors: z.number(),
        contacts: z.number(),
        bookings: z.number(),
      }),
    ),
    devices: z.array(z.strictObject({ device: z.enum(deviceValues), visitors: z.number() })),
    events: z.array(z.strictObject({ name: z.string(), count: z.number() })),
    live: z.number(),
  }),
  exportCsv: fileDownloadOutput,
};
