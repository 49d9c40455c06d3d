import { useState, type FormEvent } from 'react';
import { Form, Label, Radio, RadioGroup } from 'react-aria-components';
import {
  LEAD_MESSAGES,
  LEAD_STATUS_LABELS,
  leadStatusValues,
  type leadPatch,
  type LeadStatus,
} from '#shared/lead-pipeline';
import type { Lead } from '#shared/shapes/leads';
import type { z } from 'zod/mini';
import { focusRing } from '#shared/ui-styles';
import { Button, TextInputField } from '../ui/controls';
import { fieldIssues } from '../ui/field-issues';
import { followUpInputValue } from './lead-time';
import { useUpdateLead } from './lead-mutations';

interface DetailValues {
  status: LeadStatus;
  value: string;
  lostReason: string;
  followUpAt: string;
}

function valuesOf(lead: Lead): DetailValues {
  return {
    status: lead.status,
    value: lead.value === null ? '' : String(lead.value),
    lostReason: lead.lostReason ?? '',
    followUpAt: followUpInputValue(lead.followUpAt),
  };
}

type PatchInput = z.input<typeof leadPatch>;

/**
 * Only what changed is sent: a status change is its own timeline entry, and audited. A value
 * that is not a number at all is refused here with the shared message; any number goes, so
 * the server's own rule judges whole and in range and its words come back to the field.
 */
export function changedFields(
  lead: Lead,
  values: DetailValues,
): { ok: true; data: PatchInput } | { ok: false; errors: Record<string, string> } {
  const before = valuesOf(lead);
  const data: PatchInput = {};
  if (values.status !== before.status) data.status = values.status;
  if (values.value !== before.value) {
    const text = values.value.trim().replaceAll(',', '');
    const number = text === '' ? null : Number(text);
    if (number !== null && !Number.isFinite(number)) {
      return { ok: false, errors: { value: LEAD_MESSAGES.value } };
    }
    data.value = number;
  }
  if (values.lostReason !== before.lostReason) {
    data.lostReason = values.lostReason.trim() === '' ? null : values.lostReason;
  }
  if (values.followUpAt !== before.followUpAt) data.followUpAt = values.followUpAt || null;
  return { ok: true, data };
}

const radioClass = `inline-flex min-h-11 cursor-pointer items-center rounded-md border border-line-strong px-3 text-sm font-medium text-ink data-hovered:bg-subtle data-selected:border-brand-700 data-selected:bg-brand-700 data-selected:text-white dark:data-selected:border-brand-400 sm:min-h-9 ${focusRing}`;

/**
 * Status (one of six, arrow keys move between them), value (whole units of the site's
 * currency), the reason when lost, and the follow-up date; one Save. A refused field shows
 * the server's words under it.
 */
export function LeadDetailsForm({ lead }: { lead: Lead }) {
  const [values, setValues] = useState(() => valuesOf(lead));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateLead(lead.id);
  const changes = changedFields(lead, values);
  const isDirty = !changes.ok || Object.keys(changes.data).length > 0;
  const set = (patch: Partial<DetailValues>) => setValues({ ...values, ...patch });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending || !isDirty) return;
    if (!changes.ok) {
      setErrors(changes.errors);
      return;
    }
    update.mutate(
      // The server checks every field; what it refuses comes back with its path.
      { id: lead.id, data: changes.data },
      {
        onSuccess: (saved) => {
          setValues(valuesOf(saved));
          setErrors({});
        },
        onError: (error) => setErrors(fieldIssues(error)),
      },
    );
  };

  return (
    <Form
      onSubmit={submit}
      validationBehavior="aria"
      aria-label="Lead status"
      className="flex flex-col gap-4"
    >
      <RadioGroup
        value={values.status}
        onChange={(status) => set({ status: status as LeadStatus })}
        orientation="horizontal"
        className="flex flex-col gap-2"
      >
        <Label className="text-sm font-medium text-ink">Status</Label>
        <div className="flex flex-wrap gap-2">
          {leadStatusValues.map((status) => (
            <Radio key={status} value={status} className={radioClass}>
              {LEAD_STATUS_LABELS[status]}
            </Radio>
          ))}
        </div>
        {errors['status'] ? (
          <p className="text-sm text-red-700 dark:text-red-300">{errors['status']}</p>
        ) : null}
      </RadioGroup>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInputField
          label="Value"
          name="value"
          value={values.value}
          onChange={(value) => set({ value })}
          error={errors['value']}
          description="Whole units of your currency, e.g. 12000. Blank: not known."
        />
        <TextInputField
          label="Follow-up date"
          name="followUpAt"
          type="date"
          value={values.followUpAt}
          onChange={(followUpAt) => set({ followUpAt })}
          error={errors['followUpAt']}
          description="The lead shows under “Follow-ups due” from that day."
        />
      </div>
      {values.status === 'lost' || values.lostReason !== '' ? (
        <TextInputField
          label="Reason lost"
          name="lostReason"
          multiline
          rows={2}
          value={values.lostReason}
          onChange={(lostReason) => set({ lostReason })}
          error={errors['lostReason']}
        />
      ) : null}
      <div className="flex flex-wrap items-center justify-end gap-3">
        <p className="text-sm text-muted">{isDirty ? 'Unsaved changes' : 'All changes saved'}</p>
        <Button type="submit" isPending={update.isPending} isDisabled={!isDirty}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </Form>
  );
}
