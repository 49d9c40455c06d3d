import { useEffect, useRef, useState, type FormEvent, type Ref } from 'react';
import { CONTACT_SUBJECTS, contactInput, type ContactInput } from '#shared/contact';
import { validate, type FieldErrors } from '#client/lib/form-errors';
import { useHydrated } from '#client/lib/use-hydrated';
import { useSubmission } from '#client/lib/use-submission';
import { formText, useValuesTypedEarly } from '#client/lib/use-values-typed-early';
import { publicApi } from '#client/lib/public-api';
import { serverMessage } from '#client/lib/trpc-error';
import { fireConfetti } from '#client/ui/confetti';
import { SelectField, TextInputField } from '#client/ui/fields';
import { buttonClass } from '#shared/ui-styles';
import { toast } from '#client/ui/toast';
import { PrivacyConsentFields } from './privacy-consent-fields';
import { requestPicker, type PickerPrefill } from './booking/picker-request';

interface ContactValues {
  name: string;
  email: string;
  company: string;
  subject: string | null;
  message: string;
  privacy: boolean;
  website: string;
}

const EMPTY: ContactValues = {
  name: '',
  email: '',
  company: '',
  subject: null,
  message: '',
  privacy: false,
  website: '',
};

/** The values as the shared contactInput schema takes them (an unchosen subject is absent). */
export function toContactInput(values: ContactValues): Record<keyof ContactInput, unknown> {
  return {
    name: values.name,
    email: values.email,
    company: values.company,
    subject: values.subject ?? undefined,
    message: values.message,
    privacy: values.privacy,
    website: values.website,
  };
}

/** What the prerendered form holds when its script takes over (see useValuesTypedEarly). */
function valuesInForm(data: FormData): ContactValues {
  const text = (name: keyof ContactValues) => formText(data, name);
  return {
    name: text('name'),
    email: text('email'),
    company: text('company'),
    // The placeholder option is disabled, so FormData leaves an unchosen subject out.
    subject: text('subject') || null,
    message: text('message'),
    privacy: data.has('privacy'),
    website: text('website'),
  };
}

/**
 * The contact form (docs/product.md, "Contact form"): validated with the shared schema before sending, each
 * message shown under its field; "Sending..." while the request runs; on success the form
 * is cleared, a confirmation stays above the button and confetti flies.
 */
export default function ContactForm() {
  const [values, setValues] = useState<ContactValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  // Who just wrote, kept after the form is cleared: "Pick a time" fills the picker with it.
  const [sent, setSent] = useState<PickerPrefill | null>(null);
  // The celebration still in the air: "Pick a time" stops it, so none falls over the picker.
  const stopConfetti = useRef<(() => void) | null>(null);
  // While it flies the form is marked, and the card around it is drawn above the confetti
  // (contact-section.tsx): the particles fly around the form, never over it.
  const [celebrating, setCelebrating] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  // Where the focus goes once the send is over: a browser drops it to <body> from the button
  // it disables while sending (docs/product.md, "Contact form").
  const focusAfter = useRef<'sent' | 'failed' | null>(null);
  const submission = useSubmission();
  const hydrated = useHydrated();

  useValuesTypedEarly(formRef, (data) => {
    const early = valuesInForm(data);
    if (JSON.stringify(early) !== JSON.stringify(EMPTY)) setValues(early);
  });

  function set<K extends keyof ContactValues>(key: K, value: ContactValues[K]) {
    setValues((v) => ({ ...v, [key]: value }));
    setSent(null);
    if (errors[key]) {
      setErrors(({ [key]: _, ...rest }) => rest);
    }
  }

  function focusFirstInvalid() {
    requestAnimationFrame(() => {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submission.pending) return;
    const checked = validate(contactInput, toContactInput(values));
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirstInvalid();
      return;
    }
    setErrors({});
    await submission.run(async () => {
      try {
        const result = await publicApi.contact.send.mutate(checked.data);
        if (!result.success) throw new Error(result.message);
        toast({
          title: 'Message sent!',
          description: "We'll get back to you as soon as possible.",
        });
        setValues(EMPTY);
        setSent({
          name: checked.data.name,
          email: checked.data.email,
          company: checked.data.company ?? '',
        });
        setCelebrating(true);
        stopConfetti.current = fireConfetti(() => setCelebrating(false));
        focusAfter.current = 'sent';
      } catch (error) {
        focusAfter.current = 'failed';
        toast({
          title: 'Something went wrong',
          description: serverMessage(error) ?? 'Please try again later.',
          variant: 'destructive',
        });
      }
    });
  }

  const sending = submission.pending;

  useEffect(() => {
    const after = focusAfter.current;
    if (!after || sending) return;
    focusAfter.current = null;
    // Sent: the confirmation, read out with its "Pick a time". Failed: the button again, only
    // when the focus was dropped (Enter in a field keeps it there, with the values kept).
    if (after === 'sent') sentRef.current?.focus();
    else if (!formRef.current?.contains(document.activeElement)) submitRef.current?.focus();
  }, [sending]);

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      aria-label="Contact form"
      data-celebrating={celebrating || undefined}
      className="relative grid gap-5"
    >
      <ContactFields values={values} errors={errors} set={set} />
      <PrivacyConsentFields
        privacy={values.privacy}
        website={values.website}
        error={errors.privacy}
        onPrivacy={(v) => set('privacy', v)}
        onWebsite={(v) => set('website', v)}
      />
      {sent ? (
        <SentNote
          ref={sentRef}
          onPickTime={() => {
            stopConfetti.current?.();
            requestPicker(sent);
          }}
        />
      ) : null}
      <button
        ref={submitRef}
        type="submit"
        disabled={!hydrated || sending}
        className={buttonClass('primary', 'lg', 'w-full sm:w-auto sm:justify-self-start')}
      >
        {sending ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}

/**
 * The toast fades after 5 s (and on a phone it covers the end of the form): this says the
 * message went, above the button, until the visitor starts another, with a way to talk instead.
 */
function SentNote({ ref, onPickTime }: { ref: Ref<HTMLDivElement>; onPickTime: () => void }) {
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className="relative grid gap-3 rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100"
    >
      <p role="status">Thank you, your message has been sent. We will reply as soon as we can.</p>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-2">
        Would you rather talk?
        <button type="button" onClick={onPickTime} className={buttonClass('secondary', 'sm')}>
          Pick a time
        </button>
      </p>
    </div>
  );
}

/** Who writes, about what, and the message. */
function ContactFields({
  values,
  errors,
  set,
}: {
  values: ContactValues;
  errors: FieldErrors;
  set: <K extends keyof ContactValues>(key: K, value: ContactValues[K]) => void;
}) {
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
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
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextInputField
          name="company"
          error={errors.company}
          label="Company"
          autoComplete="organization"
          value={values.company}
          onChange={(v) => set('company', v)}
        />
        <SelectField
          name="subject"
          error={errors.subject}
          label="Subject"
          placeholder="Select a subject"
          options={CONTACT_SUBJECTS}
          value={values.subject}
          onChange={(v) => set('subject', v)}
          isRequired
        />
      </div>
      <TextInputField
        name="message"
        error={errors.message}
        label="Message"
        multiline
        rows={4}
        value={values.message}
        onChange={(v) => set('message', v)}
        isRequired
      />
    </>
  );
}
