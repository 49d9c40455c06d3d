import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastQueue } from '#client/ui/toast';
import { TOAST_REGION, Toaster } from '#client/ui/toaster';
import { defaultSiteContent } from '#shared/site-content-defaults';
import ContactForm from './contact-form';
import { SiteContentProvider } from './site-content-context';
import { LegalLinks } from './legal-links';
import { partsLoaded, toastShown } from '#tests/support/code-loads';
import { unmockAfterFile } from '#tests/support/fresh-modules';

const fireConfetti = vi.fn<(onEnd?: () => void) => () => void>(() => () => {});
// Workers keep loaded modules between files (docs/decisions/0039): start from an empty
// module cache, so that the mocks below reach every module, and leave one.
vi.hoisted(() => vi.resetModules());
unmockAfterFile('#client/ui/confetti');

vi.mock('#client/ui/confetti', () => ({
  fireConfetti: (onEnd?: () => void) => fireConfetti(onEnd),
}));

type FetchArgs = [input: RequestInfo | URL, init?: RequestInit];
const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();

function answer(body: unknown, status = 200) {
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

function renderForm() {
  render(
    <SiteContentProvider content={defaultSiteContent}>
      <ContactForm />
      <Toaster />
    </SiteContentProvider>,
  );
  return userEvent.setup();
}

/**
 * Puts a value into a field as one paste: typing it key by key costs a render per letter,
 * which took seconds per test on a busy CI machine.
 */
async function fill(user: ReturnType<typeof userEvent.setup>, name: string, value: string) {
  await user.click(screen.getByRole('textbox', { name }));
  await user.paste(value);
}

/** The text of the elements that describe a field (where the field's message is). */
function description(field: HTMLElement): string {
  return (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

/** The native subject select: the placeholder is its disabled first option. */
const subjectField = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'Subject' });

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await fill(user, 'Full Name', 'Ada Example');
  await fill(user, 'Email Address', 'ada@example.com');
  await user.selectOptions(subjectField(), 'AI Consulting Services');
  await fill(user, 'Message', 'A message that is long enough.');
  await user.click(screen.getByRole('checkbox', { name: /I agree to the Privacy Policy/ }));
}

