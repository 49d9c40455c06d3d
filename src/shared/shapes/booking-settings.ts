/**
 * The answers of the `booking` (its settings) procedures, as the `.output(...)` schema of each procedure: tRPC checks
 * every answer against it (an unknown key is an error, not dropped), and the OpenAPI document
 * describes the REST answers with it (docs/api.md, "OpenAPI").
 */
import { z } from 'zod/mini';

const feedStateOutput = z.strictObject({
  fetchedAt: z.nullable(z.string()),
  error: z.nullable(z.string()),
  busy: z.number(),
});

/** The booking settings as saved. */
const bookingSettingsOutput = z.strictObject({
  enabled: z.boolean(),
  timezone: z.string(),
  meetingMinutes: z.number(),
  slotStepMinutes: z.number(),
  bufferBeforeMinutes: z.number(),
  bufferAfterMinutes: z.number(),
  minNoticeHours: z.number(),
  horizonDays: z.number(),
  maxPerDay: z.nullable(z.number()),
  weekly: z.strictObject({
    mon: z.array(z.tuple([z.string(), z.string()])),
    tue: z.array(z.tuple([z.string(), z.string()])),
    wed: z.array(z.tuple([z.string(), z.string()])),
    thu: z.array(z.tuple([z.string(), z.string()])),
    fri: z.array(z.tuple([z.string(), z.string()])),
    sat: z.array(z.tuple([z.string(), z.string()])),
    sun: z.array(z.tuple([z.string(), z.string()])),
  }),
  location: z.string(),
  cancelCutoffHours: z.number(),
  reminderMinutes: z.array(z.number()),
  busyFeedUrl: z.nullable(z.string()),
});

export const outputs = {
  settings: z.strictObject({
    settings: bookingSettingsOutput,
    feed: feedStateOutput,
  }),
  saveSettings: z.strictObject({
    settings: bookingSettingsOutput,
  }),
};
