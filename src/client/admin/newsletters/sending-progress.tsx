import { useEffect, useState } from 'react';
import { Label, ProgressBar } from 'react-aria-components';
import type { Newsletter } from '#shared/shapes/newsletters';
import { Button } from '../ui/controls';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { formatDateTime } from '../ui/date-time';
import { closeSendingToast, useRetryFailed } from './newsletter-mutations';
import { plural, progressLabel, progressOf, progressSummary } from './progress';

/**
 * A newsletter being sent or sent: the bar and its figures (refreshed by the page's polling
 * while sending), then the totals, the date and "Retry failed". The polite live region says
 * only when sending starts and ends; the figures changing every second or two would
 * interrupt a screen reader all the time.
 */
export function SendingProgress({ newsletter }: { newsletter: Newsletter }) {
  const progress = progressOf(newsletter);
  const summary = progressSummary(newsletter);
  const retry = useRetryFailed();
  const [asking, setAsking] = useState(false);

  // Once the page says "Sending finished", a "Sending started" toast would contradict it.
  useEffect(() => {
    if (progress.done) closeSendingToast(newsletter.id);
  }, [progress.done, newsletter.id]);

  return (
    <section aria-labelledby="progress-heading" className="flex flex-col gap-4">
      <h2 id="progress-heading" className="text-lg font-semibold text-ink">
        {progress.done ? 'Sent' : 'Sending'}
      </h2>
      <p role="status" className="text-ink">
        {progress.done
          ? `Sending finished: ${summary}.`
          : 'Sending in progress. This page updates by itself.'}
      </p>
      <ProgressBar
        value={progress.percent}
        valueLabel={progressLabel(newsletter)}
        className="flex flex-col gap-2"
      >
        {({ valueText }) => (
          <>
            <div className="flex flex-wrap justify-between gap-2 text-sm">
              <Label className="font-medium text-ink">Progress</Label>
              <span className="text-muted">{valueText}</span>
            </div>
            <div className="h-3 w-full overflow-hidden rounded-full bg-line">
              <div
                className="h-full rounded-full bg-brand-700 transition-[width] dark:bg-brand-400"
                style={{ width: `${progress.percent}%` }}
              />
            </div>
          </>
        )}
      </ProgressBar>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label="Recipients" value={newsletter.total} />
        <Figure label="Sent" value={progress.sent} />
        <Figure label="Failed" value={progress.failed} />
        {progress.done ? (
          <Figure label="Skipped (left the list)" value={progress.skipped} />
        ) : (
          <Figure label="Remaining" value={progress.remaining} />
        )}
      </dl>
      {progress.done && newsletter.sentAt ? (
        <p className="text-muted">
          Sent on <time dateTime={newsletter.sentAt}>{formatDateTime(newsletter.sentAt)}</time>
        </p>
      ) : null}
      {progress.done && progress.failed > 0 ? (
        <div className="flex flex-col items-start gap-2">
          <p className="text-sm text-muted">
            Failed addresses were refused by their mail server or could not be reached after several
            tries. Retrying sends the newsletter again to those only.
          </p>
          <Button variant="secondary" onPress={() => setAsking(true)}>
            Retry failed
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        isOpen={asking}
        title="Retry failed"
        question={`Send '${newsletter.subject}' again to the ${plural(progress.failed, 'recipient', 'recipients')} it failed for? One whose mail was interrupted may already have it and get it twice.`}
        confirmLabel="Retry"
        pendingLabel="Retrying..."
        isPending={retry.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => retry.mutate({ id: newsletter.id }, { onSettled: () => setAsking(false) })}
      />
    </section>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-md border border-line p-3">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-xl font-semibold text-ink">{value.toLocaleString('en-US')}</dd>
    </div>
  );
}
