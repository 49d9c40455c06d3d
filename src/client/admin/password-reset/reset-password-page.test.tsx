import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACCOUNT_MESSAGES } from '#shared/account';
import { LIMITS } from '#shared/constants';
import { PASSWORD_RESET_MESSAGES } from '#shared/password-reset';
import { toastQueue } from '#client/ui/toast';
import { fakeTrpcServer, refusal, type Handler } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { ResetPasswordPage } from './reset-password-page';
import { waitUntil } from '#tests/support/wait';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastQueue.clear();
});

/** A token of the link's shape (43 base64url characters). */
const TOKEN = 'k'.repeat(43);
const GOOD = 'harbour lantern copper violin';

const CHECKED: Handler = () => ({ data: { username: 'dana', method: 'email' } });
const GONE: Handler = () => refusal('NOT_FOUND', 404, PASSWORD_RESET_MESSAGES.gone);

/** The page from a live link, once the check has answered. */
async function openLink(choose: Handler) {
  const server = fakeTrpcServer({ 'passwordReset.check': CHECKED, 'passwordReset.choose': choose });
  const view = renderAdmin(<ResetPasswordPage token={TOKEN} />);
  await screen.findByRole('heading', { name: 'Choose a new password' });
  return {
    server,
    router: view.router,
    password: screen.getByLabelText('New password'),
    confirm: screen.getByLabelText('Confirm password'),
    submit: screen.getByRole('button', { name: 'Continue' }),
  };
}

describe('ResetPasswordPage, the link', () => {
  it('says a link without a token does not work, and offers a new one, asking nothing', async () => {
    const server = fakeTrpcServer({});
    renderAdmin(<ResetPasswordPage token={undefined} />);
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(PASSWORD_RESET_MESSAGES.token);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/admin/forgot-password',
    );
    expect(server.calls).toEqual([]);
  });

  it('says an expired or used link does not work, with no password fields', async () => {
    const server = fakeTrpcServer({ 'passwordReset.check': GONE });
    renderAdmin(<ResetPasswordPage token={TOKEN} />);
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(PASSWORD_RESET_MESSAGES.gone);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(server.callsTo('passwordReset.check')).toEqual([
      { path: 'passwordReset.check', input: { token: TOKEN } },
    ]);
  });
});

describe('ResetPasswordPage, the new password', () => {
  it('shows the rule at the field before anything is typed, then the strength and each problem', async () => {
    const { server, password, confirm, submit } = await openLink(() => {
      throw new Error('nothing is sent while the form is invalid');
    });
    expect(screen.getByText(/For dana\./)).toBeVisible();
    expect(password).toHaveAccessibleDescription(
      expect.stringContaining(`At least ${LIMITS.passwordMin} characters`) as string,
    );
    const user = userEvent.setup();
    await user.type(password, 'short');
    expect(password).toBeInvalid();
    expect(password).toHaveAccessibleDescription(
      expect.stringContaining(ACCOUNT_MESSAGES.newPasswordShort) as string,
    );
    expect(password).toHaveAccessibleDescription(expect.stringContaining('Strength:') as string);

    await user.clear(password);
    await user.type(password, GOOD);
    expect(password).toBeValid();
    await user.type(confirm, `${GOOD}!`);
    expect(confirm).toBeInvalid();
    expect(confirm).toHaveAccessibleDescription('The two passwords are not the same');
    await user.click(submit);
    expect(confirm).toHaveFocus();
    expect(server.callsTo('passwordReset.choose')).toEqual([]);
  });

  it('keeps both passwords on a server error, and sends them again as they were', async () => {
    const { server, password, confirm, submit, router } = await openLink(() =>
      refusal('INTERNAL_SERVER_ERROR', 500, 'Something went wrong'),
    );
    const user = userEvent.setup();
    await user.type(password, GOOD);
    await user.type(confirm, GOOD);
    await user.click(submit);
    await waitUntil(() =>
      expect(toastQueue.visibleToasts[0]?.content).toMatchObject({
        title: 'Could not set the password',
        description: 'Something went wrong',
      }),
    );
    expect(password).toHaveValue(GOOD);
    expect(confirm).toHaveValue(GOOD);
    expect(submit).toBeEnabled();

    // Sent again as typed; the code step comes next, on the login page.
    server.handlers['passwordReset.choose'] = () => ({
      data: { success: true, requiresTwoFactor: true, method: 'email' },
    });
    await user.click(submit);
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(server.callsTo('passwordReset.choose').map((c) => c.input)).toEqual([
      { token: TOKEN, password: GOOD },
      { token: TOKEN, password: GOOD },
    ]);
    expect(toastQueue.visibleToasts[0]?.content.title).toBe('One more step');
  });

  it('says the link no longer works when it expired while the password was typed', async () => {
    const { password, confirm, submit } = await openLink(GONE);
    const user = userEvent.setup();
    await user.type(password, GOOD);
    await user.type(confirm, GOOD);
    await user.click(submit);
    expect(await screen.findByRole('heading', { name: 'This link does not work' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(PASSWORD_RESET_MESSAGES.gone);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  });
});
