import type { FormEvent } from 'react';
import { CONTACT_SUBJECTS, type ContactSubject } from '#shared/contact';
import { Button } from '../ui/controls';
import { useBoxFollowingAddress } from '../ui/use-box-following-address';
import type { MessageSearch } from './search-params';

const fieldClasses =
  'rounded-md border border-line-strong bg-raised px-3 py-2 text-ink outline-none focus:border-brand-700 dark:focus:border-brand-400 focus:ring-2 focus:ring-brand-600 dark:focus:ring-brand-400';

interface MessageFiltersProps {
  search: MessageSearch;
  onChange: (filters: Pick<MessageSearch, 'q' | 'subject'>) => void;
}

/**
 * Search text is applied on submit (Enter or the button), so the address and the list do not
 * change with every key; the subject applies as soon as it is chosen, together with whatever
 * the box holds then, so the box, the address and the list always agree.
 */
export function MessageFilters({ search, onChange }: MessageFiltersProps) {
  // Back and Forward change the address: the field follows it, but not the change it asked for.
  const { text, setText, send } = useBoxFollowingAddress(search.q);
  const apply = (subject: ContactSubject | undefined) => {
    const q = text.trim() || undefined;
    send(q);
    onChange({ q, subject });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(search.subject);
  };
  const clear = () => {
    setText('');
    send(undefined);
    onChange({ q: undefined, subject: undefined });
  };
  return (
    <form
      role="search"
      aria-label="Messages"
      onSubmit={submit}
      className="flex flex-wrap items-end gap-3"
    >
      <div className="flex min-w-48 flex-1 flex-col gap-1">
        <label htmlFor="message-search" className="text-sm font-medium text-ink">
          Search name, e-mail, company or text
        </label>
        <input
          id="message-search"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          className={fieldClasses}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="message-subject" className="text-sm font-medium text-ink">
          Subject
        </label>
        <select
          id="message-subject"
          value={search.subject ?? ''}
          onChange={(event) =>
            apply((event.target.value || undefined) as ContactSubject | undefined)
          }
          className={fieldClasses}
        >
          <option value="">All subjects</option>
          {CONTACT_SUBJECTS.map((subject) => (
            <option key={subject.value} value={subject.value}>
              {subject.label}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit">Search</Button>
      {search.q || search.subject ? (
        <Button variant="ghost" onPress={clear}>
          Clear
        </Button>
      ) : null}
    </form>
  );
}
