import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Lead, LeadTriage } from '#shared/shapes/leads';
import { toastQueue } from '#client/ui/toast';
import { fakeTrpcServer, refusal, type Handler } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { LeadPage } from './lead-page';
import { LeadsPage } from './leads-page';
import { DataTable } from '../ui/list-table';
import { leadsTable } from './leads-table';
import { leadSearchSchema, type LeadSearch } from './search-params';
import { TRIAGE_WAIT_MS } from './triage-block';
import { TriageFilter } from './triage-filter';
import { firstLine } from './triage-label';
import { AI_OFF_NOTE } from '../ui/ai-off';
import { waitUntil } from '#tests/support/wait';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastQueue.clear();
});

const reading = (over: Partial<LeadTriage> = {}): LeadTriage => ({
  label: 'spam',
  reason: 'Sells backlinks.',
  summary: 'Offers <b>cheap</b> backlinks.\nSecond line.',
  at: '2026-03-01T10:05:00.000Z',
  model: 'llama3.2',
  ...over,
});

function lead(id: number, name: string, triage: LeadTriage | null): Lead {
  return {
    id,
    email: `${name.toLowerCase()}@example.com`,
    name,
    company: null,
    status: 'new',
    value: null,
    lostReason: null,
    source: 'Direct',
    createdAt: '2026-03-01T10:00:00.000Z',
    lastActivityAt: '2026-03-01T10:00:00.000Z',
    firstReplyAt: null,
    followUpAt: null,
    unread: 0,
    triage,
    buyer: null,
  };
}

const usage = (enabled: boolean) => ({
  data: {
    enabled,
    provider: enabled ? 'openai-compatible' : null,
    model: enabled ? 'llama3.2' : null,
    month: { inputTokens: 0, outputTokens: 0, limit: 2_000_000 },
  },
});
const noCounts = { new: 0, replied: 0, meeting: 0, proposal: 0, won: 0, lost: 0 };
const noAttention = { unanswered: [], answered: [], declined: [], followUps: [], stale: [] };

