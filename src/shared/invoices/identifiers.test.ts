import { expect, it } from 'vitest';
import { compactIban, compactVatId, isBic, isIban, isVatIdOf, readableIban } from './identifiers';

it("checks a VAT ID against its party's country: prefix, format and check digits", () => {
  expect(isVatIdOf('DE136695976', 'DE')).toBe(true);
  expect(isVatIdOf('DE136695977', 'DE')).toBe(false); // one digit off: the check digit fails
  expect(isVatIdOf('DE13669597', 'DE')).toBe(false); // too short
  expect(isVatIdOf('DE136695976', 'AT')).toBe(false); // another country's
  expect(isVatIdOf('ATU13585627', 'AT')).toBe(true);
  expect(isVatIdOf('PL5260250274', 'PL')).toBe(true);
  // Greece writes EL; the UK GB, or XI from Northern Ireland; Switzerland its UID.
  expect(isVatIdOf('EL094259216', 'GR')).toBe(true);
  expect(isVatIdOf('GR094259216', 'GR')).toBe(false);
  expect(isVatIdOf('GB980780684', 'GB')).toBe(true);
  expect(isVatIdOf('XI980780684', 'GB')).toBe(true);
  expect(isVatIdOf('XI980780685', 'XI')).toBe(false);
  expect(isVatIdOf(compactVatId('CHE-116.281.710 MWST'), 'CH')).toBe(true);
  // A country jsvat has no rules for: its prefix and the shape of a VAT ID.
  expect(isVatIdOf('AU51824753556', 'AU')).toBe(true);
  expect(isVatIdOf('AU5', 'AU')).toBe(false);
});

it('keeps a VAT ID compact and upper case, as typed otherwise', () => {
  expect(compactVatId(' de 136.695-976 ')).toBe('DE136695976');
});

it('checks an IBAN and a BIC with ibantools, keeping the IBAN compact and printing it grouped', () => {
  expect(isIban('DE89 3704 0044 0532 0130 00')).toBe(true);
  expect(isIban('DE89 3704 0044 0532 0130 01')).toBe(false);
  expect(compactIban('de89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000');
  expect(readableIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  expect(isBic('COBADEFFXXX')).toBe(true);
  expect(isBic('cobadeff')).toBe(true);
  expect(isBic('COBADE')).toBe(false);
});
