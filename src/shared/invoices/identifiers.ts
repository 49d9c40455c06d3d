/**
 * VAT IDs and bank details as an invoice prints them (docs/invoices.md, "The rules"): a VAT ID
 * is checked against its party's country with jsvat (each country's format and check digits),
 * an IBAN and a BIC with ibantools. Each is kept in its compact form (DE136695976,
 * DE89370400440532013000), which the XML carries; the PDF groups the IBAN for reading.
 */
import { checkVAT, countries as vatCountries, type Country } from 'jsvat';
import { electronicFormatIBAN, friendlyFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

/** "de 136.695-976" → "DE136695976": the form a VAT ID is stored, compared and written in. */
export function compactVatId(vatId: string): string {
  return vatId.toUpperCase().replace(/[\s.\-/]/g, '');
}

/**
 * The prefixes a country's VAT IDs start with: Greece's is EL; a UK business trading goods with
 * the EU from Northern Ireland writes XI instead of GB; Switzerland's UID is CHE.
 */
const VAT_PREFIXES: Record<string, string[]> = {
  GR: ['EL'],
  GB: ['GB', 'XI'],
  XI: ['XI', 'GB'],
  CH: ['CHE'],
};

/** jsvat's rules for the country, when it has some (the EU, the UK, CH, NO, RS, RU, BR, AD). */
function vatRules(country: string): Country | undefined {
  const code = country === 'XI' ? 'GB' : country;
  return vatCountries.find((rules) => rules.codes[0] === code);
}

/**
 * Whether `vatId` (compact) is a VAT ID of `country` (ISO 3166-1 alpha-2): its prefix and,
 * where jsvat knows the country, its format and check digits; elsewhere the prefix and 2 to 13
 * letters or digits, the shape every VAT ID has.
 */
export function isVatIdOf(vatId: string, country: string): boolean {
  const prefix = (VAT_PREFIXES[country] ?? [country]).find((each) => vatId.startsWith(each));
  if (!prefix) return false;
  const rules = vatRules(country);
  // XI numbers are UK numbers under another prefix.
  const checked = prefix === 'XI' ? `GB${vatId.slice(2)}` : vatId;
  if (rules) return checkVAT(checked, [rules]).isValid;
  return /^[A-Z]{2}[0-9A-Z]{2,13}$/.test(vatId);
}

/** "DE89 3704 0044 0532 0130 00" → "DE89370400440532013000". */
export function compactIban(iban: string): string {
  return electronicFormatIBAN(iban) ?? '';
}

export function isIban(iban: string): boolean {
  return isValidIBAN(compactIban(iban));
}

/** Four characters a group, as people read and type it. */
export function readableIban(iban: string): string {
  return friendlyFormatIBAN(iban) ?? iban;
}

export function compactBic(bic: string): string {
  return bic.toUpperCase().replace(/\s/g, '');
}

export function isBic(bic: string): boolean {
  return isValidBIC(compactBic(bic));
}
