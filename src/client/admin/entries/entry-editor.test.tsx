import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toastQueue } from '#client/ui/toast';
import { ENTRY_MESSAGES } from '#shared/entries';
import type { Entry } from '#shared/shapes/entries';
import { fakeTrpcServer, invalidInput, refusal } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { EntryEditor } from './entry-editor';
import { EMPTY_ENTRY, checkEntry, withResultAdded } from './entry-values';
import { waitUntil } from '#tests/support/wait';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastQueue.clear();
});

const ENTRY: Entry = {
  id: 4,
  kind: 'case_study',
  slug: 'answers-in-minutes',
  title: 'Answers in minutes',
  summary: 'A support team cut its time to answer.',
  body: 'Tickets waited **two days**.',
  client: 'Harbor Logistics',
  industry: 'Logistics',
  results: [
    { label: 'Time to answer', value: '-63 %' },
    { label: 'Tickets closed', value: '+40 %' },
  ],
  coverImage: null,
  tags: ['Support'],
  status: 'draft',
  publishedAt: null,
  updatedAt: '2026-01-15T10:00:00.000Z',
  version: 3,
};

function editor(entry: Entry | null) {
  const { container } = renderAdmin(<EntryEditor kind="case_study" entry={entry} />);
  return within(container);
}

describe('the results', () => {
  it('take six at most: the seventh cannot be added, by the button or the values', async () => {
    const view = editor(null);
    const add = await view.findByRole('button', { name: 'Add a result' });
    for (let row = 1; row <= 6; row += 1) {
      await userEvent.click(add);
      // The new row takes the cursor.
      expect(view.getByRole('textbox', { name: `Result ${row}: label` })).toHaveFocus();
    }
    expect(add).toBeDisabled();
    expect(view.getByText('6 results, the most a case study shows.')).toBeInTheDocument();
    await userEvent.click(add);
    expect(view.queryByRole('textbox', { name: 'Result 7: label' })).toBeNull();

    let values = EMPTY_ENTRY;
    for (let row = 0; row < 7; row += 1) values = withResultAdded(values);
    expect(values.results).toHaveLength(6);
  });

  it('can be removed, the rows after moving up', async () => {
    const view = editor(ENTRY);
    await userEvent.click(await view.findByRole('button', { name: 'Remove result 1' }));
    expect(view.getByRole('textbox', { name: 'Result 1: label' })).toHaveValue('Tickets closed');
    expect(view.queryByRole('textbox', { name: 'Result 2: label' })).toBeNull();
  });
});

describe('saving', () => {
  it('shows the server’s issues at their fields (a result’s value, a tag), keeping the text', async () => {
    const server = fakeTrpcServer({
      'entries.save': () =>
        invalidInput([
          { path: 'results.1.value', message: ENTRY_MESSAGES.resultValueMax },
          { path: 'tags.1', message: ENTRY_MESSAGES.tagTwice },
        ]),
    });
    const view = editor(ENTRY);
    const tags = await view.findByRole('textbox', { name: 'Tags' });
    // Valid to the page's check: only the server knows (here, says) otherwise.
    await userEvent.type(tags, ', RAG');
    await userEvent.click(view.getByRole('button', { name: 'Save' }));

    const value = view.getByRole('textbox', { name: 'Result 2: value' });
    await waitUntil(() => expect(value).toHaveAttribute('aria-invalid', 'true'));
    expect(value).toHaveAccessibleDescription(
      expect.stringContaining(ENTRY_MESSAGES.resultValueMax),
    );
    expect(tags).toHaveAttribute('aria-invalid', 'true');
    expect(tags).toHaveAccessibleDescription(expect.stringContaining(ENTRY_MESSAGES.tagTwice));
    expect(tags).toHaveValue('Support, RAG');
    // The first field with a message has the cursor.
    await waitUntil(() => expect(value).toHaveFocus());
    expect(server.callsTo('entries.save').map((call) => call.input)).toEqual([
      {
        id: 4,
        baseVersion: 3,
        title: ENTRY.title,
        slug: ENTRY.slug,
        summary: ENTRY.summary,
        body: ENTRY.body,
        client: 'Harbor Logistics',
        industry: 'Logistics',
        results: ENTRY.results,
        tags: ['Support', 'RAG'],
      },
    ]);
  });

  it('checks before sending: an empty title and a result without a value are said, nothing sent', async () => {
    const server = fakeTrpcServer({});
    const view = editor(null);
    await userEvent.click(await view.findByRole('button', { name: 'Add a result' }));
    await userEvent.type(view.getByRole('textbox', { name: 'Result 1: label' }), 'Time to answer');
    await userEvent.click(view.getByRole('button', { name: 'Save draft' }));
    expect(view.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription(
      expect.stringContaining(ENTRY_MESSAGES.title),
    );
    expect(view.getByRole('textbox', { name: 'Result 1: value' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(view.getByText(ENTRY_MESSAGES.resultValue)).toBeInTheDocument();
    expect(server.calls).toEqual([]);
  });

  it('over a version someone else saved (409): says so, keeps the text, offers theirs', async () => {
    fakeTrpcServer({ 'entries.save': () => refusal('CONFLICT', 409, ENTRY_MESSAGES.stale) });
    const view = editor(ENTRY);
    const title = await view.findByRole('textbox', { name: 'Title' });
    await userEvent.type(title, ' for everyone');
    await userEvent.click(view.getByRole('button', { name: 'Save' }));
    const alert = await view.findByRole('alert');
    expect(alert).toHaveTextContent('Someone saved this case study after you opened it');
    expect(within(alert).getByRole('button', { name: 'Reload their version' })).toBeVisible();
    expect(title).toHaveValue('Answers in minutes for everyone');
  });
});

describe('checkEntry', () => {
  it('names a tag’s issue at the tags field, and sends no slug when none is typed', () => {
    const check = checkEntry('insight', { ...EMPTY_ENTRY, tags: 'RAG, rag' });
    expect(check.ok ? {} : check.errors).toMatchObject({
      title: ENTRY_MESSAGES.title,
      tags: ENTRY_MESSAGES.tagTwice,
    });
    const ok = checkEntry('insight', { ...EMPTY_ENTRY, title: 'A', summary: 'B', body: 'C' });
    expect(ok.ok && 'slug' in ok.text).toBe(false);
  });
});
