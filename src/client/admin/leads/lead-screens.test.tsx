import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { LEAD_MESSAGES } from '#shared/lead-pipeline';
import type { Lead, TimelineEvent } from '#shared/shapes/leads';
import { EmailPreview, PREVIEW_DEBOUNCE_MS } from '../newsletters/email-preview';
import { renderReplyPreview } from '../newsletters/email-preview-render';
import { changedFields } from './lead-details-form';
import { isAnySending } from './lead-page';
import { LIST_SEARCH_DEBOUNCE_MS, ListSearchField } from '../ui/list-search-field';
import { LeadTimeline } from './lead-timeline';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const lead: Lead = {
  id: 7,
  email: 'ada@example.com',
  name: 'Ada',
  company: null,
  status: 'new',
  value: null,
  lostReason: null,
  source: 'Direct',
  createdAt: '2026-03-01T10:00:00.000Z',
  lastActivityAt: '2026-03-01T10:00:00.000Z',
  firstReplyAt: null,
  followUpAt: null,
  unread: 1,
  triage: null,
  buyer: null,
};
const unchanged = { status: 'new' as const, value: '', lostReason: '', followUpAt: '' };

describe('ListSearchField', () => {
  it('puts the text in the address once the typing pauses, trimmed', () => {
    const onChange = vi.fn();
    render(<ListSearchField q={undefined} onChange={onChange} />);
    const box = screen.getByRole('searchbox', { name: /Search name/ });
    fireEvent.change(box, { target: { value: 'ac' } });
    act(() => vi.advanceTimersByTime(LIST_SEARCH_DEBOUNCE_MS - 1));
    fireEvent.change(box, { target: { value: 'acme ' } });
    act(() => vi.advanceTimersByTime(LIST_SEARCH_DEBOUNCE_MS - 1));
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onChange.mock.calls).toEqual([['acme']]);
  });

  it('follows the address when Back changes it, without sending it back', () => {
    const onChange = vi.fn();
    const { rerender } = render(<ListSearchField q="acme" onChange={onChange} />);
    rerender(<ListSearchField q={undefined} onChange={onChange} />);
    expect(screen.getByRole('searchbox')).toHaveValue('');
    act(() => vi.advanceTimersByTime(LIST_SEARCH_DEBOUNCE_MS * 2));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('keeps what was typed while its own search reached the screen, then sends that too', () => {
    const onChange = vi.fn();
    const { rerender } = render(<ListSearchField q={undefined} onChange={onChange} />);
    const box = screen.getByRole('searchbox');
    fireEvent.change(box, { target: { value: 'ac' } });
    act(() => vi.advanceTimersByTime(LIST_SEARCH_DEBOUNCE_MS));
    expect(onChange.mock.calls).toEqual([['ac']]);
    // A letter more before the list's read answered and the screen drew `ac`.
    fireEvent.change(box, { target: { value: 'acm' } });
    rerender(<ListSearchField q="ac" onChange={onChange} />);
    expect(box).toHaveValue('acm');
    act(() => vi.advanceTimersByTime(LIST_SEARCH_DEBOUNCE_MS));
    expect(onChange.mock.calls).toEqual([['ac'], ['acm']]);
    // And Forward to the address it asked for earlier still moves the box.
    rerender(<ListSearchField q="acm" onChange={onChange} />);
    rerender(<ListSearchField q="ac" onChange={onChange} />);
    expect(box).toHaveValue('ac');
  });
});

describe('the lead form sends only what changed', () => {
  it('sends nothing when nothing changed', () => {
    expect(changedFields(lead, unchanged)).toEqual({ ok: true, data: {} });
  });

  it('sends a status and a number, blank as none; the server judges whole and in range', () => {
    expect(changedFields(lead, { ...unchanged, status: 'won', value: '12,000' })).toEqual({
      ok: true,
      data: { status: 'won', value: 12000 },
    });
    expect(changedFields(lead, { ...unchanged, value: '12.5' })).toEqual({
      ok: true,
      data: { value: 12.5 },
    });
    expect(changedFields({ ...lead, value: 5 }, { ...unchanged, value: ' ' })).toEqual({
      ok: true,
      data: { value: null },
    });
  });

  it('refuses a value that is no number with the shared message', () => {
    expect(changedFields(lead, { ...unchanged, value: 'lots' })).toEqual({
      ok: false,
      errors: { value: LEAD_MESSAGES.value },
    });
  });

  it('sends the follow-up date as typed and the reason blank as none', () => {
    expect(
      changedFields(
        { ...lead, lostReason: 'Budget' },
        { ...unchanged, followUpAt: '2026-04-07', lostReason: '  ' },
      ),
    ).toEqual({ ok: true, data: { followUpAt: '2026-04-07', lostReason: null } });
  });
});

describe('the lead page', () => {
  it('polls while a reply is sending, not for other entries', () => {
    const at = '2026-03-01T10:00:00.000Z';
    const base = { at, actor: 'alice', text: 'x' };
    expect(isAnySending([{ ...base, id: 1, kind: 'reply_sent', delivery: 'sent' }])).toBe(false);
    expect(isAnySending([{ ...base, id: 2, kind: 'reply_sent', delivery: 'sending' }])).toBe(true);
    expect(isAnySending([{ ...base, id: 3, kind: 'note' }])).toBe(false);
  });

  it('previews a reply with the newsletter preview, without an unsubscribe footer', () => {
    render(<EmailPreview subject="Re: Hello" body="**Thanks**" render={renderReplyPreview} />);
    act(() => vi.advanceTimersByTime(PREVIEW_DEBOUNCE_MS));
    const light = screen.getByTitle('E-mail preview, light scheme');
    expect(light.getAttribute('srcdoc')).toContain('<strong>Thanks</strong>');
    expect(light.getAttribute('srcdoc')).not.toMatch(/unsubscribe/i);
  });
});

describe('the lead timeline', () => {
  it('names the booking as what moved the status, and says where a moved call went', () => {
    const events: TimelineEvent[] = [
      {
        id: 1,
        at: '2026-03-01T10:00:00.000Z',
        kind: 'booking',
        actor: null,
        text: null,
        start: '2026-03-03T10:00:00.000Z',
      },
      {
        id: 2,
        at: '2026-03-01T10:00:00.000Z',
        kind: 'status_changed',
        actor: null,
        text: null,
        from: 'new',
        status: 'meeting',
      },
      {
        id: 3,
        at: '2026-03-02T09:00:00.000Z',
        kind: 'booking_rescheduled',
        actor: 'ada@example.com',
        text: null,
        start: '2026-03-04T15:00:00.000Z',
      },
    ];
    render(
      <LeadTimeline events={events} name="Ada" email="ada@example.com" onRetry={() => undefined} />,
    );
    const entries = screen.getAllByRole('listitem').map((item) => item.textContent ?? '');
    expect(entries[0]).toMatch(/^Call booked by Ada.*First for .*\(moved since, below\)$/);
    expect(entries[1]).toMatch(/^The booking changed the status from New to Meeting/);
    expect(entries[2]).toMatch(/^Call moved.*To Mar 4, 2026/);
    expect(screen.queryByText(/someone/)).toBeNull();
  });

  it('titles an answer from the lead by the name, one from another address by that address', () => {
    const at = '2026-03-02T09:00:00.000Z';
    const events: TimelineEvent[] = [
      { id: 1, at, kind: 'reply_received', actor: 'Ada@Example.com', text: 'Yes, Thursday.' },
      { id: 2, at, kind: 'reply_received', actor: 'cfo@example.com', text: 'Agreed.' },
    ];
    render(
      <LeadTimeline
        events={events}
        name="Ada Lovelace"
        email="ada@example.com"
        onRetry={() => undefined}
      />,
    );
    expect(
      screen.getAllByRole('listitem').map((item) => item.firstChild?.firstChild?.textContent),
    ).toEqual(['Answer from Ada Lovelace', 'Answer from cfo@example.com']);
  });

  it('titles a message written on the engagement page by its source, and a reply shown there', () => {
    const at = '2026-03-02T09:00:00.000Z';
    const events: TimelineEvent[] = [
      { id: 1, at, kind: 'reply_received', actor: null, text: 'Ready?', engagementId: 4 },
      { id: 2, at, kind: 'reply_sent', actor: 'dana', text: 'Yes.', engagementId: 4 },
      { id: 3, at, kind: 'reply_sent', actor: 'dana', text: 'By mail only.' },
    ];
    render(
      <LeadTimeline
        events={events}
        name="Ada Lovelace"
        email="ada@example.com"
        onRetry={() => undefined}
      />,
    );
    expect(
      screen.getAllByRole('listitem').map((item) => item.firstChild?.firstChild?.textContent),
    ).toEqual([
      'Message from Ada Lovelace on their engagement page',
      'Reply by dana, also on their engagement page',
      'Reply by dana',
    ]);
  });

  it('names the cancellation that handed a lead back to New', () => {
    const at = '2026-03-02T09:00:00.000Z';
    const events: TimelineEvent[] = [
      { id: 1, at, kind: 'booking_cancelled', actor: 'ada@example.com', text: null },
      {
        id: 2,
        at,
        kind: 'status_changed',
        actor: null,
        text: null,
        from: 'meeting',
        status: 'new',
      },
    ];
    render(
      <LeadTimeline events={events} name="Ada" email="ada@example.com" onRetry={() => undefined} />,
    );
    expect(screen.getAllByRole('listitem')[1]?.textContent).toMatch(
      /^The cancellation changed the status from Meeting to New/,
    );
  });

  it("writes a reply's Markdown as the mail showed it, never inserting HTML (issue 45, cosmetic 14)", () => {
    const text = [
      'We run **half-day workshops** and _talks_:',
      '',
      '- one [agenda](https://acme.example/agenda)',
      '- a [trap](javascript:alert(1)) <img src=x onerror=alert(1)>',
    ].join('\n');
    const events: TimelineEvent[] = [
      { id: 1, at: '2026-03-01T10:00:00.000Z', kind: 'reply_sent', actor: 'alice', text },
      {
        id: 2,
        at: '2026-03-01T11:00:00.000Z',
        kind: 'note',
        actor: 'alice',
        text: '**not** a reply',
      },
    ];
    render(
      <LeadTimeline events={events} name="Ada" email="ada@example.com" onRetry={() => undefined} />,
    );
    // The timeline's own entries (the reply's list has items of its own).
    const [reply, note] = [...screen.getByRole('list', { name: 'Timeline' }).children];
    expect(reply?.querySelector('strong')?.textContent).toBe('half-day workshops');
    expect(reply?.querySelector('em')?.textContent).toBe('talks');
    expect(reply?.textContent).not.toContain('**');
    const links = [...(reply?.querySelectorAll('a') ?? [])].map((a) => [
      a.textContent,
      a.getAttribute('href'),
    ]);
    expect(links).toEqual([['agenda', 'https://acme.example/agenda']]);
    // The refused link and the raw HTML stay text.
    expect(reply?.textContent).toContain('trap');
    expect(reply?.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(reply?.querySelector('img')).toBeNull();
    // A note is the administrator's own words, as typed.
    expect(note?.textContent).toContain('**not** a reply');
    expect(note?.querySelector('strong')).toBeNull();
  });
});
