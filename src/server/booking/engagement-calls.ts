/**
 * A call managed from the client's engagement page (docs/engagements.md, "Calls"): the page's
 * link and the booking's id stand in for the call's own manage token, which is kept hashed and
 * so cannot be linked. Engagements build on booking, so the app sets the lookup
 * (app/app-router.ts), as it sets proposals' acceptance effect. The lookup answers the booking
 * of that link's lead with that id, or undefined; it throws the link's own refusals (410 for an
 * ended link, 409 for a change through a closed engagement).
 */
import type { BookingRow } from '#db/schema';
import type { Context } from '#server/http/trpc';
import { appHook } from '#server/platform/app-hook';

export type EngagementCallLookup = (
  ctx: Context,
  link: { token: string; call: number; change: boolean },
) => Promise<BookingRow | undefined>;

const lookup = appHook<EngagementCallLookup>(undefined);

/** Sets the one lookup (the app does, once). */
export const onEngagementCall = lookup.set;

/** The call through an engagement's link; undefined when no engagements are wired. */
export const engagementCall = lookup.run;
