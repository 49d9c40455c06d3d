import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { recordedLoad } from '#client/lib/code-loads';
import { useHydrated } from '#client/lib/use-hydrated';
import { buttonClass } from '#shared/ui-styles';
import {
  LOADING_TIMES,
  listenForPickerRequests,
  requestPicker,
  type PickerPrefill,
} from './picker-request';

/** The name under which the picker's code load is recorded (client/lib/code-loads.ts). */
export const BOOKING_PICKER = 'booking-picker';

// The picker's code, and its request for the free times, come only when a visitor asks.
const BookingPicker = lazy(recordedLoad(BOOKING_PICKER, () => import('./booking-picker')));

/**
 * "Prefer to talk? Book a free call" beside the contact form (docs/booking.md, "The visitors'
 * picker"). Opened by its button or by the contact form's "Pick a time"; the heading takes the
 * focus, so the picker that follows it is read next, wherever the request came from.
 */
export function BookingOffer() {
  const hydrated = useHydrated();
  const [request, setRequest] = useState<{ prefill: PickerPrefill | null; count: number }>();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(
    () =>
      listenForPickerRequests((prefill) =>
        setRequest((last) => ({ prefill, count: (last?.count ?? 0) + 1 })),
      ),
    [],
  );
  useEffect(() => {
    if (request) heading.current?.focus();
  }, [request]);

  return (
    <div className="mt-10 rounded-2xl border border-line bg-surface p-6 shadow-lg">
      <h3
        ref={heading}
        id="booking-offer-title"
        tabIndex={-1}
        className="rounded text-xl font-semibold text-ink outline-none"
      >
        {request ? 'Book a free call' : 'Prefer to talk?'}
      </h3>
      {request ? (
        <Suspense fallback={<p className="mt-4 text-muted">{LOADING_TIMES}</p>}>
          <BookingPicker prefill={request.prefill} />
        </Suspense>
      ) : (
        <>
          <p className="mt-2 text-muted">Choose a time for a free call, in your own time zone.</p>
          <button
            type="button"
            disabled={!hydrated}
            onClick={() => requestPicker(null)}
            className={buttonClass('secondary', 'md', 'mt-4')}
          >
            Book a free call
          </button>
        </>
      )}
    </div>
  );
}
