import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toastQueue } from '../../ui/toast';
import { fakeTrpcServer, refusal } from '../../../../tests/support/trpc-fetch';
import { renderAdmin } from '../../../../tests/support/render-admin';
import { TotpCard } from './totp-card';

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
    expect(within(card).getByLabelText('Secret key')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
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
    expect(server.callsTo('secondFactor.totpEnable')[0]?.input).toEqual({ code: '123456' });
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
