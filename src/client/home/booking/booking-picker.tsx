import { useEffect, useRef, useState, type FormEvent } from 'react';
import { validate, type FieldErrors } from '#client/lib/form-errors';
import { publicApi } from '#client/lib/public-api';
import { serverCode, serverMessage } from '#client/lib/trpc-error';
import { useSubmission } from '#client/lib/use-submission';
import { TextInputField } from '#client/ui/fields';
import { CALL_MESSAGES, bookingInput, type BookingInput } from '#shared/booking-request';
import { ownZone, slotsByDay } from '#shared/meeting-time';
import { buttonClass } from '#shared/ui-styles';
import { PrivacyConsentFields } from '../privacy-consent-fields';
import { useSiteContent } from '../site-content-context';
import { BookingConfirmation, type BookedCall } from './booking-confirmation';
import { LOADING_TIMES, type PickerPrefill } from './picker-request';
import { PICKER_TEXTS as T } from './picker-texts';
import { TimeChoice } from './time-choice';
import { useFreeTimes } from './use-free-times';
import { ZoneChoice } from './zone-choice';

interface DetailsValues {
  name: string;
  email: string;
  company: string;
  message: string;
  privacy: boolean;
  website: string;
}

function initialValues(prefill: PickerPrefill | null): DetailsValues {
  return {
    name: prefill?.name ?? '',
    email: prefill?.email ?? '',
    company: prefill?.company ?? '',
    message: '',
    privacy: false,
    website: '',
  };
}

/**
 * The values as the shared bookingInput schema takes them, with the zone the times were shown
 * in: the visitor's mails are written in it (docs/booking.md).
 */
export function toBookingInput(
  start: string | null,
  values: DetailsValues,
  zone: string,
): Record<keyof BookingInput, unknown> {
  return { start: start ?? '', timezone: zone, ...values };
}

/**
 * The visitor's booking picker (docs/booking.md, "The visitors' picker"), loaded on request
 * beside the contact form: the free times by day in the visitor's zone (named, changeable),
 * then name, address, company, a note and the contact form's consent. A time taken meanwhile
 * (409) reloads the times and says so; whatever was typed stays.
 */
