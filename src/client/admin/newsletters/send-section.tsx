import { useState } from 'react';
import type { Newsletter } from '#shared/shapes/newsletters';
import { trpc } from '#client/lib/trpc';
import { Button } from '../ui/controls';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { errorMessage } from '../ui/errors';
import { useSendNewsletter } from './newsletter-mutations';
import { plural } from './progress';
import { closeTestToast } from './send-test-form';

interface SendSectionProps {
  newsletter: Newsletter;
  /** Sending takes the saved version: with unsaved changes the button waits, and says why. */
  isDirty: boolean;
}

/**
 * "Send to N confirmed subscribers", asked about first. N is the number of confirmed
 * addresses now (the subscribers list's counts); the server takes the confirmed addresses at
 * the moment it starts, which a sign-up confirmed meanwhile can change by one or two.
 */
export function SendSection({ newsletter, isDirty }: SendSectionProps) {
  const confirmed = trpc.subscribers.list.useQuery({ status: 'confirmed' });
  const send = useSendNewsletter();
  const [asking, setAsking] = useState(false);
  const n = confirmed.data?.counts.confirmed;
  const recipients =
    n === undefined ? '' : plural(n, 'confirmed subscriber', 'confirmed subscribers');

  const reason = confirmed.isError
    ? `The number of confirmed subscribers could not be read: ${errorMessage(confirmed.error)}`
    : n === 0
      ? 'Nobody has confirmed a subscription yet: there is no one to send it to.'
      : isDirty
        ? 'Save your changes first: the newsletter is sent as saved.'
        : null;

  return (
    <section aria-labelledby="send-heading" className="flex flex-col gap-3">
      <h2 id="send-heading" className="text-lg font-semibold text-ink">
        Send
      </h2>
      <p className="text-sm text-muted">
        Every confirmed subscriber gets one copy with their own unsubscribe link. Once started,
        sending cannot be stopped or undone.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          onPress={() => {
            closeTestToast(newsletter.id);
            setAsking(true);
          }}
          isDisabled={n === undefined || n === 0 || isDirty}
          aria-describedby={reason ? 'send-reason' : undefined}
        >
          {n === undefined ? 'Send to confirmed subscribers' : `Send to ${recipients}`}
        </Button>
        {reason ? (
          <p id="send-reason" className="text-sm text-muted">
            {reason}
          </p>
        ) : null}
        {confirmed.isError ? (
          <Button variant="secondary" onPress={() => void confirmed.refetch()}>
            Try again
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        isOpen={asking}
        title="Send newsletter"
        question={`Send '${newsletter.subject}' to ${recipients}? This cannot be undone.`}
        confirmLabel="Send"
        pendingLabel="Sending..."
        isPending={send.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => send.mutate({ id: newsletter.id }, { onSettled: () => setAsking(false) })}
      />
    </section>
  );
}
