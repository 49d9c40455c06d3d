import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { fakeTrpcServer } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { AssistantCountsSection } from './assistant-counts-card';
import { waitUntil } from '#tests/support/wait';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const usage = (enabled: boolean) => ({
  data: {
    enabled,
    provider: enabled ? 'openai-compatible' : null,
    model: enabled ? 'fake-model' : null,
    month: { inputTokens: 0, outputTokens: 0, limit: 1_000_000 },
  },
});

const RANGE = { from: '2026-01-01', to: '2026-01-30' };

describe('the site assistant’s counts on the Overview', () => {
  it('gives the range’s questions, answers and handoffs with AI set up', async () => {
    const server = fakeTrpcServer({
      'ai.usage': () => usage(true),
      'assistant.counts': () => ({
        data: { success: true, ...RANGE, questions: 1234, answered: 1100, handedOff: 7 },
      }),
    });
    renderAdmin(<AssistantCountsSection range={RANGE} />);
    const card = await screen.findByRole('region', { name: 'Site assistant' });
    const figures = await within(card).findAllByRole('definition');
    expect(
      within(card)
        .getAllByRole('term')
        .map((term, i) => `${term.textContent}: ${figures[i]?.textContent}`),
    ).toEqual(['Questions: 1,234', 'Answered: 1,100', 'Handed off: 7']);
    expect(server.callsTo('assistant.counts').map((call) => call.input)).toEqual([RANGE]);
    expect(within(card).getByRole('link', { name: 'Content' })).toHaveAttribute(
      'href',
      '/admin/content',
    );
  });

  it('is not on the Overview without AI, and the counts are never read', async () => {
    const server = fakeTrpcServer({ 'ai.usage': () => usage(false) });
    const { queryClient } = renderAdmin(<AssistantCountsSection range={RANGE} />);
    await waitUntil(() => {
      expect(server.callsTo('ai.usage')).toHaveLength(1);
      expect(queryClient.isFetching()).toBe(0);
    });
    expect(document.body.textContent).toBe('');
    expect(server.callsTo('assistant.counts')).toEqual([]);
  });
});
