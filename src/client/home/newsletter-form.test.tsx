import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastQueue } from '#client/ui/toast';
import { Toaster } from '#client/ui/toaster';
import { toastShown } from '#tests/support/code-loads';
import NewsletterForm from './newsletter-form';

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];
const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();

function answer(body: unknown, status = 200) {
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

function renderForm() {
  render(
    <>
      <NewsletterForm />
      <Toaster />
    </>,
  );
  return userEvent.setup();
}

const field = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Email address' });

async function subscribe(user: ReturnType<typeof userEvent.setup>, address: string) {
  await user.click(field());
  await user.paste(address);
  await user.click(screen.getByRole('button', { name: 'Subscribe' }));
}

describe('NewsletterForm', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    toastQueue.clear();
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('after a sign-up says where the link went, in the form’s place, until asked for the form', async () => {
    const user = renderForm();
    answer({ result: { data: { success: true } } });
    await subscribe(user, '  reader@example.com ');

    // The toast fades; the inbox state stays, announced, and holds the focus the button had.
    // The toast's region is code of its own: waited for itself, then the toast (issue 71).
    await toastShown('Almost there!');
    const inbox = screen.getByRole('status');
    expect(inbox).toHaveTextContent(
      'Check your inboxWe sent a confirmation link to reader@example.com. Open it to confirm your subscription.',
    );
    expect(document.activeElement).toBe(inbox);
    // The address wraps whole to its own line, and is cut only if longer than a line: never
    // broken mid-word where it would have fitted (`break-all` did).
    const address = within(inbox).getByText('reader@example.com');
    expect(address).not.toHaveClass('break-all');
    expect(address).toHaveClass('[overflow-wrap:anywhere]');
    expect(screen.queryByRole('form', { name: 'Newsletter signup' })).toBeNull();
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({
      email: 'reader@example.com',
      website: '',
    });

    await user.click(screen.getByRole('button', { name: 'Use another address' }));
    expect(screen.getByRole('form', { name: 'Newsletter signup' })).toBeVisible();
    expect(screen.queryByRole('status')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(field()));
    expect(field().value).toBe('');
  });

  it('an invalid address gets its message and sends nothing', async () => {
    const user = renderForm();
    await subscribe(user, 'not-an-address');
    expect(await screen.findByText('Please enter a valid email address')).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a refused sign-up keeps the form and the address, with the server’s message', async () => {
    const user = renderForm();
    answer(
      {
        error: {
          message: 'Too many sign-ups from your address.',
          code: -32029,
          data: { httpStatus: 429 },
        },
      },
      429,
    );
    await subscribe(user, 'reader@example.com');
    await toastShown('Subscription failed');
    expect(screen.getByText('Too many sign-ups from your address.')).toBeVisible();
    expect(field().value).toBe('reader@example.com');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