describe('ContactForm', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    toastQueue.clear();
    fetchMock.mockReset();
    fireConfetti.mockReset();
    vi.unstubAllGlobals();
  });

  it('shows the shared schema messages beside each field and sends nothing', async () => {
    const user = renderForm();
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    const name = screen.getByRole('textbox', { name: 'Full Name' });
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(description(name)).toContain('Name must be between 2 and 100 characters');
    expect(description(screen.getByRole('textbox', { name: 'Email Address' }))).toContain(
      'Please enter a valid email address',
    );
    expect(description(screen.getByRole('textbox', { name: 'Message' }))).toContain(
      'Message must be between 10 and 5000 characters',
    );
    expect(description(screen.getByRole('checkbox'))).toContain(
      'You must agree to the privacy policy',
    );
    expect(subjectField().getAttribute('aria-invalid')).toBe('true');
    expect(description(subjectField())).toContain('Please select a subject');
    // Company is optional: no error there.
    expect(
      screen.getByRole('textbox', { name: 'Company' }).getAttribute('aria-invalid'),
    ).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    // The first invalid field gets focus.
    await waitFor(() => expect(document.activeElement).toBe(name));
  });

  it('clears a field message as soon as the field is corrected', async () => {
    const user = renderForm();
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    const email = screen.getByRole('textbox', { name: 'Email Address' });
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    await user.type(email, 'a@b.co');
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    expect(screen.getByText('Name must be between 2 and 100 characters')).toBeVisible();
  });

  it('sends the trimmed values, then toasts, clears the form and fires confetti', async () => {
    const user = renderForm();
    await fillValid(user);
    await fill(user, 'Company', '  Example Corp ');
    answer({ result: { data: { success: true, message: 'Thanks' } } });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    // The toast's region is code of its own: waited for itself, then the toast (issue 71).
    await toastShown('Message sent!');
    expect(screen.getByText("We'll get back to you as soon as possible.")).toBeVisible();
    const [url, init] = fetchMock.mock.calls[0]!;
    // One unbatched call: the page never has two to send together.
    expect(String(url)).toMatch(/\/api\/trpc\/contact\.send$/);
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Ada Example',
      email: 'ada@example.com',
      company: 'Example Corp',
      subject: 'consulting',
      message: 'A message that is long enough.',
      privacy: true,
      website: '',
    });
    expect(fireConfetti).toHaveBeenCalledTimes(1);
    // A confirmation that lasts beyond the toast, until another message is started.
    expect(screen.getByRole('status')).toHaveTextContent(
      'Thank you, your message has been sent. We will reply as soon as we can.',
    );
    expect((screen.getByRole('textbox', { name: 'Full Name' }) as HTMLInputElement).value).toBe('');
    expect(subjectField().value).toBe('');
    expect(subjectField().selectedOptions[0]).toHaveTextContent('Select a subject');
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
    // Starting another message puts the confirmation away.
    await fill(user, 'Full Name', 'B');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('sent with Enter, puts the focus on the confirmation, never on the page body', async () => {
    const user = renderForm();
    await fillValid(user);
    answer({ result: { data: { success: true, message: 'Thanks' } } });
    screen.getByRole('button', { name: 'Send Message' }).focus();
    await user.keyboard('{Enter}');
    const confirmation = await screen.findByRole('status');
    // The box the status line is in: read out with the "Pick a time" beside it.
    await waitFor(() => expect(document.activeElement).toBe(confirmation.parentElement));
    expect(document.activeElement).toHaveTextContent('Thank you, your message has been sent.');
    // The toast brought its region's code: the test ends once it has come.
    await toastShown('Message sent!');
  });

  it('after a failure gives the focus back to the button, if the browser had dropped it', async () => {
    const user = renderForm();
    await fillValid(user);
    let respond: (response: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (respond = resolve)));
    screen.getByRole('button', { name: 'Send Message' }).focus();
    await user.keyboard('{Enter}');
    const sending = await screen.findByRole('button', { name: 'Sending...' });
    expect(sending).toHaveFocus();
    // A browser moves the focus off a button it disables, to the body; jsdom does not, and
    // blurs no disabled element: the focus goes by another element to the body.
    const away = document.createElement('input');
    document.body.append(away);
    away.focus();
    away.blur();
    away.remove();
    expect(document.activeElement).toBe(document.body);
    respond(new Response('{}', { status: 500, headers: { 'Content-Type': 'application/json' } }));
    await toastShown('Something went wrong');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Send Message' })),
    );
  });

  it('is marked while its confetti flies, so its card is drawn above it (contact-section.tsx)', async () => {
    const user = renderForm();
    const form = screen.getByRole('form', { name: 'Contact form' });
    expect(form).not.toHaveAttribute('data-celebrating');
    await fillValid(user);
    answer({ result: { data: { success: true, message: 'Thanks' } } });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await toastShown('Message sent!');
    expect(form).toHaveAttribute('data-celebrating');
    // The celebration over (its particles settled, the canvas gone): in the page's order again.
    const [onEnd] = fireConfetti.mock.calls[0]!;
    act(() => onEnd?.());
    expect(form).not.toHaveAttribute('data-celebrating');
  });

  it('"Pick a time" stops the confetti still in the air, so none falls over the picker', async () => {
    const stop = vi.fn();
    fireConfetti.mockReturnValue(stop);
    const user = renderForm();
    await fillValid(user);
    answer({ result: { data: { success: true, message: 'Thanks' } } });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await toastShown('Message sent!');
    const pick = screen.getByRole('button', { name: 'Pick a time' });
    expect(stop).not.toHaveBeenCalled();
    await user.click(pick);
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('shows "Sending..." and is disabled while the request runs', async () => {
    const user = renderForm();
    await fillValid(user);
    let respond: (response: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (respond = resolve)));
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    const sending = await screen.findByRole('button', { name: 'Sending...' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    respond(
      new Response(JSON.stringify([{ result: { data: { success: true, message: 'ok' } } }]), {
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    await screen.findByRole('button', { name: 'Send Message' });
    // Whatever it said, its toast brought the region's code: the test ends once it has come.
    await partsLoaded(TOAST_REGION);
  });

  it('on failure shows the server message, keeps the values and fires no confetti', async () => {
    const user = renderForm();
    await fillValid(user);
    answer(
      {
        error: {
          message: 'Too many messages from this address. Try again in 10 minutes.',
          code: -32029,
          data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429, path: 'contact.send' },
        },
      },
      429,
    );
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    const toastEl = (await toastShown('Something went wrong')).closest('[role="alertdialog"]');
    expect(toastEl).toHaveTextContent(
      'Too many messages from this address. Try again in 10 minutes.',
    );
    expect(fireConfetti).not.toHaveBeenCalled();
    expect((screen.getByRole('textbox', { name: 'Full Name' }) as HTMLInputElement).value).toBe(
      'Ada Example',
    );
  });

  it('without an answer from the server says "Please try again later."', async () => {
    const user = renderForm();
    await fillValid(user);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await toastShown('Something went wrong');
    expect(screen.getByText('Please try again later.')).toBeVisible();
  });
});

describe('the consent line', () => {
  afterEach(cleanup);

  it('links to both pages it names, which a fresh site ships with', () => {
    renderForm();
    const privacy = screen.getByRole('link', { name: /Privacy Policy/ });
    expect(privacy).toHaveAttribute('href', '/privacy');
    const terms = screen.getByRole('link', { name: /Terms of Service/ });
    expect(terms).toHaveAttribute('href', '/terms');
  });

  it('does not link to an empty terms page', () => {
    const content = structuredClone(defaultSiteContent);
    content.legal.terms = '';
    render(
      <SiteContentProvider content={content}>
        <LegalLinks />
      </SiteContentProvider>,
    );
    expect(screen.getByRole('link', { name: /Privacy Policy/ })).toBeVisible();
    expect(screen.queryByRole('link', { name: /Terms of Service/ })).toBeNull();
  });
});
