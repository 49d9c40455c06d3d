import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PASSWORD_RESET_MESSAGES } from '#shared/password-reset';
import { fakeTrpcServer, refusal } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { ForgotPasswordPage } from './forgot-password-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SENT = { data: { success: true, message: PASSWORD_RESET_MESSAGES.sent } };

describe('ForgotPasswordPage', () => {
  it('asks for a name before sending anything, at the field', async () => {
    const server = fakeTrpcServer({ 'passwordReset.request': () => SENT });
    renderAdmin(<ForgotPasswordPage />);
    const field = await screen.findByRole('textbox', { name: 'Username or e-mail address' });
    const user = userEvent.setup();
    await user.type(field, '   ');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(field).toBeInvalid();
    expect(field).toHaveAccessibleDescription(PASSWORD_RESET_MESSAGES.name);
    expect(field).toHaveFocus();
    expect(server.callsTo('passwordReset.request')).toEqual([]);
  });

  it('sends the name and shows the one answer, the same whoever it names', async () => {
    const server = fakeTrpcServer({ 'passwordReset.request': () => SENT });
    renderAdmin(<ForgotPasswordPage />);
    const user = userEvent.setup();
    await user.type(
      await screen.findByRole('textbox', { name: 'Username or e-mail address' }),
      ' dana@harbor.example ',
    );
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(PASSWORD_RESET_MESSAGES.sent);
    // Trimmed, as the server reads it.
    expect(server.callsTo('passwordReset.request')).toEqual([
      { path: 'passwordReset.request', input: { name: 'dana@harbor.example' } },
    ]);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the login' })).toHaveAttribute(
      'href',
      '/admin/login',
    );
  });

  it('keeps the name on a server error and says what happened', async () => {
    const server = fakeTrpcServer({
      'passwordReset.request': () =>
        refusal('TOO_MANY_REQUESTS', 429, 'Too many requests. Try again in 20 minutes.'),
    });
    renderAdmin(<ForgotPasswordPage />);
    const field = await screen.findByRole('textbox', { name: 'Username or e-mail address' });
    const user = userEvent.setup();
    await user.type(field, 'dana');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Try again in 20 minutes.',
    );
    expect(field).toHaveValue('dana');

    // Sent again once the server answers: the same name, no retyping.
    server.handlers['passwordReset.request'] = () => SENT;
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(PASSWORD_RESET_MESSAGES.sent);
    expect(server.callsTo('passwordReset.request').map((c) => c.input)).toEqual([
      { name: 'dana' },
      { name: 'dana' },
    ]);
  });
});
