import { useEffect, useState, type FormEvent } from 'react';
import { Form, Label, Radio, RadioGroup } from 'react-aria-components';
import type { Lead, LeadTriage } from '#shared/shapes/leads';
import { MANUAL_TRIAGE } from '#shared/triage';
import { focusRing } from '#shared/ui-styles';
import { trpc } from '#client/lib/trpc';
import { Button, Card } from '../ui/controls';
import { DateTime } from '../ui/date-time';
import { useAskTriage, useSetTriageLabel } from './lead-mutations';
import {
  TRIAGE_LABEL_NAMES,
  TriageBadge,
  triageLabelValues,
  type TriageLabel,
} from './triage-label';

/** How often the page reads the lead again after "Ask again", and for how long at most. */
export const TRIAGE_POLL_MS = 1_000;
/** The provider's own limit is 60 s (docs/ai.md); most answers come within seconds. */
export const TRIAGE_WAIT_MS = 30_000;

/**
 * The AI's reading of the lead (docs/leads.md, "Triage on the screens"): the label, the reason,
 * the summary, who read it and when; the label changed by hand; "Ask again". Everything the
 * model wrote is shown as plain text (React escapes it), never as HTML or Markdown.
 */
export function TriageBlock({ lead }: { lead: Lead }) {
  const { triage } = lead;
  const waiting = useTriageWait(lead.id, triage);
  return (
    <Card labelledBy="triage-heading">
      <h2 id="triage-heading" className="mb-3 text-lg font-semibold text-ink">
        Triage
      </h2>
      {triage ? <TriageReading triage={triage} /> : <p className="text-muted">Not triaged yet.</p>}
      <div className="mt-4 flex flex-col gap-4 border-t border-line pt-4">
        {/* Keyed by the reading: a new one (asked again, or saved) starts the choice afresh. */}
        <TriageLabelForm
          key={`${triage?.label}|${triage?.at}`}
          leadId={lead.id}
          label={triage?.label ?? null}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" isPending={waiting.isWaiting} onPress={waiting.ask}>
            {waiting.isWaiting ? 'Asking...' : 'Ask again'}
          </Button>
          <p role="status" className="text-sm text-muted">
            {waiting.isWaiting
              ? 'Waiting for the model’s reading...'
              : waiting.timedOut
                ? 'No new reading yet. It may still come: open the lead again later.'
                : ''}
          </p>
        </div>
      </div>
    </Card>
  );
}

function TriageReading({ triage }: { triage: LeadTriage }) {
  return (
    <div className="flex flex-col gap-2 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <TriageBadge label={triage.label} />
        <p className="break-words text-ink">{triage.reason}</p>
      </div>
      {triage.summary ? (
        <p className="break-words whitespace-pre-line text-ink">{triage.summary}</p>
      ) : null}
      <p className="text-muted">
        {triage.model === MANUAL_TRIAGE ? 'Set by hand' : `Read by ${triage.model}`}
        {' · '}
        <DateTime iso={triage.at} />
      </p>
    </div>
  );
}

const radioClass = `inline-flex min-h-11 cursor-pointer items-center rounded-md border border-line-strong px-3 text-sm font-medium text-ink data-hovered:bg-subtle data-selected:border-brand-700 data-selected:bg-brand-700 data-selected:text-white dark:data-selected:border-brand-400 sm:min-h-9 ${focusRing}`;

/** One of the four labels (arrow keys move between them), saved with its own button. */
function TriageLabelForm({ leadId, label }: { leadId: number; label: TriageLabel | null }) {
  const [chosen, setChosen] = useState<TriageLabel | null>(label);
  const save = useSetTriageLabel(leadId);
  const isDirty = chosen !== null && chosen !== label;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending || !isDirty) return;
    save.mutate({ id: leadId, data: { triageLabel: chosen } });
  };
  return (
    <Form onSubmit={submit} aria-label="Triage label" className="flex flex-col gap-2">
      <RadioGroup
        value={chosen}
        onChange={(value) => setChosen(value as TriageLabel)}
        orientation="horizontal"
        className="flex flex-col gap-2"
      >
        <Label className="text-sm font-medium text-ink">Label</Label>
        <div className="flex flex-wrap gap-2">
          {triageLabelValues.map((value) => (
            <Radio key={value} value={value} className={radioClass}>
              {TRIAGE_LABEL_NAMES[value]}
            </Radio>
          ))}
        </div>
      </RadioGroup>
      <div>
        <Button type="submit" isPending={save.isPending} isDisabled={!isDirty}>
          {save.isPending ? 'Saving...' : 'Save label'}
        </Button>
      </div>
    </Form>
  );
}

/**
 * "Ask again" answers 202 before the model has read anything: the lead is read again every
 * TRIAGE_POLL_MS (the page's own query, refetched) until its triage changes or TRIAGE_WAIT_MS
 * have passed.
 */
function useTriageWait(leadId: number, triage: LeadTriage | null) {
  const ask = useAskTriage();
  const current = triage ? `${triage.label}|${triage.at}` : null;
  const [askedFrom, setAskedFrom] = useState<{ reading: string | null } | null>(null);
  const [timedOut, setTimedOut] = useState(false);
  const isWaiting = askedFrom !== null && askedFrom.reading === current;
  trpc.leads.get.useQuery(
    { id: leadId },
    { enabled: isWaiting, refetchInterval: isWaiting ? TRIAGE_POLL_MS : false },
  );
  useEffect(() => {
    if (!isWaiting) return;
    const timer = setTimeout(() => {
      setAskedFrom(null);
      setTimedOut(true);
    }, TRIAGE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [isWaiting]);
  return {
    isWaiting: isWaiting || ask.isPending,
    timedOut,
    ask: () => {
      setTimedOut(false);
      ask.mutate({ id: leadId }, { onSuccess: () => setAskedFrom({ reading: current }) });
    },
  };
}
