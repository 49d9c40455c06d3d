import { useRef, useState, type FormEvent } from 'react';
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

/** Newsletter signup in the footer: one e-mail field checked with the shared schema. */
export default function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const submission = useSubmission();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);

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
      } catch (error) {
        toast({
          title: 'Subscription failed',
          description: serverMessage(error) ?? 'Please try again later.',
          variant: 'destructive',
        });
      }
    });
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
