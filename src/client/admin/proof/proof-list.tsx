import { useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { buttonClass } from '#shared/ui-styles';
import { TextInputField } from '../ui/controls';
import { useDebouncedValue } from '../ui/use-debounced-value';

/** The lists' read: the first page without a search is what the route's loader fetched. */
export function listInput(q: string, page: number): { q?: string; page: number } {
  const trimmed = q.trim();
  return trimmed ? { q: trimmed, page } : { page };
}

/** The search typed, asked of the server once typing pauses; a new search starts at page 1. */
export function useListSearch() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const settled = useDebouncedValue(q, 250);
  return {
    q,
    setQ: (next: string) => {
      setQ(next);
      setPage(1);
    },
    setPage,
    input: listInput(settled, page),
  };
}

export const rowLinkClass =
  'text-ink underline-offset-2 hover:text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none dark:hover:text-brand-300 dark:focus-visible:ring-brand-400';

interface ListHeaderProps {
  title: string;
  intro: string;
  newLink: { to: '/admin/testimonials/new' | '/admin/client-logos/new'; label: string };
  search: { label: string; value: string; onChange: (value: string) => void };
}

export function ListHeader({ title, intro, newLink, search }: ListHeaderProps): ReactNode {
  return (
    <div className="mb-6 flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-ink">{title}</h1>
          <p className="mt-1 text-muted">{intro}</p>
        </div>
        <Link to={newLink.to} className={buttonClass('primary', 'md')}>
          {newLink.label}
        </Link>
      </div>
      <div className="max-w-sm">
        <TextInputField label={search.label} value={search.value} onChange={search.onChange} />
      </div>
    </div>
  );
}
