import { useEffect, useRef, useState, type FormEvent } from 'react';
import { subscribeInput } from '#shared/newsletter';
import { validate, type FieldErrors } from '#client/lib/form-errors';
import { useHydrated } from '#client/lib/use-hydrated';
import { useSubmission } from '#client/lib/use-submission';
import { formText, useValuesTypedEarly } from '#client/lib/use-values-typed-early';
import { publicApi } from '#client/lib/public-api';
import { serverMessage } from '#client/lib/trpc-error';
import { HoneypotField, TextInputField } from '#client/ui/fields';
import { buttonClass } from '#shared/ui-styles';
import { toast } from '#client/ui/toast';

/**
 * Newsletter signup in the footer: one e-mail field checked with the shared schema. After a
 * sign-up the form gives way to "Check your inbox" naming the address the link went to (the
 * toast fades; this stays), with a way back to the form for another address.
 */
export default function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  // The address the confirmation link was sent to, while "Check your inbox" stands in the form's place.
  const [sentTo, setSentTo] = useState<string | null>(null);
  // Where the focus goes after the form and its inbox state swap places (the focused control is gone).
  const focusNext = useRef<'inbox' | 'field' | null>(null);
  const submission = useSubmission();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const inboxRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (focusNext.current === 'inbox') inboxRef.current?.focus();
    if (focusNext.current === 'field') {
      formRef.current?.querySelector<HTMLInputElement>('input[name="email"]')?.focus();
    }
    focusNext.current = null;
  }, [sentTo]);

  // An address typed before the script arrived stays (docs/product.md, "Newsletter sign-up").
  useValuesTypedEarly(formRef, (data) => {
    const early = { email: formText(data, 'email'), website: formText(data, 'website') };
    if (early.email) setEmail(early.email);
    if (early.website) setWebsite(early.website);
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submission.pending) return;
    const checked = validate(subscribeInput, { email, website });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    await submission.run(async () => {
      try {
        await publicApi.newsletter.subscribe.mutate({ email, website });
        toast({
          title: 'Almost there!',
          description: 'Check your inbox to confirm your subscription.',
        });
        setEmail('');
        setWebsite('');
        focusNext.current = 'inbox';
        setSentTo(checked.data.email);
      } catch (error) {
        toast({
          title: 'Subscription failed',
          description: serverMessage(error) ?? 'Please try again later.',
          variant: 'destructive',
        });
      }
    });
  }

  if (sentTo !== null) {
    return (
      <div
        ref={inboxRef}
        role="status"
        tabIndex={-1}
        className="flex flex-col items-start gap-2 rounded-lg border border-line bg-surface p-4 text-sm text-muted outline-none"
      >
        <p className="font-semibold text-ink">Check your inbox</p>
        <p>
          We sent a confirmation link to{' '}
          <strong className="text-ink [overflow-wrap:anywhere]">{sentTo}</strong>. Open it to
          confirm your subscription.
        </p>
        <button
          type="button"
          onClick={() => {
            focusNext.current = 'field';
            setSentTo(null);
          }}
          className={buttonClass('secondary', 'sm')}
        >
          Use another address
        </button>
      </div>
    );
  }

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      aria-label="Newsletter signup"
      className="flex flex-col gap-3"
    >
      <TextInputField
        name="email"
        error={errors.email}
        label="Email address"
        type="email"
        autoComplete="email"
        placeholder="you@company.com"
        value={email}
        onChange={(value) => {
          setEmail(value);
          if (errors.email) setErrors({});
        }}
      />
      <HoneypotField value={website} onChange={setWebsite} />
      <button
        type="submit"
        disabled={!hydrated || submission.pending}
        className={buttonClass('primary', 'md', 'w-full')}
      >
        {submission.pending ? 'Subscribing...' : 'Subscribe'}
      </button>
    </form>
  );
}
