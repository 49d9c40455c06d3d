/**
 * Issue 45, cosmetic 17: the reply editor showed two large empty mail frames before anything
 * was typed. It shows one short line until there is text, then the preview.
 */
import { afterEach, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderAdmin } from '#tests/support/render-admin';
import { ReplyEditor } from './reply-editor';

afterEach(cleanup);

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
