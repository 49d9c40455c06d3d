import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toastQueue } from '#client/ui/toast';
import { fakeTrpcServer, refusal } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { AI_OFF_NOTE } from '../ui/ai-off';
import { AssistantSection } from './assistant-card';
import { waitUntil } from '#tests/support/wait';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastQueue.clear();
});

const usage = (enabled: boolean) => ({
  data: {
    enabled,
    provider: enabled ? 'openai-compatible' : null,
    model: enabled ? 'fake-model' : null,
    month: { inputTokens: 0, outputTokens: 0, limit: 1_000_000 },
  },
});

const SWITCH = { name: 'Answer visitors’ questions from the site’s words' };

describe('the site assistant’s switch on the Content screen', () => {
  it('without AI: no switch, its setting never read, a note that AI is off and how to turn it on', async () => {
    const server = fakeTrpcServer({ 'ai.usage': () => usage(false) });
    renderAdmin(<AssistantSection />);
    const card = await screen.findByRole('region', { name: 'Site assistant' });
    expect(card).toHaveTextContent(AI_OFF_NOTE);
    expect(screen.queryByRole('switch')).toBeNull();
    expect(server.callsTo('assistant.settings')).toEqual([]);
  });

  it('turns it on by keyboard, saved at once, and says so', async () => {
    const server = fakeTrpcServer({
      'ai.usage': () => usage(true),
      'assistant.settings': () => ({ data: { success: true, enabled: false } }),
      'assistant.saveSettings': (input) => ({
        data: { success: true, enabled: (input as { enabled: boolean }).enabled },
      }),
    });
    renderAdmin(<AssistantSection />);
    const toggle = await screen.findByRole('switch', SWITCH);
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription('Off: nothing of it is on the site.');
    const user = userEvent.setup();
    // The Overview link in the card's words first, then the switch.
    await user.tab();
    await user.tab();
    expect(toggle).toHaveFocus();
    await user.keyboard(' ');
    await waitUntil(() => expect(toggle).toBeChecked());
    expect(toggle).toHaveAccessibleDescription(
      'On: visitors see "Ask a question" on the home page.',
    );
    expect(toggle).toHaveFocus();
    expect(server.callsTo('assistant.saveSettings').map((call) => call.input)).toEqual([
      { enabled: true },
    ]);
    expect(toastQueue.visibleToasts.map((toast) => toast.content.title)).toEqual([
      'Site assistant on',
    ]);
  });

  it('shows the server’s refusal and stays off', async () => {
    fakeTrpcServer({
      'ai.usage': () => usage(true),
      'assistant.settings': () => ({ data: { success: true, enabled: false } }),
      'assistant.saveSettings': () => refusal('CONFLICT', 409, 'AI is not set up.'),
    });
    renderAdmin(<AssistantSection />);
    const toggle = await screen.findByRole('switch', SWITCH);
    await userEvent.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent('AI is not set up.');
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription('Off: nothing of it is on the site.');
  });
});
