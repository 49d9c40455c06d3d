/**
 * The Suppressed screen (docs/admin-guide.md, "Suppressed"): the list with each reason in
 * words, its detail and date; search kept in the address; Add with the field's 400 at the
 * field; Remove asked first. Its structure passes axe (headings, the table's caption, names).
 */
import axe from 'axe-core';
import { afterEach, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '#shared/messages';
import type { SuppressionEntry } from '#shared/shapes/suppressions';
import { fakeTrpcServer, invalidInput } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { toastQueue } from '#client/ui/toast';
import { formatDateTime } from '../ui/date-time';
import { SuppressionsPage } from './suppressions-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastQueue.clear();
});

const ENTRIES: SuppressionEntry[] = [
  {
    email: 'gone@example.com',
    reason: 'hard_bounce',
    detail: '5.1.1 user unknown',
    at: '2026-11-26T09:30:00.000Z',
  },
  {
    email: 'tired@example.com',
    reason: 'soft_bounces',
    detail: '4.2.2 mailbox full',
    at: '2026-11-25T08:00:00.000Z',
  },
  {
    email: 'angry@example.com',
    reason: 'complaint',
    detail: 'abuse report',
    at: '2026-11-24T08:00:00.000Z',
  },
  {
    email: 'asked@example.com',
    reason: 'manual',
    detail: 'added by admin',
    at: '2026-11-23T08:00:00.000Z',
  },
];

interface Held {
  id: number;
  source: 'mailbox';
  email: string;
  reason: string;
  at: string;
  text: string;
}

function serve(unreadable: Held[] = [], unverified: Held[] = []) {
  let entries = [...ENTRIES];
  return fakeTrpcServer({
    'mailReports.unreadable': () => ({
      data: { reports: unreadable, total: unreadable.length, page: 1 },
    }),
    'mailReports.unverified': () => ({
      data: { reports: unverified, total: unverified.length, page: 1 },
    }),
    'suppressions.list': () => ({
      data: { suppressions: entries, total: entries.length, page: 1 },
    }),
    'suppressions.add': (input) => {
      const { email } = input as { email: string };
      // The server's rule wants a dot in the domain; the browser's type=email does not.
      if (!/@.+\./.test(email)) return invalidInput([{ path: 'email', message: MESSAGES.email }]);
      const added = { email, reason: 'manual', detail: 'added by admin', at: ENTRIES[0]!.at };
      entries = [added as SuppressionEntry, ...entries];
      return { data: { suppression: added, added: true } };
    },
    'suppressions.remove': (input) => {
      entries = entries.filter((e) => e.email !== (input as { email: string }).email);
      return { data: { success: true } };
    },
  });
}

it('lists each address with its reason in words, detail and date, under a captioned table', async () => {
  serve();
  const { container } = renderAdmin(<SuppressionsPage search={{}} onSearch={() => {}} />);
  const table = await screen.findByRole('table', { name: 'Suppressed addresses, newest first' });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.firstChild?.textContent)).toEqual([
    'Hard bounce',
    'Repeated soft bounces',
    'Complaint',
    'Added by hand',
  ]);
  expect(within(rows[0]!).getAllByText('5.1.1 user unknown').length).toBeGreaterThan(0);
  expect(within(rows[0]!).getAllByText(formatDateTime(ENTRIES[0]!.at)).length).toBeGreaterThan(0);
  expect(screen.getByRole('heading', { level: 1, name: 'Suppressed addresses' })).toBeVisible();
  expect(screen.getByRole('heading', { level: 2, name: 'Add an address' })).toBeVisible();

  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.passes.length).toBeGreaterThan(0);
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

it('searches by address, the text kept in the address bar', async () => {
  serve();
  const onSearch = vi.fn();
  const user = userEvent.setup();
  renderAdmin(<SuppressionsPage search={{}} onSearch={onSearch} />);
  await user.type(await screen.findByRole('searchbox', { name: 'Search by address' }), 'gone');
  await waitFor(() => expect(onSearch).toHaveBeenLastCalledWith({ q: 'gone' }, { replace: true }));
});

