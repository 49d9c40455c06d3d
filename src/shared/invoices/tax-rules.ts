/**
 * The tax rules an invoice must meet before it is issued (docs/invoices.md, "The rules"), each
 * a broken rule named by the field to fix (`items.3.rate`, `buyer.vatId`), so a form can show
 * it beside the field: the zod schemas (schemas.ts) run them, and so can the server when it
 * issues. They are the product's reading of EN 16931's category rules (BR-S, BR-Z, BR-E,
 * BR-AE, BR-O): an invoice that passes them gives XML that passes the standard's check.
 *
 * The category suggestion beside them only advises: it never changes the owner's choice.
 */
import { EU_COUNTRIES, type TaxCategory } from './codes';
import { INVOICE_MESSAGES } from './messages';
import { invoiceTotals, type InvoiceItem } from './totals';

export interface RuleIssue {
  path: (string | number)[];
  message: string;
}

/** What the rules read of an invoice. */
export interface TaxedInvoice {
  items: readonly InvoiceItem[];
  exemptionText: string | null;
  seller: { country: string; vatId: string | null; companyNumber: string | null };
  buyer: { country: string; vatId: string | null };
  /** Deducted deposits, minor units. */
  prepaid: number;
}

/** Each line's rate for its category: S above 0, every other category 0. */
function rateIssues(items: readonly InvoiceItem[]): RuleIssue[] {
  const issues: RuleIssue[] = [];
  items.forEach((item, i) => {
    if (item.category === 'S' && !(item.rate > 0)) {
      issues.push({ path: ['items', i, 'rate'], message: INVOICE_MESSAGES.standardRate });
    }
    if (item.category !== 'S' && item.rate !== 0) {
      issues.push({ path: ['items', i, 'rate'], message: INVOICE_MESSAGES.zeroRate });
    }
  });
  return issues;
}

/** What the categories used ask of the parties and the exemption text. */
function categoryIssues(invoice: TaxedInvoice): RuleIssue[] {
  const used = new Set(invoice.items.map((item) => item.category));
  const issues: RuleIssue[] = [];
  if ((used.has('E') || used.has('O')) && !invoice.exemptionText?.trim()) {
    issues.push({ path: ['exemptionText'], message: INVOICE_MESSAGES.exemptionTextNeeded });
  }
  // An invoice outside VAT names no VAT ID at all (BR-O-02), so it holds nothing else (BR-O-11).
  if (used.has('O') && used.size > 1) {
    invoice.items.forEach((item, i) => {
      if (item.category !== 'O') {
        issues.push({ path: ['items', i, 'category'], message: INVOICE_MESSAGES.notSubjectMixed });
      }
    });
  }
  // With no VAT ID written, the seller is known by its registration number (BR-CO-26).
  if (used.has('O') && !invoice.seller.companyNumber) {
    issues.push({
      path: ['seller', 'companyNumber'],
      message: INVOICE_MESSAGES.companyNumberNeeded,
    });
  }
  const taxed = [...used].some((category) => category !== 'O');
  if (taxed && !invoice.seller.vatId) {
    issues.push({ path: ['seller', 'vatId'], message: INVOICE_MESSAGES.sellerVatIdNeeded });
  }
  if (used.has('AE')) {
    if (!invoice.buyer.vatId) {
      issues.push({ path: ['buyer', 'vatId'], message: INVOICE_MESSAGES.reverseChargeBuyerVatId });
    } else if (invoice.buyer.country === invoice.seller.country) {
      issues.push({ path: ['buyer', 'vatId'], message: INVOICE_MESSAGES.reverseChargeSameCountry });
    }
  }
  return issues;
}

/** Every rule `invoice` breaks; none when it may be issued as it is. */
export function invoiceRuleIssues(invoice: TaxedInvoice): RuleIssue[] {
  const issues = [...rateIssues(invoice.items), ...categoryIssues(invoice)];
  const totals = invoiceTotals(invoice.items, invoice.prepaid);
  if (totals.net < 0) issues.push({ path: ['items'], message: INVOICE_MESSAGES.negativeTotal });
  else if (totals.due < 0) issues.push({ path: ['prepaid'], message: INVOICE_MESSAGES.prepaid });
  return issues;
}

/** What the suggestion reads: where both parties are and whether the buyer gave a VAT ID. */
export interface CategoryContext {
  seller: { country: string; vatId: string | null };
  buyer: { country: string; vatId: string | null };
}

export interface CategoryAdvice {
  suggestion: TaxCategory;
  /** Why, in a sentence the editor shows. */
  reason: string;
  /** Set when the owner's choice is not the suggestion; the choice stands. */
  warning: string | null;
}

/** The VAT area a country belongs to: the EU's members share one, any other is its own. */
const vatArea = (country: string) => (EU_COUNTRIES.has(country) ? 'EU' : country);

/**
 * The category the usual rules for services between businesses point to (docs/invoices.md,
 * "The category suggestion"); a suggestion, not tax advice.
 */
export function suggestCategory(context: CategoryContext): {
  category: TaxCategory;
  reason: string;
} {
  const { seller, buyer } = context;
  if (!seller.vatId) {
    return { category: 'O', reason: 'The seller has no VAT ID: no VAT is charged.' };
  }
  if (seller.country === buyer.country) {
    return { category: 'S', reason: 'Seller and buyer are in the same country.' };
  }
  if (buyer.vatId) {
    return {
      category: 'AE',
      reason: 'A business buyer in another country with a VAT ID accounts for the VAT itself.',
    };
  }
  if (vatArea(seller.country) === vatArea(buyer.country)) {
    return {
      category: 'S',
      reason: 'A buyer without a VAT ID in the same VAT area pays the seller’s VAT.',
    };
  }
  return {
    category: 'O',
    reason: "A buyer outside the seller's VAT area: the supply is outside its scope.",
  };
}

/** The suggestion beside the owner's choice, with a warning when they differ. */
export function categoryAdvice(chosen: TaxCategory, context: CategoryContext): CategoryAdvice {
  const { category, reason } = suggestCategory(context);
  return {
    suggestion: category,
    reason,
    warning:
      chosen === category
        ? null
        : `You chose ${chosen}; the usual rule suggests ${category}. ${reason} Your choice is kept.`,
  };
}
