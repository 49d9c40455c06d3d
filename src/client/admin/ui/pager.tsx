import { Button } from './controls';

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** What the pages hold, for the label: "Messages pages". */
  label: string;
  onPage: (page: number) => void;
}

/** Previous and next; the page lives in the address, so reload and Back keep it. */
export function Pager({ page, pageSize, total, label, onPage }: PagerProps) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (pageCount === 1 && page === 1) return null;
  return (
    <nav aria-label={`${label} pages`} className="mt-6 flex items-center justify-between gap-3">
      <Button variant="secondary" isDisabled={page <= 1} onPress={() => onPage(page - 1)}>
        Previous
      </Button>
      <p className="text-sm text-muted" aria-live="polite">
        Page {page} of {pageCount}
      </p>
      <Button variant="secondary" isDisabled={page >= pageCount} onPress={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
