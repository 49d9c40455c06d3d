/**
 * The credit dialog's input (docs/api.md, "Invoices": credit): some lines by their place with
 * the quantity typed, blanks left out; and the server's refusal of the Nth sent line shown at
 * the item it is.
 */
import { describe, expect, it } from 'vitest';
import { QUANTITY_TEXT_MESSAGE } from '../proposals/proposal-values';
import { CREDIT_MESSAGES, creditInput, creditIssues } from './credit-input';

const typed = { way: 'lines' as const, amount: '', reason: 'Two hours not worked' };

describe('crediting some lines', () => {
  it('sends the typed lines by their place, and knows which item each sent line is', () => {
    expect(creditInput(12, 'EUR', { ...typed, quantities: ['', '2', '0.5'] })).toEqual({
      ok: true,
      input: {
        id: 12,
        reason: 'Two hours not worked',
        lines: [
          { line: 1, quantity: 2 },
          { line: 2, quantity: 0.5 },
        ],
      },
      sentLines: [1, 2],
    });
  });

  it('refuses no line at all, a quantity it cannot read and a blank reason, by field', () => {
    expect(creditInput(12, 'EUR', { ...typed, quantities: ['', ''] })).toEqual({
      ok: false,
      errors: { lines: CREDIT_MESSAGES.noLine },
    });
    expect(creditInput(12, 'EUR', { ...typed, quantities: ['two'], reason: ' ' })).toEqual({
      ok: false,
      errors: { 'quantity.0': QUANTITY_TEXT_MESSAGE, reason: CREDIT_MESSAGES.reason },
    });
  });

  it("shows the server's lines.0.quantity at the first item sent", () => {
    expect(creditIssues({ 'lines.0.quantity': 'More than is left' }, [2])).toEqual({
      'lines.0.quantity': 'More than is left',
      'quantity.2': 'More than is left',
    });
  });
});
