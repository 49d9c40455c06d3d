/**
 * The HTML of the visitor's manage page: the site's header, one card with the call's time
 * (in the zone the visitor booked in, named, the owner's beside it, as in their mails; a
 * booking without one is written in the owner's zone and the script rewrites it in the
 * browser's), its
 * place, and, while it can still change, a part to move it and a part to cancel it, in the
 * server's page shell (http/page-shell.ts). Without JavaScript the page still says when and
 * where.
 */
import { buttonClass, focusRing } from '#shared/ui-styles';
import { escapeHtml } from '#shared/escape-html';
import type { ManagedBooking } from '#shared/shapes/booking-call';
import type { SiteBrand } from '#server/site/site-brand';
import { renderPageShell } from '#server/http/page-shell';
import type { LinkPageAssets } from '#server/http/page-assets';
import { whenText } from '../booking-email';
import { MANAGE_TEXTS as T } from '#shared/booking-manage-texts';

export type ManagePageView =
  | {
      state: 'booking';
      booking: ManagedBooking;
      token: string;
      /** The booking's id when `token` is an engagement page's link (engagement-calls.ts). */
      call?: number | undefined;
      timeZone: string;
    }
  | { state: 'dead' }
  | { state: 'unavailable' };

const e = escapeHtml;
const field =
  'mt-1 block w-full rounded-lg border border-line-strong bg-raised px-3 py-2 text-ink ' +
  focusRing;
const status =
  'mt-4 rounded-lg font-semibold outline-none empty:hidden focus-visible:ring-2 focus-visible:ring-brand-600 data-[outcome=failed]:text-red-700 data-[outcome=success]:text-green-800 dark:data-[outcome=failed]:text-red-300 dark:data-[outcome=success]:text-green-300';

function bookingCard(view: Extract<ManagePageView, { state: 'booking' }>): string {
  const { booking, token } = view;
  const when = whenText(
    {
      start: new Date(booking.start),
      end: new Date(booking.end),
      timeZone: view.timeZone,
      visitorTimeZone: booking.timezone,
    },
    'visitor',
  ).line;
  const zone = booking.timezone === null ? '' : ` data-zone="${e(booking.timezone)}"`;
  const details = `<dl class="mt-6 space-y-3 text-left">
<div><dt class="text-sm font-medium text-muted">${T.when}</dt>
<dd data-when data-start="${e(booking.start)}" data-end="${e(booking.end)}"${zone} class="text-lg font-semibold text-ink">${e(when)}</dd></div>
<div><dt class="text-sm font-medium text-muted">${T.where}</dt>
<dd class="text-ink break-words">${e(booking.location)}</dd></div>
</dl>`;
  if (booking.status === 'cancelled') return details;
  if (!booking.canChange) return `${details}<p class="mt-6 text-muted">${e(T.tooLate)}</p>`;
  return `${details}
<div data-manage data-token="${e(token)}"${view.call === undefined ? '' : ` data-call="${view.call}"`} class="mt-8 space-y-8 text-left">
<noscript><p class="text-muted">${e(T.noscript)}</p></noscript>
<section aria-labelledby="move-heading" data-needs-script hidden>
<h2 id="move-heading" class="text-lg font-bold text-ink">${T.rescheduleHeading}</h2>
<button type="button" data-show-times class="${buttonClass('secondary', 'md', 'mt-3 w-full sm:w-auto')}">${T.rescheduleButton}</button>
<form data-move hidden class="mt-3">
<fieldset><legend data-zone class="text-sm text-muted">${T.pickTime}</legend>
<div data-times class="mt-2 max-h-80 space-y-4 overflow-y-auto"></div></fieldset>
<button type="submit" class="${buttonClass('primary', 'md', 'mt-4 w-full sm:w-auto')}">${T.moveButton}</button>
</form>
<p data-move-status role="status" tabindex="-1" class="${status}"></p>
</section>
<section aria-labelledby="cancel-heading" data-needs-script hidden>
<h2 id="cancel-heading" class="text-lg font-bold text-ink">${T.cancelHeading}</h2>
<form data-cancel class="mt-3">
<label for="cancel-reason" class="text-sm font-medium text-ink">${T.reasonLabel}</label>
<textarea id="cancel-reason" name="reason" rows="3" maxlength="1000" class="${field}"></textarea>
<button type="submit" class="${buttonClass('danger', 'md', 'mt-3 w-full sm:w-auto')}">${T.cancelButton}</button>
</form>
<p data-cancel-status role="status" tabindex="-1" class="${status}"></p>
</section>
</div>`;
}

function content(view: ManagePageView): { heading: string; body: string } {
  if (view.state === 'dead') {
    return { heading: T.deadHeading, body: `<p class="mt-3 text-muted">${e(T.deadPrompt)}</p>` };
  }
  if (view.state === 'unavailable') {
    return {
      heading: T.unavailableHeading,
      body: `<p class="mt-3 text-muted">${e(T.unavailablePrompt)}</p>`,
    };
  }
  const heading = view.booking.status === 'cancelled' ? T.cancelledHeading : T.heading;
  return { heading, body: bookingCard(view) };
}

export function renderManagePage(
  view: ManagePageView,
  assets: LinkPageAssets,
  company: SiteBrand,
): string {
  const { heading, body } = content(view);
  return renderPageShell({
    heading,
    company,
    assets,
    withScript: view.state === 'booking',
    mainClass: 'flex flex-1 items-start justify-center px-4 py-10 sm:py-16',
    cardClass:
      'w-full max-w-lg rounded-2xl border border-line bg-surface p-6 text-center shadow-lg sm:p-8',
    body: `${body}
<a href="/" class="mt-8 inline-block rounded-lg font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-200 ${focusRing}">${T.home}</a>`,
  });
}
