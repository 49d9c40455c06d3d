/**
 * The seller profile (docs/invoices.md, "The seller profile"): saved unfinished or whole,
 * invoicing on once nothing is missing, each refusal naming its field, the audit entry, and a
 * series' prefix fixed once the year's first document of it is issued.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { INVOICE_MESSAGES } from '#shared/invoices/messages';
import { DEFAULT_INVOICE_SETTINGS, SETTINGS_MESSAGES } from '#shared/invoices/settings';
import { procedureCallers, type Caller, type TestDeps } from '#tests/support/app';
import { auditEntries } from '#tests/support/audit';
import { invoicing, SELLER_PROFILE } from '#tests/support/invoicing';
import { failure, issuesOf } from '#tests/support/trpc-errors';

let deps: TestDeps;
let admin: Caller;

beforeEach(async () => {
  ({ deps, admin } = await procedureCallers());
});

describe('the profile', () => {
  it('starts empty with 14 days and the usual prefixes: invoicing off, naming what is missing', async () => {
    expect(await admin.invoices.settings()).toEqual({
      settings: DEFAULT_INVOICE_SETTINGS,
      invoicingOn: false,
      missing: ['legalName', 'addressLines', 'city', 'country', 'email', 'vatId', 'defaultRate'],
    });
    expect(DEFAULT_INVOICE_SETTINGS).toMatchObject({
      paymentTermsDays: 14,
      invoicePrefix: 'INV',
      creditNotePrefix: 'CN',
    });
  });

  it('is saved unfinished, then whole: invoicing on, identifiers compact, audited', async () => {
    const part = await admin.invoices.saveSettings({
      ...DEFAULT_INVOICE_SETTINGS,
      legalName: SELLER_PROFILE.legalName,
    });
    expect(part.invoicingOn).toBe(false);
    expect(part.missing).not.toContain('legalName');
    const whole = await admin.invoices.saveSettings({
      ...SELLER_PROFILE,
      vatId: 'de 136 695 976',
      bic: 'cobadeffxxx',
      invoicePrefix: ' re ',
    });
    expect(whole).toMatchObject({ invoicingOn: true, missing: [] });
    expect(whole.settings).toMatchObject({
      vatId: 'DE136695976',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      invoicePrefix: 'RE',
    });
    expect(await admin.invoices.settings()).toEqual(whole);
    const audited = (await auditEntries(deps.db)).filter((e) => e.action === 'invoice_updated');
    expect(audited.map((e) => e.target)).toEqual(['seller profile', 'seller profile']);
  });

  it('outside VAT: the exemption text and company number are needed, and category O', async () => {
    const outside = {
      ...SELLER_PROFILE,
      vatRegistered: false,
      vatId: null,
      companyNumber: null,
      defaultCategory: 'O' as const,
      defaultRate: 0,
    };
    expect((await admin.invoices.saveSettings(outside)).missing).toEqual([
      'exemptionText',
      'companyNumber',
    ]);
    const issues = await issuesOf(
      admin.invoices.saveSettings({ ...outside, vatId: 'DE136695976', defaultCategory: 'S' }),
    );
    expect(issues).toEqual([
      { path: 'vatId', message: SETTINGS_MESSAGES.vatIdNotRegistered },
      { path: 'defaultCategory', message: SETTINGS_MESSAGES.notRegisteredCategory },
      { path: 'defaultRate', message: INVOICE_MESSAGES.standardRate },
    ]);
  });

  it('refuses each bad field by name, and keeps what was saved', async () => {
    await admin.invoices.saveSettings(SELLER_PROFILE);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ country: 'XX' }, 'country', INVOICE_MESSAGES.country],
      [{ vatId: 'DE136695977' }, 'vatId', INVOICE_MESSAGES.vatIdFormat],
      [{ iban: 'DE89 3704 0044 0532 0130 01' }, 'iban', INVOICE_MESSAGES.iban],
      [{ bic: 'NOTABIC' }, 'bic', INVOICE_MESSAGES.bic],
      [{ paymentTermsDays: 121 }, 'paymentTermsDays', SETTINGS_MESSAGES.paymentTermsDays],
      [{ paymentTermsDays: 1.5 }, 'paymentTermsDays', SETTINGS_MESSAGES.paymentTermsDays],
      [{ defaultRate: 19.999 }, 'defaultRate', INVOICE_MESSAGES.rate],
      [{ reminderOffsets: [1, 2, 3, 4, 5, 6] }, 'reminderOffsets', SETTINGS_MESSAGES.reminders],
      [{ reminderOffsets: [-31] }, 'reminderOffsets.0', SETTINGS_MESSAGES.reminders],
      [{ reminderOffsets: [91] }, 'reminderOffsets.0', SETTINGS_MESSAGES.reminders],
      [{ invoicePrefix: 'INV-' }, 'invoicePrefix', SETTINGS_MESSAGES.prefix],
      [{ creditNotePrefix: 'inv' }, 'creditNotePrefix', SETTINGS_MESSAGES.samePrefix],
    ];
    for (const [change, path, message] of cases) {
      const issues = await issuesOf(admin.invoices.saveSettings({ ...SELLER_PROFILE, ...change }));
      expect(issues, path).toEqual([{ path, message }]);
    }
    expect((await admin.invoices.settings()).settings.country).toBe('DE');
    // The bounds themselves are taken.
    const edges = { paymentTermsDays: 120, reminderOffsets: [-30, 0, 90], defaultRate: 7.75 };
    expect((await admin.invoices.saveSettings({ ...SELLER_PROFILE, ...edges })).settings).toEqual(
      expect.objectContaining(edges),
    );
  });
});

describe('the series prefixes', () => {
  it("are fixed once the year's first document of the series is issued, until the year ends", async () => {
    const { admin: owner, deps: own, draft } = await invoicing();
    const id = await draft();
    await owner.invoices.issue({ id });
    const refused = await failure(
      owner.invoices.saveSettings({ ...SELLER_PROFILE, invoicePrefix: 'RE' }),
    );
    expect([refused.code, refused.message]).toEqual(['CONFLICT', SETTINGS_MESSAGES.prefixFixed]);
    expect((await owner.invoices.settings()).settings.invoicePrefix).toBe('INV');
    // No credit note this year: its prefix may still change.
    const credit = await owner.invoices.saveSettings({ ...SELLER_PROFILE, creditNotePrefix: 'GS' });
    expect(credit.settings.creditNotePrefix).toBe('GS');
    // A new year in the site's zone (UTC here): the invoices' prefix is free again.
    own.clock.set(new Date('2027-01-01T00:00:00Z'));
    const next = await owner.invoices.saveSettings({ ...SELLER_PROFILE, invoicePrefix: 'RE' });
    expect(next.settings.invoicePrefix).toBe('RE');
  });
});
