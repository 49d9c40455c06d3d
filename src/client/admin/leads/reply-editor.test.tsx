/**
 * Issue 45, cosmetic 17: the reply editor showed two large empty mail frames before anything
 * was typed. It shows one short line until there is text, then the preview.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAdmin } from '#tests/support/render-admin';
import { fakeTrpcServer } from '#tests/support/trpc-fetch';
import { toastQueue } from '#client/ui/toast';
import { formatDate } from '../ui/date-time';
import { ReplyEditor } from './reply-editor';

afterEach(() => {
  cleanup();
  toastQueue.clear();
});

const frames = () => screen.queryAllByTitle(/^E-mail preview/);

it('shows one short line and no mail frame until the reply has text', async () => {
  renderAdmin(<ReplyEditor leadId={7} email="ada@example.com" />);
  const reply = await screen.findByRole('textbox', { name: 'Reply (Markdown)' });
  expect(screen.getByText('The preview appears as you write.')).toBeInTheDocument();
  expect(frames()).toEqual([]);

  // Spaces alone are not yet a reply.
  fireEvent.change(reply, { target: { value: '   ' } });
  expect(frames()).toEqual([]);

  fireEvent.change(reply, { target: { value: 'Hello **Ada**' } });
  expect(frames().map((frame) => frame.getAttribute('title'))).toEqual([
    'E-mail preview, light scheme',
    'E-mail preview, dark scheme',
  ]);
  expect(screen.queryByText('The preview appears as you write.')).toBeNull();
  expect(frames()[0]?.getAttribute('srcdoc')).toContain('<strong>Ada</strong>');

  fireEvent.change(reply, { target: { value: '' } });
  expect(frames()).toEqual([]);
});

/**
 * Issue 46: a reply to an address on the suppression list says so, and asks "Send anyway?"
 * before it goes; confirmed, it goes as any reply does.
 */
describe('to a suppressed address', () => {
  afterEach(() => vi.unstubAllGlobals());

  const suppressed = { reason: 'hard_bounce', at: '2026-11-26T09:30:00.000Z' } as const;
  const sentence = `Mail to this address bounced (hard bounce, ${formatDate(suppressed.at)}).`;

  it('warns, asks before sending, and sends when confirmed', async () => {
    const server = fakeTrpcServer({
      'leads.reply': () => ({
        data: { id: 9, at: suppressed.at, kind: 'reply_sent', actor: 'admin', text: 'Hi' },
      }),
    });
    const user = userEvent.setup();
    renderAdmin(<ReplyEditor leadId={7} email="ada@example.com" suppressed={suppressed} />);
    expect(
      await screen.findByText(`${sentence} A reply still goes if you confirm it.`),
    ).toBeVisible();

    await user.type(screen.getByRole('textbox', { name: 'Reply (Markdown)' }), 'Hello Ada');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Send anyway?' });
    expect(dialog).toHaveAccessibleDescription(`${sentence} Send anyway?`);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.callsTo('leads.reply')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Send anyway' }),
    );
    await waitFor(() =>
      expect(server.callsTo('leads.reply').map((call) => call.input)).toEqual([
        { id: 7, text: 'Hello Ada' },
      ]),
    );
  });

  it('sends at once, with no warning, to an address not on the list', async () => {
    const server = fakeTrpcServer({
      'leads.reply': () => ({
        data: { id: 9, at: suppressed.at, kind: 'reply_sent', actor: 'admin', text: 'Hi' },
      }),
    });
    const user = userEvent.setup();
    renderAdmin(<ReplyEditor leadId={7} email="ada@example.com" suppressed={null} />);
    await user.type(await screen.findByRole('textbox', { name: 'Reply (Markdown)' }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(server.callsTo('leads.reply')).toHaveLength(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByText(/bounced/)).toBeNull();
  });
});
