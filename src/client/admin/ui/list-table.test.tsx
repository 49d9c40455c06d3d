/**
 * The admin's one list table (list-table.tsx): the read's states, the columns with those a
 * narrow screen has no room for hidden below their width, the busy previous page, and the pager.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListTable, type ListColumn } from './list-table';

afterEach(cleanup);

interface Thing {
  id: number;
  name: string;
  size: number;
}

interface Answer {
  things: Thing[];
  total: number;
}

const COLUMNS: ListColumn<Thing>[] = [
  { header: 'Name', cellClass: 'text-ink', cell: (thing) => thing.name },
  { header: 'Size', from: 'md', className: 'text-right', cell: (thing) => thing.size },
  { header: <span className="sr-only">Actions</span>, cell: (thing) => `#${thing.id}` },
];

function show(
  query: { data: Answer | undefined; error?: unknown; isPlaceholderData?: boolean },
  page = 1,
  onPage: (page: number) => void = () => {},
  refetch: () => void = () => {},
) {
  return render(
    <ListTable
      query={{ error: null, isPlaceholderData: false, refetch, ...query }}
      pending="Loading things..."
      error="Error loading things"
      emptyPage="No things on this page."
      empty={() => 'No things yet.'}
      rows={(data) => data.things}
      rowKey={(thing) => thing.id}
      caption="Things, newest first"
      columns={COLUMNS}
      pager={{ page, pageSize: 2, label: 'Things', onPage }}
    />,
  );
}

const THINGS: Thing[] = [
  { id: 1, name: 'Kettle', size: 3 },
  { id: 2, name: 'Teapot', size: 5 },
];

describe('ListTable', () => {
  it('shows a spinner, named for screen readers, and no pager while nothing has come', () => {
    show({ data: undefined });
    expect(screen.getByRole('status')).toHaveTextContent('Loading things...');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows the error with its prefix and asks again on "Try again"', async () => {
    const refetch = vi.fn();
    show({ data: undefined, error: new Error('The server is down') }, 1, () => {}, refetch);
    expect(screen.getByRole('alert')).toHaveTextContent('Error loading things: The server is down');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('tells an empty list from a page past its end', () => {
    show({ data: { things: [], total: 0 } });
    expect(screen.getByText('No things yet.')).toBeInTheDocument();
    cleanup();
    show({ data: { things: [], total: 3 } }, 3);
    expect(screen.getByText('No things on this page.')).toBeInTheDocument();
    // The pager stays, so the owner can go back to a page that has some.
    expect(screen.getByRole('navigation', { name: 'Things pages' })).toBeInTheDocument();
  });

  it('names the table by its caption, a row a record, the narrow columns hidden below their width', () => {
    show({ data: { things: THINGS, total: 2 } });
    const table = screen.getByRole('table', { name: 'Things, newest first' });
    expect(table).not.toHaveAttribute('aria-busy');
    const heads = within(table).getAllByRole('columnheader');
    expect(heads.map((head) => head.textContent)).toEqual(['Name', 'Size', 'Actions']);
    // Every column but the last keeps its gap; one shown from md is hidden below it.
    expect(heads[0]!.className).toBe('py-2 pr-4 font-semibold');
    // The two classes spelled whole in list-table.tsx (a class built at run time never reaches
    // the stylesheet; jsdom would not notice, the browser tests did).
    expect(heads[1]!.className).toBe('hidden md:table-cell py-2 pr-4 text-right font-semibold');
    expect(heads[2]!.className).toBe('py-2 font-semibold');
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Kettle', '3', '#1']);
    expect(within(first!).getAllByRole('cell')[0]!.className).toBe('py-2 pr-4 text-ink');
    expect(within(second!).getByText('Teapot')).toBeInTheDocument();
    // A single page needs no pager.
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('keeps the previous page on screen, dimmed and busy, while the next loads', () => {
    show({ data: { things: THINGS, total: 2 }, isPlaceholderData: true });
    const table = screen.getByRole('table', { name: 'Things, newest first' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(table).toHaveClass('opacity-60');
  });

  it('pages with Previous and Next, which stop at either end', async () => {
    const onPage = vi.fn();
    show({ data: { things: THINGS, total: 5 } }, 1, onPage);
    const pager = screen.getByRole('navigation', { name: 'Things pages' });
    expect(pager).toHaveTextContent('Page 1 of 3');
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(2);
    cleanup();
    show({ data: { things: THINGS.slice(0, 1), total: 5 } }, 3, onPage);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});
