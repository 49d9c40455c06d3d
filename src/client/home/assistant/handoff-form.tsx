import { useEffect, useRef, useState, type FormEvent } from 'react';
import { handoffInput, type AssistantMessage } from '#shared/assistant';
import { validate, type FieldErrors } from '#client/lib/form-errors';
import { TextInputField } from '#client/ui/fields';
import { buttonClass } from '#shared/ui-styles';
import { PrivacyConsentFields } from '../privacy-consent-fields';
import { sendToPerson } from './send-to-person';

interface Details {
  name: string;
  email: string;
  company: string;
  privacy: boolean;
  website: string;
}

const EMPTY: Details = { name: '', email: '', company: '', privacy: false, website: '' };

/**
 * "Send this to a person": the contact form's fields but the subject and the message (the
 * conversation is the message), checked with the same shared rules before sending; the
 * server's messages shown next to their fields, its thanks once sent.
 */
export function HandoffForm({ messages }: { messages: () => AssistantMessage[] }) {
  const [values, setValues] = useState<Details>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const thanks = useRef<HTMLParagraphElement>(null);

  // Opened under the conversation, often below the fold of a phone's panel: brought into view
  // with the focus in its first field, so the visitor types at once (docs/assistant.md).
  useEffect(() => {
    form.current?.scrollIntoView({ block: 'nearest' });
    form.current?.querySelector<HTMLElement>('input[name="name"]')?.focus({ preventScroll: true });
  }, []);

  // The thanks take the focus the send button had: gone with the form, it would leave the
  // focus nowhere (and Escape would no longer reach the panel).
  useEffect(() => {
    if (sent) thanks.current?.focus();
  }, [sent]);

  function set<K extends keyof Details>(key: K, value: Details[K]) {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  }

  function focusFirstInvalid() {
    requestAnimationFrame(() => {
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setFailure(null);
    const checked = validate(handoffInput, {
      ...values,
      company: values.company || undefined,
      messages: messages(),
    });
    if (!checked.ok) {
      setErrors(checked.errors);
      if (checked.errors.messages) setFailure(checked.errors.messages);
      focusFirstInvalid();
      return;
    }
    setErrors({});
    setSending(true);
    const answer = await sendToPerson(checked.data);
    setSending(false);
    if (answer.ok) {
      setSent(answer.message);
      setValues(EMPTY);
      return;
    }
    setErrors(answer.fields);
    // A refusal that names no field of this form (429, the conversation, the network).
    const named = Object.keys(answer.fields).some((field) => field in EMPTY);
    if (!named) setFailure(answer.message);
    else focusFirstInvalid();
  }

  if (sent) {
    return (
      <p
        ref={thanks}
        role="status"
        tabIndex={-1}
        className="rounded-lg outline-none border border-emerald-300 bg-emerald-50 px-3 py-2 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100"
      >
        {sent}
      </p>
    );
  }

  return (
    <form
      ref={form}
      onSubmit={onSubmit}
      noValidate
      aria-label="Send this to a person"
      className="grid gap-3"
    >
      <p className="text-sm text-muted">
        We send this conversation to a person, who answers by e-mail.
      </p>
      <TextInputField
        name="name"
        label="Full Name"
        autoComplete="name"
        error={errors.name}
        value={values.name}
        onChange={(v) => set('name', v)}
        isRequired
      />
      <TextInputField
        name="email"
        label="Email Address"
        type="email"
        autoComplete="email"
        error={errors.email}
        value={values.email}
        onChange={(v) => set('email', v)}
        isRequired
      />
      <TextInputField
        name="company"
        label="Company"
        autoComplete="organization"
        error={errors.company}
        value={values.company}
        onChange={(v) => set('company', v)}
      />
      <PrivacyConsentFields
        privacy={values.privacy}
        website={values.website}
        error={errors.privacy}
        onPrivacy={(v) => set('privacy', v)}
        onWebsite={(v) => set('website', v)}
      />
      {failure ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {failure}
        </p>
      ) : null}
      <button
        type="submit"
        aria-disabled={sending || undefined}
        className={buttonClass('primary', 'md', 'aria-disabled:opacity-60')}
      >
        {sending ? 'Sending...' : 'Send to a person'}
      </button>
    </form>
  );
}