it('adds an address by hand, and shows a malformed one at its field', async () => {
  const server = serve();
  const user = userEvent.setup();
  renderAdmin(<SuppressionsPage search={{}} onSearch={() => {}} />);
  const field = await screen.findByRole('textbox', { name: /E-mail address/ });
  await user.type(field, 'nope@localhost');
  await user.click(screen.getByRole('button', { name: 'Add' }));
  expect(await screen.findByText(MESSAGES.email)).toBeVisible();
  expect(field).toBeInvalid();

  await user.clear(field);
  await user.type(field, 'new@example.com');
  await user.click(screen.getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(field).toHaveValue(''));
  expect(server.callsTo('suppressions.add').map((call) => call.input)).toEqual([
    { email: 'nope@localhost' },
    { email: 'new@example.com' },
  ]);
  expect(await screen.findByRole('button', { name: 'Remove new@example.com' })).toBeVisible();
});

it('removes an address only once the dialog is confirmed', async () => {
  const server = serve();
  const user = userEvent.setup();
  renderAdmin(<SuppressionsPage search={{}} onSearch={() => {}} />);
  await user.click(await screen.findByRole('button', { name: 'Remove gone@example.com' }));
  let dialog = await screen.findByRole('alertdialog', { name: 'Remove from the list' });
  expect(dialog).toHaveTextContent('gone@example.com (Hard bounce)');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(server.callsTo('suppressions.remove')).toEqual([]);

  await user.click(screen.getByRole('button', { name: 'Remove gone@example.com' }));
  dialog = await screen.findByRole('alertdialog', { name: 'Remove from the list' });
  await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
  await waitFor(() =>
    expect(server.callsTo('suppressions.remove').map((call) => call.input)).toEqual([
      { email: 'gone@example.com' },
    ]),
  );
  await waitFor(() =>
    expect(screen.queryByRole('button', { name: 'Remove gone@example.com' })).toBeNull(),
  );
});

it('shows the reports that could not be read, each opened on demand, only when there are some', async () => {
  const report = {
    id: 7,
    source: 'mailbox' as const,
    email: '',
    reason: 'the delivery status names no recipient',
    at: '2026-11-26T09:00:00.000Z',
    text: 'Subject: Undelivered Mail Returned to Sender',
  };
  serve([report]);
  const user = userEvent.setup();
  renderAdmin(<SuppressionsPage search={{}} onSearch={() => {}} />);
  const section = await screen.findByRole('region', { name: 'Reports that could not be read (1)' });
  const summary = within(section).getByText(/the delivery status names no recipient/);
  expect(within(section).getByText(report.text)).not.toBeVisible();
  await user.click(summary);
  expect(within(section).getByText(report.text)).toBeVisible();
});

it('lists the reports that proved no mail the site sent, with the address each names, apart from the unreadable', async () => {
  const report = {
    id: 9,
    source: 'mailbox' as const,
    email: 'reader@example.org',
    reason: 'hard bounce: 5.1.1',
    at: '2026-11-26T09:00:00.000Z',
    text: 'Subject: Undelivered Mail Returned to Sender',
  };
  serve([], [report]);
  renderAdmin(<SuppressionsPage search={{}} onSearch={() => {}} />);
  const section = await screen.findByRole('region', {
    name: 'Reports that could not be checked (1)',
  });
  expect(within(section).getByText(/reader@example\.org, hard bounce: 5\.1\.1/)).toBeVisible();
  expect(within(section).getByText(/anyone could have written them/)).toBeVisible();
  expect(screen.queryByRole('region', { name: /could not be read/ })).toBeNull();
});

it('says nothing of unreadable reports when there are none', async () => {
  const server = serve();
  renderAdmin(<SuppressionsPage search={{}} onSearch={() => {}} />);
  await screen.findByRole('table', { name: 'Suppressed addresses, newest first' });
  // Answered in the batch that drew the table: its answer is in.
  expect(server.callsTo('mailReports.unreadable')).toHaveLength(1);
  expect(screen.queryByRole('region', { name: /could not be read/ })).toBeNull();
});
