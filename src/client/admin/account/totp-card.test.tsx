import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toastQueue } from '#client/ui/toast';
import { fakeTrpcServer, refusal } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { trpc } from '#client/lib/trpc';
import { TotpCard } from './totp-card';

/** The card as the Account page shows it: on or off as the server's account.get says. */
function CardFromAccount() {
  const account = trpc.account.get.useQuery();
  if (!account.data) return null;
  return (
    <TotpCard
      username="alice"
      isOn={account.data.secondFactor === 'totp'}
      codesLeft={account.data.recoveryCodesLeft}
    />
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastQueue.clear();
});

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `aaaa${i}-bbbb${i}`);

describe('TotpCard', () => {
  it('sets up: password (a wrong one is the field’s error), QR code and key, first code, codes once', async () => {
    const server = fakeTrpcServer({
      'account.get': () => ({ data: { success: true } }),
      'secondFactor.totpSetup': (input) =>
        (input as { password: string }).password === 'right password'
          ? {
              data: {
                success: true,
                secret: SECRET,
                otpauthUrl: `otpauth://totp/Acme:alice?secret=${SECRET}&issuer=Acme`,
              },
            }
          : refusal('UNAUTHORIZED', 401, 'The password is wrong.'),
      'secondFactor.totpEnable': () => ({ data: { success: true, recoveryCodes: CODES } }),
    });
    renderAdmin(<TotpCard username="alice" isOn={false} codesLeft={0} />);
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Authenticator app' });
    await user.click(within(card).getByRole('button', { name: 'Set up an authenticator app' }));
    const password = within(card).getByLabelText('Your password', { selector: 'input' });
    await user.type(password, 'wrong password');
    await user.click(within(card).getByRole('button', { name: 'Continue' }));
    expect(await within(card).findByText('The password is wrong.')).toBeVisible();
    await user.clear(password);
    await user.type(password, 'right password');
    await user.click(within(card).getByRole('button', { name: 'Continue' }));

    const qr = await within(card).findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(
      within(card).getByRole('heading', { name: 'Connect your authenticator app' }),
    ).toHaveFocus();
    expect(within(card).getByRole('textbox', { name: 'Secret key' })).toHaveValue(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    expect(within(card).getByLabelText('Digit 1 of 6')).toHaveAccessibleDescription(
      'Enter the 6-digit code the app shows now.',
    );
    await user.click(within(card).getByLabelText('Digit 1 of 6'));
    await user.keyboard('123456');
    await user.click(within(card).getByRole('button', { name: 'Turn on' }));
    const list = await within(card).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(within(card).getByText(/Store these now/)).toBeVisible();
    // Said in the panel, not in a toast that would cover the codes on a phone.
    expect(
      within(card).getByText(
        'Authenticator app on. Signing in now asks for its code. Your other sessions were signed out.',
      ),
    ).toBeVisible();
    expect(toastQueue.visibleToasts).toEqual([]);
    expect(server.callsTo('secondFactor.totpEnable')[0]?.input).toEqual({ code: '123456' });
  });

  it('says On as soon as the app is turned on, while the codes show; focus returns to the card', async () => {
    let secondFactor = 'none';
    const server = fakeTrpcServer({
      'account.get': () => ({
        data: { secondFactor, recoveryCodesLeft: secondFactor === 'totp' ? 10 : 0 },
      }),
      'account.sessions': () => ({ data: [] }),
      'secondFactor.totpSetup': () => ({
        data: {
          success: true,
          secret: SECRET,
          otpauthUrl: `otpauth://totp/Acme:alice?secret=${SECRET}`,
        },
      }),
      'secondFactor.totpEnable': () => {
        secondFactor = 'totp';
        return { data: { success: true, recoveryCodes: CODES } };
      },
      'secondFactor.totpCancelSetup': () => ({ data: { success: true } }),
    });
    renderAdmin(<CardFromAccount />);
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Authenticator app' });
    const setUp = () => within(card).getByRole('button', { name: 'Set up an authenticator app' });
    // Cancel drops the set-up on the server and puts focus back on the card's button.
    await user.click(setUp());
    await user.type(
      within(card).getByLabelText('Your password', { selector: 'input' }),
      'pw pw pw pw pw',
    );
    await user.click(within(card).getByRole('button', { name: 'Continue' }));
    await user.click(await within(card).findByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('secondFactor.totpCancelSetup')).toHaveLength(1);
    expect(setUp()).toHaveFocus();

    await user.click(setUp());
    await user.type(
      within(card).getByLabelText('Your password', { selector: 'input' }),
      'pw pw pw pw pw',
    );
    await user.click(within(card).getByRole('button', { name: 'Continue' }));
    await user.click(await within(card).findByLabelText('Digit 1 of 6'));
    await user.keyboard('123456');
    await user.click(within(card).getByRole('button', { name: 'Turn on' }));
    await within(card).findByRole('list', { name: 'Recovery codes' });
    expect(await within(card).findByText('On')).toBeVisible();
    expect(within(card).queryByText('Off')).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'I have stored them' }));
    expect(within(card).getByRole('button', { name: 'Regenerate recovery codes' })).toHaveFocus();
  });

  it('puts focus on Set up once turned off', async () => {
    let secondFactor = 'totp';
    fakeTrpcServer({
      'account.get': () => ({ data: { secondFactor, recoveryCodesLeft: 10 } }),
      'account.sessions': () => ({ data: [] }),
      'secondFactor.totpDisable': () => {
        secondFactor = 'none';
        return { data: { success: true } };
      },
    });
    renderAdmin(<CardFromAccount />);
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Authenticator app' });
    await user.click(within(card).getByRole('button', { name: 'Turn off' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.type(
      await within(card).findByLabelText('Your password', { selector: 'input' }),
      'pw pw pw pw pw',
    );
    // The app is on: turning it off asks for its code as well (docs/second-factor.md).
    await user.type(
      within(card).getByLabelText('Code from your authenticator app', { selector: 'input' }),
      '123456',
    );
    await user.click(within(card).getByRole('button', { name: 'Turn off' }));
    expect(
      await within(card).findByRole('button', { name: 'Set up an authenticator app' }),
    ).toHaveFocus();
  });

  it('while on: the codes left, warned when few, and the ways to regenerate or turn off', async () => {
    fakeTrpcServer({});
    renderAdmin(<TotpCard username="alice" isOn codesLeft={2} />);
    const card = await screen.findByRole('region', { name: 'Authenticator app' });
    expect(within(card).getByText('On')).toBeVisible();
    expect(within(card).getByText(/2 recovery codes left: make new ones/)).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Regenerate recovery codes' })).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Turn off' })).toBeVisible();
  });
});
