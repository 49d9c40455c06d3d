/**
 * What asks for the owner (docs/admin-guide.md, "Leads"): the people who answered a reply
 * come first in the attention block, with how long they have waited, and the Leads link in the
 * navigation carries their number.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { Lead } from '#shared/shapes/leads';
import { fakeTrpcServer } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { AdminNav } from '../shell/admin-nav';
import { formatDate, formatDateTime } from '../ui/date-time';
import { AttentionBlock, type Attention } from './attention-block';
import { waitUntil } from '#tests/support/wait';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const NOW = new Date('2026-03-02T12:00:00.000Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000).toISOString();

const lead = (id: number, name: string, fields: Partial<Lead> = {}): Lead => ({
  id,
  email: `${name.toLowerCase()}@example.com`,
  name,
  company: null,
  status: 'replied',
  value: null,
  lostReason: null,
  source: 'Direct',
  createdAt: hoursAgo(48),
  lastActivityAt: hoursAgo(1),
  firstReplyAt: hoursAgo(40),
  followUpAt: null,
  unread: 1,
  triage: null,
  buyer: null,
  ...fields,
});

const none: Attention = { unanswered: [], answered: [], declined: [], followUps: [], stale: [] };

describe('the attention block', () => {
  it('shows the answers first, oldest first as the server sends them, with their wait', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const attention: Attention = {
      ...none,
      unanswered: [lead(3, 'Tom', { status: 'new', firstReplyAt: null })],
      answered: [
        lead(1, 'Helen', { lastActivityAt: hoursAgo(5) }),
        lead(2, 'Ravi', { lastActivityAt: hoursAgo(1) }),
      ],
    };
    renderAdmin(<AttentionBlock attention={attention} />);
    const groups = await screen.findAllByRole('list');
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual([
      'Answered, waiting for you',
      'Waiting for a first answer',
    ]);
    const answered = within(groups[0]!).getAllByRole('listitem');
    expect(answered.map((item) => item.textContent)).toEqual([
      'Helenwaiting 5 h',
      'Raviwaiting 1 h',
    ]);
    expect(screen.getByRole('heading', { name: 'Answered, waiting for you (2)' })).toBeVisible();
  });

  it('shows a follow-up set as a date by its day alone, one with a time with its time', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    // A date-only follow-up is stored as the start of its day in the site's zone (the page
    // names none here: the device's zone stands in).
    const dateOnly = new Date(2026, 2, 1).toISOString();
    const timed = new Date(2026, 2, 1, 9, 30).toISOString();
    renderAdmin(
      <AttentionBlock
        attention={{
          ...none,
          followUps: [
            lead(1, 'Helen', { followUpAt: dateOnly }),
            lead(2, 'Ravi', { followUpAt: timed }),
          ],
        }}
      />,
    );
    const items = within(await screen.findByRole('list', { name: 'Follow-ups due' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      `Helendue ${formatDate(dateOnly)}`,
      `Ravidue ${formatDateTime(timed)}`,
    ]);
    expect(formatDateTime(dateOnly)).not.toBe(formatDate(dateOnly));
  });

  it('says nothing waits only when no answer waits either', async () => {
    renderAdmin(<AttentionBlock attention={none} />);
    expect(await screen.findByText(/Nothing waiting/)).toBeVisible();
  });
});

describe('the Leads link', () => {
  const serve = (answered: Lead[]) =>
    fakeTrpcServer({
      'messages.unreadCount': () => ({ data: { unread: 0 } }),
      'leads.attention': () => ({ data: { ...none, answered } }),
    });

  it('carries the number of answers waiting, in its name and as a badge', async () => {
    serve([lead(1, 'Helen'), lead(2, 'Ravi')]);
    renderAdmin(<AdminNav />);
    const link = await screen.findByRole('link', { name: 'Leads, 2 answers waiting' });
    expect(link).toHaveTextContent('Leads2');
  });

  it('is plain when no answer waits', async () => {
    const server = serve([]);
    renderAdmin(<AdminNav />);
    await waitUntil(() => expect(server.calls.map((c) => c.path)).toContain('leads.attention'));
    expect(await screen.findByRole('link', { name: 'Leads' })).toHaveTextContent(/^Leads$/);
  });
});
