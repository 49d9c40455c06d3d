import { useEffect, useId, useRef } from 'react';
import { useBoxFollowingAddress } from './use-box-following-address';
import { useDebouncedValue } from './use-debounced-value';

/** The list follows the typing after this pause, not each key (one read, one history entry). */
export const LIST_SEARCH_DEBOUNCE_MS = 300;

const fieldClasses =
  'w-full rounded-md border border-line-strong bg-raised px-3 py-2 text-ink outline-none focus:border-brand-700 dark:focus:border-brand-400 focus:ring-2 focus:ring-brand-600 dark:focus:ring-brand-400 max-md:min-h-11';

interface ListSearchFieldProps {
  /** The address's search. */
  q: string | undefined;
  onChange: (q: string | undefined) => void;
  /** The field's label: what is searched. */
  label?: string;
  /** The search landmark's name: the list searched. */
  region?: string;
}

/**
 * Search as you type: the text settles for a moment, then becomes the address's `q` (so
 * reload, Back and a shared link keep it). Back and Forward change the address: the box follows,
 * and typing goes on while the list's read answers (useBoxFollowingAddress).
 * The leads' list was its first; the others (subscribers, entries, suppressions) name theirs.
 */
export function ListSearchField({
  q,
  onChange,
  label = 'Search name, e-mail, company or messages',
  region = 'Leads',
}: ListSearchFieldProps) {
  const id = useId();
  const { text, setText, send } = useBoxFollowingAddress(q);
  const settled = useDebouncedValue(text, LIST_SEARCH_DEBOUNCE_MS);
  // The latest address and callbacks, read when the text settles (not a reason to apply it).
  const latest = useRef({ q, onChange, send });
  useEffect(() => {
    latest.current = { q, onChange, send };
  });
  useEffect(() => {
    const next = settled.trim() || undefined;
    if (next === latest.current.q) return;
    latest.current.send(next);
    latest.current.onChange(next);
  }, [settled]);

  return (
    <form role="search" aria-label={region} onSubmit={(event) => event.preventDefault()}>
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {label}
        </label>
        <input
          id={id}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          className={fieldClasses}
        />
      </div>
    </form>
  );
}
