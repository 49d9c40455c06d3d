/**
 * The codes an invoice is written with (docs/invoices.md, "The rules"): tax categories, units,
 * and the country and currency codes the EN 16931 business rules accept (their code lists
 * BR-CL-14 and BR-CL-04, release 1.3.16, as in tests/support/einvoice/), so that what the
 * forms take is what the standard's own check passes.
 */
import { minorDigits } from '../money';

/**
 * VAT categories (UNTDID 5305, the subset this product writes): S standard rate, Z zero rated,
 * E exempt, AE reverse charge, O not subject to VAT.
 */
export const taxCategoryValues = ['S', 'Z', 'E', 'AE', 'O'] as const;
export type TaxCategory = (typeof taxCategoryValues)[number];

export const TAX_CATEGORY_LABELS: Record<TaxCategory, string> = {
  S: 'Standard rate',
  Z: 'Zero rated',
  E: 'Exempt from VAT',
  AE: 'Reverse charge',
  O: 'Not subject to VAT',
};

/** Units (UN/ECE Recommendation 20): hours, days, pieces ("one" of a thing). */
export const unitCodeValues = ['HUR', 'DAY', 'C62'] as const;
export type UnitCode = (typeof unitCodeValues)[number];

export const UNIT_LABELS: Record<UnitCode, { one: string; many: string }> = {
  HUR: { one: 'hour', many: 'hours' },
  DAY: { one: 'day', many: 'days' },
  C62: { one: 'unit', many: 'units' },
};

/** ISO 3166-1 alpha-2 codes as EN 16931 lists them (BR-CL-14), XI (Northern Ireland) included. */
export const COUNTRY_CODES: ReadonlySet<string> = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BL BJ BM BN BO BQ ' +
    'BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM ' +
    'DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS ' +
    'GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN ' +
    'KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ ' +
    'MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM ' +
    'PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR ST SV SX ' +
    'SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN ' +
    'VU WF WS XI YE YT ZA ZM ZW'
  ).split(' '),
);

/**
 * ISO 4217 codes as EN 16931 lists them (BR-CL-04), less the precious metals, the SDR and the
 * testing codes (XAU, XDR, XTS, XXX, …), which no one invoices in.
 */
const EN16931_CURRENCIES: ReadonlySet<string> = new Set(
  (
    'AED AFN ALL AMD AOA ARS AUD AWG AZN BAM BBD BDT BHD BIF BMD BND BOB BOV BRL BSD BTN BWP ' +
    'BYN BZD CAD CDF CHE CHF CHW CLF CLP CNH CNY COP COU CRC CUP CVE CZK DJF DKK DOP DZD EGP ' +
    'ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ' +
    'ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA ' +
    'MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK ' +
    'PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STD SVC ' +
    'SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD USN UYI UYU UYW UZS VES VED VND ' +
    'VUV WST XAF XCD XCG XOF XPF YER ZAR ZMW ZWG'
  ).split(' '),
);

/**
 * A currency an invoice can be written in: on the standard's list, and with at most two
 * decimals, since EN 16931 writes every amount with at most two (BR-DEC-*): the dinars' three
 * and the UF's four are refused rather than rounded.
 */
export function isInvoiceCurrency(code: string): boolean {
  return EN16931_CURRENCIES.has(code) && minorDigits(code) <= 2;
}

/** The EU's member states by their ISO codes (Greece GR; its VAT IDs start with EL). */
export const EU_COUNTRIES: ReadonlySet<string> = new Set(
  'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '),
);

const regionNames = new Intl.DisplayNames('en', { type: 'region' });

/** "Germany" for DE; the code itself where the runtime has no name (XI). */
export function countryName(code: string): string {
  if (code === 'XI') return 'Northern Ireland';
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}
