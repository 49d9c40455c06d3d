/**
 * The Mail screen (docs/mail.md): the filter asks the server for that status, each mail shows
 * its kind, recipient, subject, tries, last error and times, and a failed one has a Retry.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OutboxMail } from '#shared/shapes/outbox';
import { fakeTrpcServer } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { toastQueue } from '#client/ui/toast';
import { MailPage } from './mail-page';
import type { MailSearch } from './search-params';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastQueue.clear();
});

const WAITING: OutboxMail = {
  id: 1,
  kind: 'code',
  to: 'owner@example.com',
  subject: 'Your sign-in code for Harbor',
  status: 'queued',
  attempts: 0,
  lastError: null,
  createdAt: '2026-01-15T10:00:00.000Z',
  sentAt: null,
  bounce: null,
};
const FAILED: OutboxMail = {
  ...WAITING,
  id: 2,
  kind: 'notice',
  to: 'team@example.com',
  subject: 'New contact message',
  status: 'failed',
  attempts: 6,
  lastError: '421 Service not available',
};

describe('MailPage', () => {
  it('shows the waiting mail, then the failed ones with their error, and retries one', async () => {
    let failed = [FAILED];
    const server = fakeTrpcServer({
      'outbox.list': (input) => {
        const { status } = input as { status: string };
        const mails = status === 'failed' ? failed : [WAITING];
        return { data: { mails, total: mails.length } };
      },
      'outbox.retry': () => {
        failed = [];
        return { data: {} };
      },
    });
    let search: MailSearch = {};
    const view = renderAdmin(<MailPage search={search} onSearch={(next) => (search = next)} />);
    expect(await screen.findByText('Your sign-in code for Harbor')).toBeVisible();
    expect(screen.getByText(/Sign-in code to/)).toHaveTextContent(
      'Sign-in code to owner@example.com',
    );
    expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Waiting' })).toHaveAttribute('aria-pressed', 'true');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Failed' }));
    expect(search).toEqual({ status: 'failed' });
    view.unmount();
    renderAdmin(<MailPage search={search} onSearch={(next) => (search = next)} />);
    expect(await screen.findByText('Last error: 421 Service not available')).toBeVisible();
    expect(screen.getByText(/6 tries/)).toBeVisible();
    await user.click(
      screen.getByRole('button', { name: 'Retry “New contact message” to team@example.com' }),
    );
    await waitFor(() =>
      expect(server.callsTo('outbox.retry').map((c) => c.input)).toEqual([{ id: 2 }]),
    );
    expect(await screen.findByText('No mail has failed.')).toBeVisible();
    expect(server.callsTo('outbox.list').map((c) => c.input)).toContainEqual({
      status: 'failed',
      page: 1,
    });
  });

  it('shows a sent mail that bounced as bounced, with the report’s words, not as a plain sent one', async () => {
    const bounced: OutboxMail = {
      ...WAITING,
      id: 3,
      kind: 'newsletter',
      to: 'gone@example.com',
      subject: 'Spring news',
      status: 'sent',
      attempts: 1,
      sentAt: '2026-01-15T10:01:00.000Z',
      bounce: { kind: 'hard', detail: '5.1.1 no such user', at: '2026-01-15T11:00:00.000Z' },
    };
    fakeTrpcServer({
      'outbox.list': () => ({ data: { mails: [bounced], total: 1 } }),
    });
    renderAdmin(<MailPage search={{ status: 'sent' }} onSearch={() => {}} />);
    expect(await screen.findByText('Spring news')).toBeVisible();
    expect(screen.getByText(/1 try/)).toHaveTextContent(/· bounced/);
    expect(screen.getByText('Hard bounce: 5.1.1 no such user')).toBeVisible();
  });
});
