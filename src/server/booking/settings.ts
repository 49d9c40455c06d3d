/**
 * The owner's booking settings, one row shared by every instance (docs/booking.md). Before
 * the first save they are the defaults, in SITE_TIMEZONE, with booking off.
 */
import { eq } from 'drizzle-orm';
import { writeTransaction, type Db } from '#db';
import { bookingSettings } from '#db/schema';
import {
  bookingSettingsSchema,
  defaultBookingSettings,
  type BookingSettings,
} from '#shared/booking';
import { auditAdminChange } from '#server/audit/admin-change';
import type { Context } from '#server/http/trpc';
import type { SessionUser } from '#server/identity/sessions/session';

/** The one row's id: there is one set of settings. */
const ROW_ID = 1;

/**
 * The stored settings, or the defaults when none were saved. A field added after the row was
 * written takes its default; a row that no longer passes the rules (never written by this
 * code) counts as none, so booking stays off rather than offering slots from it.
 */
export async function readBookingSettings(db: Db, siteTimezone: string): Promise<BookingSettings> {
  const defaults = defaultBookingSettings(siteTimezone);
  const row = await db
    .select({ settings: bookingSettings.settings })
    .from(bookingSettings)
    .where(eq(bookingSettings.id, ROW_ID))
    .get();
  if (!row) return defaults;
  const parsed = bookingSettingsSchema.safeParse({
    ...defaults,
    ...(JSON.parse(row.settings) as object),
  });
  return parsed.success ? parsed.data : defaults;
}

/**
 * Stores checked settings with the `booking_settings_updated` audit entry, in one write, so
 * the change and its record commit together.
 */
export function storeBookingSettings(
  ctx: Pick<Context, 'db' | 'clock' | 'req'> & { user: SessionUser },
  settings: BookingSettings,
): Promise<BookingSettings> {
  return writeTransaction(ctx.db, async (tx) => {
    const values = { settings: JSON.stringify(settings), updatedAt: ctx.clock.now() };
    await tx
      .insert(bookingSettings)
      .values({ id: ROW_ID, ...values })
      .onConflictDoUpdate({ target: bookingSettings.id, set: values });
    await auditAdminChange(
      tx,
      ctx,
      'booking_settings_updated',
      `booking ${settings.enabled ? 'on' : 'off'}`,
    );
    return settings;
  });
}
