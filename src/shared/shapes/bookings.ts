/**
 * The answers of the `bookings` procedures, as the `.output(...)` schema of each procedure: tRPC checks
 * every answer against it (an unknown key is an error, not dropped), and the OpenAPI document
 * describes the REST answers with it (docs/api.md, "OpenAPI").
 */
import { z } from 'zod/mini';
import { bookingStatusValues } from '../booking-values';

/** A booking as the admin reads it. Times are ISO 8601, UTC. */
export const adminBookingOutput = z.strictObject({
  id: z.number(),
  leadId: z.number(),
  name: z.string(),
  email: z.string(),
  company: z.nullable(z.string()),
  message: z.nullable(z.string()),
  start: z.string(),
  end: z.string(),
  location: z.string(),
  status: z.enum(bookingStatusValues),
  cancelReason: z.nullable(z.string()),
  createdAt: z.string(),
});
export type AdminBooking = z.infer<typeof adminBookingOutput>;

export const outputs = {
  list: z.strictObject({
    bookings: z.array(adminBookingOutput),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
  }),
  cancel: z.strictObject({ success: z.literal(true) }),
  setOutcome: adminBookingOutput,
};
