/**
 * The answers of the `booking` (the call: booking, moving, cancelling) procedures, as the `.output(...)` schema of each procedure: tRPC checks
 * every answer against it (an unknown key is an error, not dropped), and the OpenAPI document
 * describes the REST answers with it (docs/api.md, "OpenAPI").
 */
import { z } from 'zod/mini';

/** The call as its manage link shows it. */
export const managedCallOutput = z.strictObject({
  start: z.string(),
  end: z.string(),
  location: z.string(),
  status: z.enum(['confirmed', 'cancelled']),
  /** The visitor's zone, as their booking or last move gave it; null: none was given. */
  timezone: z.nullable(z.string()),
  /** Before the cancel cut-off and still confirmed: the page offers to move or cancel it. */
  canChange: z.boolean(),
});
export type ManagedBooking = z.infer<typeof managedCallOutput>;

export const outputs = {
  /** `booking: null` is the answer that stores nothing: the honeypot, the site's own address. */
  book: z.strictObject({
    booking: z.nullable(
      z.strictObject({
        start: z.string(),
        end: z.string(),
        location: z.string(),
        uid: z.string(),
      }),
    ),
  }),
  manage: managedCallOutput,
  cancel: z.strictObject({ success: z.literal(true) }),
  reschedule: managedCallOutput,
};
