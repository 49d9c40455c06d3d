import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { NEWSLETTER_ADMIN_MESSAGES } from '#shared/newsletter-admin';
import { MESSAGES } from '#shared/messages';
import { createQueryClient } from '#client/lib/query-client';
import { createTrpcClient, trpc } from '#client/lib/trpc';
import { toastQueue } from '#client/ui/toast';
import { SendTestForm } from './send-test-form';
import { waitUntil } from '#tests/support/wait';

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];
const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  toastQueue.clear();
});

/** One answer of tRPC's batch format, as the server writes it. */
function answer(item: unknown, status = 200) {
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify([item]), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  );
}

function refusal(message: string, code: string, httpStatus: number) {
  answer({ error: { message, code: -32600, data: { code, httpStatus } } }, httpStatus);
}

/** The input the form sent with its one request. */
async function sentInput(): Promise<unknown> {
  const init = fetchMock.mock.calls[0]?.[1];
  return (JSON.parse(String(init?.body)) as Record<string, unknown>)['0'];
}

function renderForm(isDirty = false) {
  const queryClient = createQueryClient();
  render(
    <trpc.Provider client={createTrpcClient('http://localhost')} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <SendTestForm id={7} isDirty={isDirty} />
      </QueryClientProvider>
    </trpc.Provider>,
  );
  return userEvent.setup();
}

const address = () => screen.getByRole('textbox', { name: 'Test address (optional)' });
const button = () => screen.getByRole('button', { name: 'Send a test' });
const described = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('SendTestForm', () => {
  it('sends without an address when the field is empty (the server takes the admin’s own)', async () => {
    const user = renderForm();
    answer({ result: { data: { success: true } } });
    await user.click(button());
    await waitUntil(() => expect(toastQueue.visibleToasts[0]?.content.title).toBe('Test sent'));
    expect(await sentInput()).toEqual({ id: 7 });
    expect(toastQueue.visibleToasts[0]?.content.description).toBe(
      'A test copy went to your address.',
    );
  });

  it('sends to the typed address, trimmed', async () => {
    const user = renderForm();
    answer({ result: { data: { success: true } } });
    await user.type(address(), ' me@example.com ');
    await user.click(button());
    await waitUntil(() => expect(fetchMock).toHaveBeenCalledOnce());
    expect(await sentInput()).toEqual({ id: 7, email: 'me@example.com' });
  });

  it('refuses a malformed address before asking the server, on the field', async () => {
    const user = renderForm();
    await user.type(address(), 'not an address');
    await user.click(button());
    expect(fetchMock).not.toHaveBeenCalled();
    expect(address()).toHaveAttribute('aria-invalid', 'true');
    expect(described(address())).toContain(MESSAGES.email);
    expect(document.activeElement).toBe(address());
  });

  it('shows a 400 (no address of one’s own) as the field’s error', async () => {
    const user = renderForm();
    refusal(NEWSLETTER_ADMIN_MESSAGES.noTestAddress, 'BAD_REQUEST', 400);
    await user.click(button());
    await waitUntil(() => expect(address()).toHaveAttribute('aria-invalid', 'true'));
    expect(described(address())).toContain(NEWSLETTER_ADMIN_MESSAGES.noTestAddress);
  });

  it('shows a 503 (mail down) as an alert that stays', async () => {
    const user = renderForm();
    refusal(NEWSLETTER_ADMIN_MESSAGES.mailUnavailable, 'SERVICE_UNAVAILABLE', 503);
    await user.click(button());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`Test not sent: ${NEWSLETTER_ADMIN_MESSAGES.mailUnavailable}`);
    expect(address()).not.toHaveAttribute('aria-invalid');
  });

  it('waits for a save while there are unsaved changes, and says so', () => {
    renderForm(true);
    expect(button()).toBeDisabled();
    expect(
      screen.getByText('Save your changes first: the test sends the saved version.'),
    ).toBeVisible();
  });
});
