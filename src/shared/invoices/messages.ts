/**
 * Invoices' limits and the messages a person sees when a rule is broken (docs/invoices.md,
 * "The rules"), written once for the forms and the server.
 */

export const INVOICE_LIMITS = {
  itemsMax: 100,
  descriptionMax: 500,
  /** Quantities have at most three decimals. */
  quantityMax: 100_000,
  /** Minor units, either sign: ten million in a two-decimal currency. */
  unitAmountMax: 1_000_000_000,
  /**
   * A line's net in minor units, either sign: a hundred billion cents. It keeps every sum of
   * 100 lines and its tax far inside the integers a number holds exactly.
   */
  lineNetMax: 10_000_000_000_000,
  rateMax: 100,
  exemptionTextMax: 300,
  nameMax: 200,
  addressLineMax: 100,
  addressLinesMax: 3,
  postcodeMax: 20,
  cityMax: 100,
  vatIdMax: 20,
  referenceMax: 100,
  companyNumberMax: 50,
  paymentTermsMax: 500,
} as const;

const count = (n: number) => n.toLocaleString('en-US');

export const INVOICE_MESSAGES = {
  currency:
    'Currency must be a three-letter ISO 4217 code that EN 16931 accepts, with at most two decimals (EUR, GBP, USD, JPY, …)',
  country: 'Country must be a two-letter ISO 3166-1 code, such as DE or GB',
  day: 'Must be a day (YYYY-MM-DD)',
  dueBeforeIssue: 'The due date cannot be before the issue date',
  supplyMissing: 'Give the date of supply or the period of supply',
  supplyBoth: 'Give the date of supply or the period of supply, not both',
  periodReversed: 'The period cannot end before it starts',
  itemsMin: 'An invoice has at least one item',
  itemsMax: `An invoice has at most ${INVOICE_LIMITS.itemsMax} items`,
  descriptionRequired: 'Each item needs a description',
  descriptionMax: `An item's description must be at most ${INVOICE_LIMITS.descriptionMax} characters`,
  descriptionOneLine: "An item's description must be one line",
  quantity: `Quantity must be a number above 0 and at most ${count(INVOICE_LIMITS.quantityMax)}, with at most three decimals`,
  unitCode: 'Unit must be HUR (hours), DAY (days) or C62 (units)',
  unitAmount: `Price must be a whole number of cents from -${count(INVOICE_LIMITS.unitAmountMax)} to ${count(INVOICE_LIMITS.unitAmountMax)}`,
  lineTooLarge: "This line's amount is too large",
  category: 'Tax category must be S, Z, E, AE or O',
  rate: `Rate must be a percentage from 0 to ${INVOICE_LIMITS.rateMax}, with at most two decimals`,
  standardRate: 'The standard rate (S) needs a rate above 0',
  zeroRate: 'Categories Z, E, AE and O have a rate of 0',
  exemptionTextMax: `Exemption text must be at most ${INVOICE_LIMITS.exemptionTextMax} characters`,
  exemptionTextNeeded:
    'Exempt (E) and not subject to VAT (O) items need an exemption text: the reason no VAT is charged',
  companyNumberNeeded:
    "An invoice not subject to VAT (O) carries no VAT ID: it needs the seller's company or tax registration number",
  notSubjectMixed: 'Not subject to VAT (O) cannot share an invoice with other tax categories',
  sellerVatIdNeeded:
    "Charging VAT, zero rate, exemption or reverse charge need the seller's VAT ID",
  reverseChargeBuyerVatId: "Reverse charge (AE) needs the buyer's VAT ID",
  reverseChargeSameCountry: 'Reverse charge (AE) needs a buyer in another country than the seller',
  negativeTotal: 'The total cannot be negative: discounts cannot exceed the charges',
  prepaid: 'Prepaid must be a whole number of cents from 0 to the total',
  nameRequired: 'Name is required',
  nameMax: `Name must be at most ${INVOICE_LIMITS.nameMax} characters`,
  nameOneLine: 'Name must be one line',
  addressRequired: 'At least one address line is required',
  addressLinesMax: `At most ${INVOICE_LIMITS.addressLinesMax} address lines`,
  addressLine: `Each address line must be one line of at most ${INVOICE_LIMITS.addressLineMax} characters`,
  postcode: `Postcode must be one line of at most ${INVOICE_LIMITS.postcodeMax} characters`,
  cityRequired: 'City is required',
  city: `City must be one line of at most ${INVOICE_LIMITS.cityMax} characters`,
  vatIdFormat: "This VAT ID does not have its country's format",
  reference: `Reference must be one line of at most ${INVOICE_LIMITS.referenceMax} characters`,
  companyNumber: `Company number must be one line of at most ${INVOICE_LIMITS.companyNumberMax} characters`,
  iban: 'This is not a valid IBAN',
  bic: 'This is not a valid BIC',
  paymentTerms: `Payment terms must be at most ${INVOICE_LIMITS.paymentTermsMax} characters`,
} as const;
