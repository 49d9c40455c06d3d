import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toastQueue } from '#client/ui/toast';
import { SITE_SETTINGS_MESSAGES } from '#shared/site-settings';
import type { SiteSettingsView } from '#shared/shapes/site-settings';
import { ACCOUNT_MESSAGES } from '#shared/account';
import { fakeTrpcServer, invalidInput, refusal } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { formatDateTime, setAdminTimeZone } from '../ui/date-time';
import { SiteSettingsCard } from './site-settings-card';
import { waitUntil } from '#tests/support/wait';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastQueue.clear();
  // The module is shared with the other test files of this worker.
  setAdminTimeZone(null);
});

const DEFAULTS: SiteSettingsView = {
  address: 'http://localhost:3000',
  timeZone: 'UTC',
  saved: { address: null, timeZone: null },
  fromEnvironment: { address: false, timeZone: false },
};

function card() {
  const { container } = renderAdmin(<SiteSettingsCard settings={DEFAULTS} />);
  return within(container);
}

describe('SiteSettingsCard', () => {
  it('saves the address and zone typed, and writes the admin’s times in the new zone', async () => {
    const saved: SiteSettingsView = {
      ...DEFAULTS,
      address: 'https://www.harbor.example',
      timeZone: 'Asia/Tokyo',
      saved: { address: 'https://www.harbor.example', timeZone: 'Asia/Tokyo' },
    };
    const server = fakeTrpcServer({ 'siteSettings.save': () => ({ data: { settings: saved } }) });
    const view = card();
    const address = await view.findByLabelText('Public address');
    await userEvent.clear(address);
    await userEvent.type(address, 'https://www.harbor.example/');
    const zone = view.getByRole('combobox', { name: 'Time zone' });
    await userEvent.clear(zone);
    // Pasted: typed letter by letter, the list of 400 zones is filtered at each one.
    await userEvent.paste('Asia/Tokyo');
    await userEvent.click(view.getByRole('button', { name: 'Save address and time zone' }));
    await waitUntil(() =>
      expect(toastQueue.visibleToasts.map((toast) => toast.content.title)).toEqual([
        'Address and time zone saved',
      ]),
    );
    expect(server.callsTo('siteSettings.save').map((call) => call.input)).toEqual([
      { address: 'https://www.harbor.example/', timeZone: 'Asia/Tokyo' },
    ]);
    // The form shows what the server stored (the origin), and the admin's moments follow.
    expect(address).toHaveValue('https://www.harbor.example');
    expect(formatDateTime('2026-01-15T23:30:00Z')).toBe('Jan 16, 2026, 8:30 AM');
  });

  it('shows the server’s refusal at its field, keeping what was typed', async () => {
    fakeTrpcServer({
      'siteSettings.save': () =>
        invalidInput([{ path: 'address', message: SITE_SETTINGS_MESSAGES.address }]),
    });
    const view = card();
    const address = await view.findByLabelText('Public address');
    await userEvent.clear(address);
    await userEvent.type(address, 'harbor.example');
    await userEvent.click(view.getByRole('button', { name: 'Save address and time zone' }));
    expect(await view.findByText(SITE_SETTINGS_MESSAGES.address)).toBeInTheDocument();
    expect(address).toHaveValue('harbor.example');
    expect(address).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks for the password when a new address needs a recent proof, then saves', async () => {
    const server = fakeTrpcServer({
      'siteSettings.save': (input) =>
        (input as { password?: string }).password === 'right password'
          ? { data: { settings: DEFAULTS } }
          : refusal('UNAUTHORIZED', 401, ACCOUNT_MESSAGES.passwordNeeded),
    });
    const view = card();
    const user = userEvent.setup();
    const address = await view.findByLabelText('Public address');
    await user.clear(address);
    await user.type(address, 'https://www.harbor.example');
    await user.click(view.getByRole('button', { name: 'Save address and time zone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the public address' });
    await user.type(
      within(dialog).getByLabelText('Your password', { selector: 'input' }),
      'right password',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitUntil(() =>
      expect(toastQueue.visibleToasts.map((toast) => toast.content.title)).toEqual([
        'Address and time zone saved',
      ]),
    );
    expect(server.callsTo('siteSettings.save').map((call) => call.input)).toEqual([
      { address: 'https://www.harbor.example', timeZone: 'UTC' },
      { address: 'https://www.harbor.example', timeZone: 'UTC', password: 'right password' },
    ]);
  });

  it('keeps the default address shown "not set" when only the zone is saved', async () => {
    const server = fakeTrpcServer({
      'siteSettings.save': () => ({ data: { settings: DEFAULTS } }),
    });
    const view = card();
    await userEvent.click(await view.findByRole('button', { name: 'Save address and time zone' }));
    await waitUntil(() => expect(server.callsTo('siteSettings.save')).toHaveLength(1));
    expect(server.callsTo('siteSettings.save')[0]?.input).toEqual({
      address: null,
      timeZone: 'UTC',
    });
  });

  it('shows a value the server’s environment sets, not to be changed here', async () => {
    fakeTrpcServer({});
    const { container } = renderAdmin(
      <SiteSettingsCard
        settings={{ ...DEFAULTS, fromEnvironment: { address: true, timeZone: true } }}
      />,
    );
    const view = within(container);
    expect(await view.findByLabelText('Public address')).toBeDisabled();
    expect(view.getByText(/Set on the server \(SITE_URL\)/)).toBeInTheDocument();
    expect(view.getByText(/Set on the server \(SITE_TIMEZONE\)/)).toBeInTheDocument();
    expect(view.getByRole('button', { name: 'Save address and time zone' })).toBeDisabled();
  });
});
