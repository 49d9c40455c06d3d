/**
 * The seller profile screen (docs/invoices.md, "The seller profile"): saving sends the profile
 * with its types (numbers, nulls, the address lines given), a server's 400 shows under its
 * field and a 409 under the prefix it names, and the status line says what invoicing waits for.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DEFAULT_INVOICE_SETTINGS,
  SETTINGS_MESSAGES,
  type InvoiceSettings,
} from '#shared/invoices/settings';
import { INVOICE_MESSAGES } from '#shared/invoices/messages';
import { toastQueue } from '#client/ui/toast';
import { fakeTrpcServer, invalidInput } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { enterText } from '#tests/support/enter-text';
import { SellerProfilePage } from './seller-profile';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastQueue.clear();
});

const SAVED: InvoiceSettings = {
  ...DEFAULT_INVOICE_SETTINGS,
  legalName: 'Example Consulting GmbH',
  addressLines: ['Hauptstraße 1'],
  postcode: '10115',
  city: 'Berlin',
  country: 'DE',
  email: 'billing@example.com',
  vatId: 'DE811569869',
  defaultRate: 19,
};

function answer(settings: InvoiceSettings, missing: string[] = []) {
  return { data: { settings, invoicingOn: missing.length === 0, missing } };
}

const textbox = (name: string) => screen.findByRole('textbox', { name });

describe('the seller profile', () => {
  it('sends the profile typed: numbers as numbers, empty fields as null, the lines given', async () => {
    const fake = fakeTrpcServer({
      'invoices.settings': () => answer(SAVED),
      'invoices.saveSettings': (input) => answer(input as InvoiceSettings),
    });
    const user = userEvent.setup();
    renderAdmin(<SellerProfilePage />);
    expect(await screen.findByText(/^Invoicing is/)).toHaveTextContent(/^Invoicing is on$/);
    await enterText(user, await textbox('Address line 2'), 'Hof 3');
    await enterText(user, await textbox('Payment terms (days)'), '30');
    await enterText(user, await textbox('Reminder days'), '-5, 10');
    await enterText(user, await textbox('IBAN'), 'DE89 3704 0044 0532 0130 00');
    await user.clear(await textbox('E-mail address on invoices'));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() =>
      expect(fake.callsTo('invoices.saveSettings')[0]?.input).toEqual({
        ...SAVED,
        addressLines: ['Hauptstraße 1', 'Hof 3'],
        paymentTermsDays: 30,
        reminderOffsets: [-5, 10],
        iban: 'DE89 3704 0044 0532 0130 00',
        email: null,
      }),
    );
  });

  it('turned off VAT registration sends the exemption text and no VAT ID', async () => {
    const fake = fakeTrpcServer({
      'invoices.settings': () => answer(SAVED),
      'invoices.saveSettings': (input) => answer(input as InvoiceSettings),
    });
    const user = userEvent.setup();
    renderAdmin(<SellerProfilePage />);
    await user.click(await screen.findByRole('switch', { name: 'Registered for VAT' }));
    expect(screen.queryByRole('textbox', { name: 'VAT ID' })).toBeNull();
    await enterText(user, await textbox('Exemption text'), 'No VAT charged under § 19 UStG');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() =>
      expect(fake.callsTo('invoices.saveSettings')[0]?.input).toMatchObject({
        vatRegistered: false,
        vatId: null,
        exemptionText: 'No VAT charged under § 19 UStG',
      }),
    );
  });

  it("shows a 400's issue under its field, and a 409 under the prefix it names", async () => {
    const handlers = {
      'invoices.settings': () => answer(SAVED),
      'invoices.saveSettings': () =>
        invalidInput([{ path: 'vatId', message: INVOICE_MESSAGES.vatIdFormat }]),
    };
    fakeTrpcServer(handlers);
    const user = userEvent.setup();
    renderAdmin(<SellerProfilePage />);
    await user.click(await screen.findByRole('button', { name: 'Save profile' }));
    const vatId = await textbox('VAT ID');
    await waitFor(() =>
      expect(vatId).toHaveAccessibleDescription(
        expect.stringContaining(INVOICE_MESSAGES.vatIdFormat) as string,
      ),
    );
    expect(vatId).toHaveAttribute('aria-invalid', 'true');

    handlers['invoices.saveSettings'] = () => ({
      error: {
        message: SETTINGS_MESSAGES.prefixFixed,
        code: 'CONFLICT',
        httpStatus: 409,
        issues: [{ path: 'invoicePrefix', message: SETTINGS_MESSAGES.prefixFixed }],
      },
    });
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    const prefix = await textbox('Invoice prefix');
    await waitFor(() =>
      expect(prefix).toHaveAccessibleDescription(
        expect.stringContaining(SETTINGS_MESSAGES.prefixFixed) as string,
      ),
    );
  });

  it('says what invoicing waits for when it is off', async () => {
    fakeTrpcServer({
      'invoices.settings': () =>
        answer({ ...SAVED, city: '', email: null, vatId: null }, ['city', 'email', 'vatId']),
    });
    renderAdmin(<SellerProfilePage />);
    const status = await screen.findByText(/^Invoicing is/);
    expect(status).toHaveAttribute('role', 'status');
    expect(status).toHaveTextContent(/^Invoicing is off until: city, e-mail address and VAT ID$/);
  });
});
