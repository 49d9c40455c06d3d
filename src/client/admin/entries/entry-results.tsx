import { useEffect, useRef } from 'react';
import { ENTRY_LIMITS } from '#shared/entries';
import { Button, TextInputField } from '../ui/controls';
import { TrashIcon } from '../ui/icons';
import {
  canAddResult,
  withResult,
  withResultAdded,
  withResultRemoved,
  type EntryErrors,
  type EntryValues,
} from './entry-values';

interface EntryResultsProps {
  values: EntryValues;
  errors: EntryErrors;
  onChange: (values: EntryValues) => void;
}

/**
 * A case study's results, each a label and a value ("Time to answer", "-63 %"): up to six,
 * added and removed by button; the seventh cannot be added. A new row takes the cursor.
 */
export function EntryResults({ values, errors, onChange }: EntryResultsProps) {
  /** The row just added, focused once it is drawn. */
  const focusRow = useRef<number | null>(null);
  const count = values.results.length;
  useEffect(() => {
    if (focusRow.current === null) return;
    document.querySelector<HTMLInputElement>(`[name="results.${focusRow.current}.label"]`)?.focus();
    focusRow.current = null;
  }, [count]);
  const full = !canAddResult(values);

  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-line p-4">
      <legend className="px-1 text-sm font-medium text-ink">Results</legend>
      <p className="text-sm text-muted">
        Up to {ENTRY_LIMITS.results} figures shown with the case study: a label and a value, such as
        &ldquo;Time to answer&rdquo; and &ldquo;-63 %&rdquo;.
      </p>
      {errors['results'] ? (
        <p className="text-sm text-red-700 dark:text-red-300">{errors['results']}</p>
      ) : null}
      {values.results.length > 0 ? (
        <ol className="flex flex-col gap-4">
          {values.results.map((result, index) => (
            // Rows have no id of their own; a removal re-renders the rows after it.
            // The label across the row, the value and Remove below it; side by side only
            // from 1024 px, where each still shows its words whole (two halves cut them).
            <li
              key={index}
              className="grid grid-cols-1 items-start gap-3 sm:grid-cols-[minmax(0,1fr)_auto] lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)_auto]"
            >
              <div className="sm:col-span-2 lg:col-span-1">
                <TextInputField
                  label={`Result ${index + 1}: label`}
                  name={`results.${index}.label`}
                  value={result.label}
                  error={errors[`results.${index}.label`]}
                  onChange={(label) => onChange(withResult(values, index, { label }))}
                />
              </div>
              <TextInputField
                label={`Result ${index + 1}: value`}
                name={`results.${index}.value`}
                value={result.value}
                error={errors[`results.${index}.value`]}
                onChange={(value) => onChange(withResult(values, index, { value }))}
              />
              <Button
                variant="ghost-danger"
                className="justify-self-start sm:mt-6"
                aria-label={`Remove result ${index + 1}`}
                onPress={() => onChange(withResultRemoved(values, index))}
              >
                <TrashIcon />
                Remove
              </Button>
            </li>
          ))}
        </ol>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          isDisabled={full}
          onPress={() => {
            focusRow.current = count;
            onChange(withResultAdded(values));
          }}
        >
          Add a result
        </Button>
        {full ? (
          <p className="text-sm text-muted">
            {ENTRY_LIMITS.results} results, the most a case study shows.
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
