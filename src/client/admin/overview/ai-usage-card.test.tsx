import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { fakeTrpcServer } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { AI_OFF_NOTE } from '../ui/ai-off';
import { AiUsageCard, AiUsageSection, type AiUsage } from './ai-usage-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const usage = (inputTokens: number, outputTokens: number, limit = 2_000_000): AiUsage => ({
  enabled: true,
  provider: 'openai-compatible',
  model: 'llama3.2',
  month: { inputTokens, outputTokens, limit },
});

describe('AI use this month', () => {
  it('gives input plus output against the limit, as a named meter with its value in words', () => {
    render(<AiUsageCard usage={usage(40_000, 10_000)} />);
    const meter = screen.getByRole('meter', { name: 'AI use this month' });
    expect(meter).toHaveAttribute('aria-valuenow', '50000');
    expect(meter).toHaveAttribute('aria-valuemax', '2000000');
    expect(meter).toHaveAttribute('aria-valuetext', '50,000 of 2,000,000 tokens (2.5%)');
    expect(screen.getByText('Model: llama3.2')).toBeVisible();
    expect(screen.queryByText(/limit for this month is reached/)).toBeNull();
  });

  it('says in a plain line when the limit is reached, the meter full and no further', () => {
    render(<AiUsageCard usage={usage(1_900_000, 150_000)} />);
    const meter = screen.getByRole('meter', { name: 'AI use this month' });
    expect(meter).toHaveAttribute('aria-valuenow', '2000000');
    expect(meter).toHaveAttribute('aria-valuetext', '2,050,000 of 2,000,000 tokens (100%)');
    expect(screen.getByText(/The limit for this month is reached/)).toBeVisible();
  });

  it('without a model, says on the Overview that AI is off and how to turn it on', async () => {
    fakeTrpcServer({
      'ai.usage': () => ({
        data: { ...usage(0, 0), enabled: false, provider: null, model: null },
      }),
    });
    renderAdmin(<AiUsageSection />);
    const card = await screen.findByRole('region', { name: 'AI features' });
    expect(card).toHaveTextContent(AI_OFF_NOTE);
    expect(card).toHaveTextContent('AI_PROVIDER');
    expect(screen.queryByRole('meter')).toBeNull();
  });

  it('is on the Overview with one', async () => {
    fakeTrpcServer({ 'ai.usage': () => ({ data: usage(1, 2) }) });
    renderAdmin(<AiUsageSection />);
    expect(await screen.findByRole('region', { name: 'AI use this month' })).toBeVisible();
  });
});