export default function BookingPicker({ prefill }: { prefill: PickerPrefill | null }) {
  const { company: site } = useSiteContent();
  const { times, reload, retry } = useFreeTimes();
  const [zone, setZone] = useState(ownZone);
  const [dayKey, setDayKey] = useState<string | null>(null);
  const [start, setStart] = useState<string | null>(null);
  const [values, setValues] = useState(() => initialValues(prefill));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [booked, setBooked] = useState<BookedCall | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const submission = useSubmission();

  // A later "Pick a time" fills only the fields still empty: nothing typed is replaced.
  const [seenPrefill, setSeenPrefill] = useState(prefill);
  if (prefill !== seenPrefill) {
    setSeenPrefill(prefill);
    if (prefill) {
      setValues((v) => ({
        ...v,
        name: v.name || prefill.name,
        email: v.email || prefill.email,
        company: v.company || prefill.company,
      }));
    }
  }

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  function set<K extends keyof DetailsValues>(key: K, value: DetailsValues[K]) {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  }

  function chooseStart(value: string) {
    setStart(value);
    setNotice(null);
    if (errors.start) setErrors(({ start: _, ...rest }) => rest);
  }

  /** A new zone regroups the days; the chosen time stays chosen, under its day in that zone. */
  function changeZone(next: string) {
    setZone(next);
    if (times.state !== 'ready') return;
    const days = slotsByDay(times.slots, next);
    setDayKey(days.find((d) => d.slots.some((s) => s.start === start))?.key ?? null);
  }

  function focusFirstInvalid() {
    requestAnimationFrame(() => {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submission.pending || times.state !== 'ready') return;
    const checked = validate(bookingInput, toBookingInput(start, values, zone));
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirstInvalid();
      return;
    }
    const slot = times.slots.find((s) => s.start === start);
    if (!slot) return;
    setErrors({});
    setNotice(null);
    await submission.run(async () => {
      try {
        const answer = await publicApi.booking.book.mutate({
          ...checked.data,
          start: checked.data.start.toISOString(),
        });
        // A filled honeypot is answered without a booking: the page looks booked all the same.
        setBooked(answer.booking ?? { ...slot, location: times.location });
      } catch (error) {
        // A taken time reloads the times; another refusal (the cap on one person's upcoming
        // calls, a throttle) is said in the server's words.
        if (serverCode(error) === 'CONFLICT' && serverMessage(error) === CALL_MESSAGES.taken) {
          setStart(null);
          setNotice(T.taken);
          await reload();
        } else {
          setNotice(serverMessage(error) ?? T.failed);
        }
      }
    });
  }

  if (booked) {
    return (
      <BookingConfirmation call={booked} zone={zone} email={values.email} siteName={site.name} />
    );
  }
  if (times.state === 'loading') return <p className="mt-4 text-muted">{LOADING_TIMES}</p>;
  if (times.state === 'failed')
    return <TimesFailed message={times.message} off={times.off} retry={retry} />;
  if (times.slots.length === 0) return <p className="mt-4 text-ink">{T.noTimes}</p>;

  const sending = submission.pending;
  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="booking-offer-title"
      className="mt-4 grid gap-5"
    >
      <ZoneChoice zone={zone} at={new Date(times.slots[0]!.start)} onChange={changeZone} />
      <TimeChoice
        slots={times.slots}
        zone={zone}
        dayKey={dayKey}
        start={start}
        error={errors.start}
        onDay={setDayKey}
        onStart={chooseStart}
      />
      {notice ? (
        <p
          ref={noticeRef}
          role="alert"
          tabIndex={-1}
          className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-900 outline-none dark:border-red-700 dark:bg-red-950 dark:text-red-100"
        >
          {notice}
        </p>
      ) : null}
      <DetailsFields values={values} errors={errors} set={set} />
      <button
        type="submit"
        disabled={sending}
        className={buttonClass('primary', 'lg', 'w-full sm:w-auto sm:justify-self-start')}
      >
        {sending ? T.booking : T.book}
      </button>
    </form>
  );
}

/** The free times could not be read: why, and "Try again" unless booking is off. */
function TimesFailed({
  message,
  off,
  retry,
}: {
  message: string;
  off: boolean;
  retry: () => void;
}) {
  return (
    <div className="mt-4 grid gap-3">
      <p role="alert" className="text-ink">
        {message}
      </p>
      {off ? null : (
        <button
          type="button"
          onClick={retry}
          className={buttonClass('secondary', 'md', 'justify-self-start')}
        >
          {T.retry}
        </button>
      )}
    </div>
  );
}

/** Who books: name, address, company, a note, and the consent block. */
function DetailsFields({
  values,
  errors,
  set,
}: {
  values: DetailsValues;
  errors: FieldErrors;
  set: <K extends keyof DetailsValues>(key: K, value: DetailsValues[K]) => void;
}) {
  return (
    <>
      <TextInputField
        name="name"
        error={errors.name}
        label="Full Name"
        autoComplete="name"
        value={values.name}
        onChange={(v) => set('name', v)}
        isRequired
      />
      <TextInputField
        name="email"
        error={errors.email}
        label="Email Address"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={(v) => set('email', v)}
        isRequired
      />
      <TextInputField
        name="company"
        error={errors.company}
        label="Company"
        autoComplete="organization"
        value={values.company}
        onChange={(v) => set('company', v)}
      />
      <TextInputField
        name="message"
        error={errors.message}
        label="Note (optional)"
        multiline
        rows={3}
        value={values.message}
        onChange={(v) => set('message', v)}
      />
      <PrivacyConsentFields
        privacy={values.privacy}
        website={values.website}
        error={errors.privacy}
        onPrivacy={(v) => set('privacy', v)}
        onWebsite={(v) => set('website', v)}
      />
    </>
  );
}
