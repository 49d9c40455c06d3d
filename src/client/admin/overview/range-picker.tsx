import { useState, type FormEvent } from 'react';
import { ToggleButton, ToggleButtonGroup, type Key } from 'react-aria-components';
import { isRealDay } from '#shared/calendar-days';
import { focusRing } from '#shared/ui-styles';
import { Button, TextInputField } from '../ui/controls';
import {
  PRESET_DAYS,
  customRangeProblem,
  searchFor,
  type OverviewSearch,
  type ResolvedRange,
} from './overview-range';

const CUSTOM = 'custom';

const segmentClass = `inline-flex min-h-11 cursor-pointer items-center rounded-md px-3 text-sm font-medium text-muted transition-colors data-hovered:text-ink data-selected:bg-raised data-selected:text-ink data-selected:shadow-sm sm:min-h-9 ${focusRing}`;

interface RangePickerProps {
  range: ResolvedRange;
  onChange: (search: OverviewSearch) => void;
}

/**
 * "7 days", "30 days", "90 days" or "Custom" (a radio group to assistive technology). A preset
 * applies at once; "Custom" opens two date fields, applied with "Show" so that a half-typed
 * date does not load a report.
 */
export function RangePicker({ range, onChange }: RangePickerProps) {
  const [customOpen, setCustomOpen] = useState(range.days === null);
  // The address can change behind the picker (Back, a link): a preset there closes the fields.
  const [seenDays, setSeenDays] = useState(range.days);
  if (seenDays !== range.days) {
    setSeenDays(range.days);
    setCustomOpen(range.days === null);
  }
  const selected = customOpen || range.days === null ? CUSTOM : String(range.days);

  return (
    <div className="flex flex-col gap-3">
      <ToggleButtonGroup
        aria-label="Period"
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[selected]}
        onSelectionChange={(keys: Set<Key>) => {
          const [key] = keys;
          const days = PRESET_DAYS.find((d) => String(d) === key);
          setCustomOpen(days === undefined);
          if (days !== undefined) onChange(searchFor({ days }));
        }}
        className="inline-flex w-fit max-w-full flex-wrap gap-1 rounded-lg border border-line bg-subtle p-1"
      >
        {PRESET_DAYS.map((days) => (
          <ToggleButton key={days} id={String(days)} className={segmentClass}>
            {days} days
          </ToggleButton>
        ))}
        <ToggleButton id={CUSTOM} className={segmentClass}>
          Custom
        </ToggleButton>
      </ToggleButtonGroup>
      {customOpen ? (
        <CustomRangeForm
          key={`${range.from}/${range.to}`}
          range={range}
          onApply={(from, to) => onChange(searchFor({ from, to }))}
        />
      ) : null}
    </div>
  );
}

interface CustomRangeFormProps {
  range: ResolvedRange;
  onApply: (from: string, to: string) => void;
}

function CustomRangeForm({ range, onApply }: CustomRangeFormProps) {
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      from: isRealDay(from) ? undefined : 'Choose a start date.',
      to: isRealDay(to) ? undefined : 'Choose an end date.',
    };
    // Both days exist: what is left to refuse is their order or the span, said at the end date.
    if (!next.from && !next.to) next.to = customRangeProblem(from, to) ?? undefined;
    setErrors(next);
    if (!next.from && !next.to) onApply(from, to);
  };

  return (
    <form
      aria-label="Custom period"
      onSubmit={submit}
      noValidate
      className="flex flex-wrap items-start gap-3"
    >
      <div className="w-full sm:w-44">
        <TextInputField
          type="date"
          label="From"
          value={from}
          onChange={setFrom}
          error={errors.from}
        />
      </div>
      <div className="w-full sm:w-44">
        <TextInputField type="date" label="To" value={to} onChange={setTo} error={errors.to} />
      </div>
      <Button type="submit" variant="secondary" className="sm:mt-6">
        Show
      </Button>
    </form>
  );
}