describe('the triage filter in the address', () => {
  it('keeps one of the four labels and drops anything else', () => {
    expect(leadSearchSchema.parse({ triage: 'spam', status: 'new' })).toEqual({
      triage: 'spam',
      status: 'new',
    });
    expect(leadSearchSchema.parse({ triage: 'Spam' })).toEqual({});
    expect(leadSearchSchema.parse({ triage: 'won' })).toEqual({});
  });

  it('offers All and the four labels, arrow keys moving between them', async () => {
    const onChange = vi.fn();
    render(<TriageFilter label={undefined} onChange={onChange} />);
    const group = screen.getByRole('radiogroup', { name: 'Triage' });
    const choices = within(group).getAllByRole('radio');
    expect(choices.map((c) => c.textContent)).toEqual([
      'All',
      'Genuine',
      'Pitch',
      'Spam',
      'Unsure',
    ]);
    expect(choices[0]).toBeChecked();
    await userEvent.tab();
    expect(choices[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight} ');
    expect(onChange.mock.calls).toEqual([['pitch']]);
  });
});

describe('the leads table', () => {
  const leads = [lead(1, 'Spammer', reading()), lead(2, 'Ada', null)];

  it('with AI on: the label in words beside the name and the summary’s first line', async () => {
    renderAdmin(
      <DataTable
        rows={leads}
        isBusy={false}
        {...leadsTable({ status: undefined, triage: 'spam', showTriage: true })}
      />,
    );
    expect(
      await screen.findByRole('table', { name: 'Leads labelled Spam, latest activity first' }),
    ).toBeVisible();
    const [, first, second] = screen.getAllByRole('row');
    // The colour only repeats the word, and a screen reader hears what the word is about.
    expect(within(first!).getByText('Spam').closest('span.rounded-full')).toHaveTextContent(
      'Triage: Spam',
    );
    expect(within(first!).getByText('Offers <b>cheap</b> backlinks.')).toBeVisible();
    expect(within(first!).queryByText(/Second line/)).toBeNull();
    expect(within(second!).queryByText(/Triage/)).toBeNull();
  });

  it('without AI: no label and no summary, whatever the lead holds', async () => {
    renderAdmin(<DataTable rows={leads} isBusy={false} {...leadsTable({ status: undefined })} />);
    expect(
      await screen.findByRole('table', { name: 'Leads, latest activity first' }),
    ).toBeVisible();
    expect(screen.queryByText(/^Spam$|Offers/)).toBeNull();
  });

  it('takes the first line that is not blank', () => {
    expect(firstLine('\n  \n  Wants a RAG audit.  \nBudget 10k')).toBe('Wants a RAG audit.');
    expect(firstLine('')).toBe('');
  });
});

function leadsServer(enabled: boolean) {
  return fakeTrpcServer({
    'ai.usage': () => usage(enabled),
    'leads.list': () => ({
      data: {
        leads: [lead(1, 'Spammer', reading())],
        total: 1,
        counts: { ...noCounts, new: 1 },
        page: 1,
        pageSize: 25,
      },
    }),
    'leads.attention': () => ({ data: noAttention }),
    'leads.mailbox': () => ({ data: { mailbox: null } }),
  });
}

describe('the Leads screen', () => {
  it('without AI shows no triage filter and no label', async () => {
    leadsServer(false);
    renderAdmin(<LeadsPage search={{}} onSearch={vi.fn()} />);
    expect(await screen.findByRole('link', { name: 'Spammer' })).toBeVisible();
    expect(screen.queryByRole('radiogroup', { name: 'Triage' })).toBeNull();
    expect(screen.queryByText('Spam')).toBeNull();
  });

  it('with AI asks the list for the label chosen and keeps the other filters', async () => {
    const server = leadsServer(true);
    const onSearch = vi.fn<(search: LeadSearch) => void>();
    renderAdmin(<LeadsPage search={{ status: 'new', triage: 'spam' }} onSearch={onSearch} />);
    const group = await screen.findByRole('radiogroup', { name: 'Triage' });
    expect(within(group).getByRole('radio', { name: 'Spam' })).toBeChecked();
    expect(screen.getByText('Spam', { selector: 'span.rounded-full *, span.rounded-full' }));
    await waitUntil(() =>
      expect(server.callsTo('leads.list').at(-1)?.input).toMatchObject({ triage: 'spam' }),
    );
    await userEvent.click(within(group).getByRole('radio', { name: 'Genuine' }));
    expect(onSearch.mock.calls.at(-1)?.[0]).toEqual({
      q: undefined,
      status: 'new',
      triage: 'genuine',
    });
  });
});

function leadServer(initial: LeadTriage | null, enabled = true) {
  let triage = initial;
  let afterAsk: LeadTriage | null = null;
  const handlers: Record<string, Handler> = {
    'ai.usage': () => usage(enabled),
    'leads.get': () => ({
      data: { lead: lead(7, 'Ada', triage), timeline: [], suppressed: null },
    }),
    'leads.update': (input) => {
      const label = (input as { data: { triageLabel: LeadTriage['label'] } }).data.triageLabel;
      triage = reading({
        label,
        reason: 'Changed by hand.',
        model: 'manual',
        at: new Date().toISOString(),
      });
      return { data: lead(7, 'Ada', triage) };
    },
    'leads.triage': () => {
      // The reading arrives after the 202: the second read of the lead after it has it.
      let reads = 0;
      const read = server.handlers['leads.get']!;
      server.handlers['leads.get'] = (input) => {
        reads += 1;
        if (reads === 2 && afterAsk) triage = afterAsk;
        return read(input);
      };
      return { data: { success: true } };
    },
    'leads.mailbox': () => ({ data: { mailbox: null } }),
    // The lead's page lists its proposals, invoices, calls and engagement too.
    'proposals.ofLead': () => ({ data: { proposals: [] } }),
    'invoices.list': () => ({ data: { invoices: [], total: 0, page: 1, pageSize: 25 } }),
    'callNotes.list': () => ({ data: { calls: [], callNotes: [] } }),
    'engagements.ofLead': () => ({ data: null }),
  };
  const server = fakeTrpcServer(handlers);
  return {
    server,
    answerAskWith: (next: LeadTriage) => {
      afterAsk = next;
    },
  };
}

const toastTitles = () => toastQueue.visibleToasts.map((t) => t.content.title);

describe('the lead page’s Triage block', () => {
  it('without AI shows no reading, even for a lead read before: the note that AI is off and how to turn it on', async () => {
    leadServer(reading(), false);
    renderAdmin(<LeadPage idParam="7" />);
    expect(await screen.findByRole('heading', { name: 'Ada', level: 1 })).toBeVisible();
    const block = await screen.findByRole('region', { name: 'Triage' });
    expect(block).toHaveTextContent(AI_OFF_NOTE);
    expect(within(block).queryByText('Sells backlinks.')).toBeNull();
    expect(within(block).queryByRole('button')).toBeNull();
  });

  it('shows the label, reason, summary as plain text, the model and when', async () => {
    leadServer(reading({ summary: '<img src=x onerror=alert(1)>\nLine two' }));
    renderAdmin(<LeadPage idParam="7" />);
    const block = await screen.findByRole('region', { name: 'Triage' });
    expect(within(block).getByText('Sells backlinks.')).toBeVisible();
    const summary = within(block).getByText(/<img src=x onerror=alert\(1\)>/);
    expect(summary.textContent).toBe('<img src=x onerror=alert(1)>\nLine two');
    expect(block.querySelector('img')).toBeNull();
    expect(within(block).getByText(/Read by llama3\.2/)).toBeVisible();
    expect(within(block).getByRole('radio', { name: 'Spam' })).toBeChecked();
  });

  it('saves a label chosen by keyboard with PATCH triageLabel, with a toast', async () => {
    const { server } = leadServer(reading({ label: 'unsure' }));
    renderAdmin(<LeadPage idParam="7" />);
    const block = await screen.findByRole('region', { name: 'Triage' });
    const save = within(block).getByRole('button', { name: 'Save label' });
    expect(save).toBeDisabled();
    await userEvent.click(within(block).getByRole('radio', { name: 'Unsure' }));
    await userEvent.keyboard('{ArrowLeft}');
    expect(within(block).getByRole('radio', { name: 'Spam' })).toBeChecked();
    await userEvent.click(save);
    await waitUntil(() => expect(toastTitles()).toContain('Triage label saved'));
    expect(server.callsTo('leads.update')[0]?.input).toEqual({
      id: 7,
      data: { triageLabel: 'spam' },
    });
    expect(await within(block).findByText(/Set by hand/)).toBeVisible();
  });

  it('says when nothing was read yet, and "Ask again" reads the lead until the reading comes', async () => {
    const { server, answerAskWith } = leadServer(null);
    answerAskWith(reading({ label: 'genuine', reason: 'Wants an audit.' }));
    renderAdmin(<LeadPage idParam="7" />);
    const block = await screen.findByRole('region', { name: 'Triage' });
    expect(within(block).getByText('Not triaged yet.')).toBeVisible();
    await userEvent.click(within(block).getByRole('button', { name: 'Ask again' }));
    expect(await within(block).findByText('Wants an audit.')).toBeVisible();
    expect(server.callsTo('leads.triage')).toHaveLength(1);
    expect(toastTitles()).toContain('Asking the model again');
    // Once the reading came, the page no longer waits (nor reads the lead on a timer).
    expect(within(block).getByRole('status')).toHaveTextContent('');
    expect(within(block).getByRole('button', { name: 'Ask again' })).not.toHaveAttribute(
      'aria-disabled',
    );
  });

  it('stops reading the lead again when no reading comes within TRIAGE_WAIT_MS, and says so', async () => {
    // The clock runs on by itself (the screen's reads go on) and can be moved on at once.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { server } = leadServer(null);
      renderAdmin(<LeadPage idParam="7" />);
      const block = await screen.findByRole('region', { name: 'Triage' });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.click(within(block).getByRole('button', { name: 'Ask again' }));
      await waitUntil(() =>
        expect(within(block).getByRole('status')).toHaveTextContent(/Waiting for the model/),
      );
      await act(() => vi.advanceTimersByTimeAsync(TRIAGE_WAIT_MS));
      expect(within(block).getByRole('status')).toHaveTextContent(/No new reading yet/);
      const reads = server.callsTo('leads.get').length;
      expect(reads).toBeGreaterThan(2);
      await act(() => vi.advanceTimersByTimeAsync(TRIAGE_WAIT_MS));
      expect(server.callsTo('leads.get')).toHaveLength(reads);
    } finally {
      vi.useRealTimers();
    }
  });

  it('names a refusal (the month’s limit) in a toast', async () => {
    const { server } = leadServer(null);
    server.handlers['leads.triage'] = () =>
      refusal('TOO_MANY_REQUESTS', 429, 'The AI limit for this month is reached.');
    renderAdmin(<LeadPage idParam="7" />);
    const block = await screen.findByRole('region', { name: 'Triage' });
    await userEvent.click(within(block).getByRole('button', { name: 'Ask again' }));
    await waitUntil(() =>
      expect(toastQueue.visibleToasts[0]?.content.description).toBe(
        'Could not ask the model: The AI limit for this month is reached.',
      ),
    );
    expect(within(block).getByText('Not triaged yet.')).toBeVisible();
  });
});
